import { eq, sql } from 'drizzle-orm';
import type { Root } from '../root';
import type { AuditActor } from '../platform/audit';
import { users, type UserRow } from '../modules/users/users.tables';

/** The demo's taxed fan (modules/taxes README "Sales tax"): a Californian, so her prices show "+ tax". */
export const DEMO_TAXED_FAN = { username: 'carla', email: 'carla@example.com', firstName: 'Carla', lastName: 'Cruz' } as const;

/**
 * Sales tax on a demo site: the operator's rules — Germany's 19% VAT included in prices and
 * California's 7.25% sales tax added on top (every kind of sale) — and Carla, a fan whose stated
 * tax residence is California: her $50 top-up, a $10 tip to Luna (+ $0.73) and a monthly
 * subscription to Iris (+ tax) carry the tax to the site's taxes account, so the console's tax
 * report has figures. Through the services, like the API. Sandbox only; once (skipped when any
 * rule exists).
 */
export async function seedSalesTax(ctx: Root, p: { admin: UserRow; luna: UserRow; iris: UserRow; password: string }) {
  if ((await ctx.payments.gatewayName()) !== 'sandbox') return;
  if ((await ctx.salesTax.list({ offset: 0, limit: 1, sort: 'asc', sortBy: 'country' })).total > 0) return;
  const actor: AuditActor = { actorId: p.admin.id, ip: null, userAgent: 'demo seed' };
  const every = ['subscription', 'tip', 'feed', 'product', 'video', 'message', 'gallery', 'stream'] as const;
  await ctx.salesTax.create(actor, { country: 'DE', region: null, label: 'VAT', rateBps: 1900, inclusive: true, kinds: [...every] });
  await ctx.salesTax.create(actor, { country: 'US', region: 'CA', label: 'Sales tax', rateBps: 725, inclusive: false, kinds: [...every] });

  const a = DEMO_TAXED_FAN;
  const [existing] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${a.email}`).limit(1);
  if (existing) return;
  const u = await ctx.auth.createAccount({ ...a, password: p.password, country: 'US', gender: 'female', ageConfirmed: true, acceptTerms: true }, { isPerformer: false, verifyEmail: false });
  const [carla] = await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, u.id)).returning();
  await ctx.salesTax.putResidence(carla!.id, { country: 'US', region: 'CA' });
  await ctx.payments.addCard(carla!, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 4, cvc: '123', holderName: 'Carla Cruz' });
  await ctx.payments.topUp(carla!, { amount: 50 }, 'demo-seed-taxed');
  const tip = { price: 10, message: 'Loved the set — greetings from LA!' };
  await ctx.wallet.charge(carla!, 'tip', p.luna.id, tip, 'demo-seed-taxed-tip', JSON.stringify(tip), { requestCountry: null });
  await ctx.subscriptions.subscribe(carla!, { performerId: p.iris.id, type: 'monthly' });
}
