import { eq } from 'drizzle-orm';
import type { Root } from '../root';
import type { UserRow } from '../modules/users/users.tables';
import { referrals } from '../modules/referrals/referrals.tables';

/**
 * Creator referrals (modules/referrals): Marco signed up through Luna's referral link, and the demo
 * fan tips him twice from the wallet (sandbox gateway only), so Luna's Referrals and Earnings pages
 * show the share and the console's Referrals list has a line. Once: skipped when Marco is referred.
 */
export async function seedReferrals(ctx: Root, o: { fan: UserRow; luna: UserRow; marco: UserRow; sandbox: boolean }) {
  const [has] = await ctx.db.select({ id: referrals.id }).from(referrals).where(eq(referrals.referredId, o.marco.id));
  if (has) return;
  const code = await ctx.referrals.codeFor(o.luna.id);
  await ctx.db.transaction((tx) => ctx.referrals.attach(tx, o.marco.id, code));
  if (!o.sandbox) return;
  // Exactly what the tips take: the fan's wallet balance is what the other demo steps left.
  await ctx.payments.topUp(o.fan, { amount: 35 }, 'demo-seed-referral-topup');
  for (const [i, tip] of [{ price: 15, message: 'Your beat tape is on repeat!' }, { price: 20, message: 'For the new studio monitors' }].entries()) {
    await ctx.wallet.charge(o.fan, 'tip', o.marco.id, tip, `demo-seed-referral-tip-${i}`, JSON.stringify(tip), { requestCountry: null });
  }
}
