import { eq, sql } from 'drizzle-orm';
import type { Root } from '../root';
import { users, type UserRow } from '../modules/users/users.tables';
import { tipMenuItems } from '../modules/tipmenu/tipmenu.tables';

/** The fan who ordered from Luna's tip menu (her own wallet, so the demo fan's figures stay as they are). */
export const DEMO_TIP_MENU_FAN = { username: 'tessa', email: 'tessa@example.com', firstName: 'Tessa', lastName: 'Reed' } as const;

/**
 * The tip menu (issue 31 §2, modules/tipmenu): Luna's five items, four with a keyword (one
 * inactive); with the sandbox gateway Tessa tops up $50 and orders three of them — two done, one
 * pending — so Luna's Tip menu page has a queue and figures. Once: skipped when Luna has any item.
 */
export async function seedTipMenu(ctx: Root, o: { luna: UserRow; password: string; sandbox: boolean }) {
  const [has] = await ctx.db.select({ id: tipMenuItems.id }).from(tipMenuItems).where(eq(tipMenuItems.performerId, o.luna.id)).limit(1);
  if (has) return;
  const items = [
    { name: 'Shout-out', price: 10, keyword: '!shout', description: 'I say your name live' },
    { name: 'Song request', price: 15, keyword: '!song', description: 'Any song from my list' },
    { name: 'Dedication', price: 20, keyword: '!dedicate', description: 'A song for someone you love' },
    { name: 'Signed photo', price: 35, keyword: null, description: 'Sent by post after the show' },
    { name: 'Outfit vote', price: 12, keyword: '!vote', description: 'Back next season', active: false },
  ];
  const made = [];
  for (const i of items) made.push(await ctx.tipMenu.create(o.luna, i));
  if (!o.sandbox) return;
  const a = DEMO_TIP_MENU_FAN;
  const [existing] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${a.email}`).limit(1);
  if (existing) return;
  const u = await ctx.auth.createAccount({ username: a.username, email: a.email, firstName: a.firstName, lastName: a.lastName, password: o.password, country: 'US', gender: 'female', ageConfirmed: true, acceptTerms: true }, { isPerformer: false, verifyEmail: false });
  const [fan] = await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, u.id)).returning();
  await ctx.payments.addCard(fan!, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 4, cvc: '123', holderName: `${a.firstName} ${a.lastName}` });
  await ctx.payments.topUp(fan!, { amount: 50 }, 'demo-seed-tip-menu');
  const orders = [
    { item: made[0]!, note: 'Hi from Lisbon!', done: true },
    { item: made[1]!, note: 'Dreams, please', done: true },
    { item: made[0]!, note: 'For my sister Ana', done: false },
  ];
  for (const [n, x] of orders.entries()) {
    const res = await ctx.tipMenu.order(fan!, x.item._id, { note: x.note }, `demo-seed-tip-menu-${n}`, `demo-seed-tip-menu-${n}`, null);
    if (x.done) await ctx.tipMenu.markDone(o.luna, res.body.order._id);
  }
}
