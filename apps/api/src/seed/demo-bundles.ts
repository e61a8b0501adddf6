import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Root } from '../root';
import { users, type UserRow } from '../modules/users/users.tables';
import { subscriptionTiers } from '../modules/subscriptions/tiers.tables';

/** The demo fan who holds a bundle: Luna's Fan club for 12 months. */
export const DEMO_BUNDLE_FAN = { username: 'nora', email: 'nora@example.com', firstName: 'Nora', lastName: 'Quist', tier: 'Fan club', months: 12 as const };

/** Luna's bundles per tier (months → percent off). */
const LUNA_BUNDLES: Record<string, Array<{ months: 3 | 6 | 12; discountPercent: number }>> = {
  'Fan club': [{ months: 3, discountPercent: 10 }, { months: 6, discountPercent: 15 }, { months: 12, discountPercent: 25 }],
  Backstage: [{ months: 3, discountPercent: 10 }, { months: 12, discountPercent: 20 }],
};

/**
 * Subscription bundles (issue 30 §2, subscriptions README "Bundles"): Luna offers 3/6/12 months on
 * her Fan club and 3/12 on Backstage; Nora holds a 12-month Fan club bundle (sandbox only: paid
 * with the test card, one sale). Once: bundles are set per tier and length (an upsert), Nora is
 * looked up first. After seedTiers (the tiers by name).
 */
export async function seedBundles(ctx: Root, p: { luna: UserRow | null; password: string; sandbox: boolean }) {
  if (!p.luna) return;
  const luna = p.luna;
  const tierNamed = async (name: string) =>
    (await ctx.db.select().from(subscriptionTiers).where(and(eq(subscriptionTiers.performerId, luna.id), eq(subscriptionTiers.name, name), isNull(subscriptionTiers.archivedAt))))[0];
  for (const [name, bundles] of Object.entries(LUNA_BUNDLES)) {
    const tier = await tierNamed(name);
    if (tier) await ctx.bundles.set(luna, tier.id, { bundles: bundles.map((b) => ({ ...b, enabled: true })) });
  }
  if (!p.sandbox) return;
  const a = DEMO_BUNDLE_FAN;
  const [existing] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${a.email}`).limit(1);
  if (existing) return;
  const u = await ctx.auth.createAccount({ username: a.username, email: a.email, firstName: a.firstName, lastName: a.lastName, password: p.password, country: 'US', gender: 'female', ageConfirmed: true, acceptTerms: true }, { isPerformer: false, verifyEmail: false });
  const [fan] = await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, u.id)).returning();
  await ctx.payments.addCard(fan!, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 4, cvc: '123', holderName: `${a.firstName} ${a.lastName}` });
  const tier = await tierNamed(a.tier);
  await ctx.subscriptions.subscribe(fan!, { performerId: luna.id, type: 'monthly', tierId: tier?.id, bundleMonths: a.months });
}
