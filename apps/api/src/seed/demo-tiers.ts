import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Root } from '../root';
import { users, type UserRow } from '../modules/users/users.tables';
import { feeds } from '../modules/feeds/feeds.tables';
import { subscriptionTiers } from '../modules/subscriptions/tiers.tables';

/** Two fans on Luna's higher tiers, so her subscriber list shows a badge of each. */
export const DEMO_TIER_FANS = {
  theo: { username: 'theo', email: 'theo@example.com', firstName: 'Theo', lastName: 'Baxter', tier: 'Backstage' },
  vera: { username: 'vera', email: 'vera@example.com', firstName: 'Vera', lastName: 'Lind', tier: 'Inner circle' },
} as const;

/** Each creator's tiers above their default one (renamed), and Luna's tier-locked posts. */
const TIERS: Record<string, { base: { name: string; description: string; colour: string }; more: Array<{ name: string; price: number; description: string; colour: string }> }> = {
  luna: {
    base: { name: 'Fan club', description: 'Every post for subscribers, the monthly live Q&A.', colour: '#13a8a8' },
    more: [
      { name: 'Backstage', price: 19.95, description: 'Rehearsals, stems and the studio diary before anyone else.', colour: '#1677ff' },
      { name: 'Inner circle', price: 39.95, description: 'Everything, plus a personal voice note every month.', colour: '#722ed1' },
    ],
  },
  iris: {
    base: { name: 'Prints', description: 'Every set in full resolution.', colour: '#13a8a8' },
    more: [
      { name: 'Darkroom', price: 9.99, description: 'Contact sheets and the stories behind them.', colour: '#fa8c16' },
      { name: 'Patron', price: 24.99, description: 'A signed print every quarter.', colour: '#eb2f96' },
    ],
  },
  marco: {
    base: { name: 'Kitchen', description: 'Every recipe video.', colour: '#13a8a8' },
    more: [
      { name: 'Sous-chef', price: 14.99, description: 'Weekly live cook-along.', colour: '#52c41a' },
      { name: 'Chef\'s table', price: 29.99, description: 'Your questions answered on camera.', colour: '#d4b106' },
    ],
  },
};

const LOCKED_POSTS = [
  { text: 'Backstage: the first take of the new single, mistakes and all.', tier: 'Backstage' },
  { text: 'Inner circle: a voice note for you, and the lyrics I never released.', tier: 'Inner circle' },
] as const;

/**
 * Subscription tiers (issue 30 §1, subscriptions README "Tiers"): Luna, Iris and Marco each offer
 * three (their default tier renamed, two above it); Theo subscribes to Luna's Backstage and Vera to
 * her Inner circle (the demo fan stays on the Fan club, so Luna's tier-locked posts show locked to
 * him and he can upgrade); Luna has a post for each higher tier. Once: a creator who already has
 * more than one tier is left alone; fans and posts are looked up first.
 */
export async function seedTiers(ctx: Root, p: { creators: Array<{ key: string; user: UserRow }>; luna: UserRow | null; password: string; sandbox: boolean }) {
  for (const { key, user } of p.creators) {
    const plan = TIERS[key];
    if (!plan) continue;
    const live = await ctx.tiers.live(user.id);
    if (live.length > 1) continue;
    const base = live.find((t) => t.isDefault)!;
    await ctx.tiers.update(user, base.id, { name: plan.base.name, description: plan.base.description, colour: plan.base.colour });
    for (const t of plan.more) await ctx.tiers.create(user, t);
  }
  if (!p.luna) return;
  const luna = p.luna;
  const tierNamed = async (name: string) =>
    (await ctx.db.select().from(subscriptionTiers).where(and(eq(subscriptionTiers.performerId, luna.id), eq(subscriptionTiers.name, name), isNull(subscriptionTiers.archivedAt))))[0];
  for (const post of LOCKED_POSTS) {
    const tier = await tierNamed(post.tier);
    const [has] = await ctx.db.select({ id: feeds.id }).from(feeds).where(and(eq(feeds.performerId, luna.id), eq(feeds.text, post.text))).limit(1);
    if (tier && !has) await ctx.feeds.create(luna, { text: post.text, visibility: 'subscribers', fileIds: [], minTierId: tier.id });
  }
  if (!p.sandbox) return;
  for (const a of Object.values(DEMO_TIER_FANS)) {
    const [existing] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${a.email}`).limit(1);
    if (existing) continue;
    const u = await ctx.auth.createAccount({ username: a.username, email: a.email, firstName: a.firstName, lastName: a.lastName, password: p.password, country: 'US', gender: 'female', ageConfirmed: true, acceptTerms: true }, { isPerformer: false, verifyEmail: false });
    const [fan] = await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, u.id)).returning();
    await ctx.payments.addCard(fan!, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 4, cvc: '123', holderName: `${a.firstName} ${a.lastName}` });
    const tier = await tierNamed(a.tier);
    await ctx.subscriptions.subscribe(fan!, { performerId: luna.id, type: 'monthly', tierId: tier?.id });
  }
}
