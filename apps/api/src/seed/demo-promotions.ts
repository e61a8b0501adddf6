import { eq, sql } from 'drizzle-orm';
import type { Root } from '../root';
import { users, type UserRow } from '../modules/users/users.tables';
import { promotions } from '../modules/promotions/promotions.tables';

/** The fan who claimed Luna's promotion, so her Promotions page has figures. */
export const DEMO_PROMOTION_FAN = { username: 'olive', email: 'olive@example.com', firstName: 'Olive', lastName: 'Quinn' } as const;

/**
 * Promotions (issue 30 §3, modules/promotions): Luna runs "50 % off for 3 months" for new
 * subscribers (20 claims, 30 days) — shown on her profile as "50 % off for 3 months — 19 left" —
 * and has a 7-day free-trial link for 10 fans; Olive (sandbox gateway only) subscribed at the
 * promoted price, so the Promotions page shows a claim, a paying subscription and its revenue.
 * Once: skipped when Luna has any promotion.
 */
export async function seedPromotions(ctx: Root, o: { luna: UserRow; password: string; sandbox: boolean }) {
  const [has] = await ctx.db.select({ id: promotions.id }).from(promotions).where(eq(promotions.performerId, o.luna.id)).limit(1);
  if (has) return;
  const endsAt = new Date(ctx.clock.now().getTime() + 30 * 86_400_000).toISOString();
  const promo = await ctx.promotions.create(o.luna, { kind: 'discount', percentage: 50, months: 3, audience: 'new', maxClaims: 20, endsAt, tierId: null });
  await ctx.promotions.create(o.luna, { kind: 'trial_link', days: 7, maxClaims: 10, endsAt, tierId: null });
  if (!o.sandbox) return;
  const a = DEMO_PROMOTION_FAN;
  const [existing] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${a.email}`).limit(1);
  if (existing) return;
  const u = await ctx.auth.createAccount({ username: a.username, email: a.email, firstName: a.firstName, lastName: a.lastName, password: o.password, country: 'US', gender: 'female', ageConfirmed: true, acceptTerms: true }, { isPerformer: false, verifyEmail: false });
  const [fan] = await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, u.id)).returning();
  await ctx.payments.addCard(fan!, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 4, cvc: '123', holderName: `${a.firstName} ${a.lastName}` });
  await ctx.subscriptions.subscribe(fan!, { performerId: o.luna.id, type: 'monthly', promotionId: promo._id });
}
