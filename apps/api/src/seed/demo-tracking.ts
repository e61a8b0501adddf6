import { and, eq, sql } from 'drizzle-orm';
import type { Root } from '../root';
import { users, type UserRow } from '../modules/users/users.tables';
import { countClicks } from '../modules/tracking/tracking.service';
import { trackingLinks } from '../modules/tracking/tracking.tables';

/** Luna's campaign links and how busy each one was (clicks a day, roughly). */
const LINKS = [
  { name: 'Twitter bio', base: 14, pool: 420 },
  { name: 'Reddit r/acousticmusic', base: 8, pool: 260 },
  { name: 'Instagram story', base: 4, pool: 120 },
] as const;
const PAST_DAYS = 45;

/** Fans who signed up through Luna's Twitter link (a real sign-up with the touch their browser kept). */
export const DEMO_TRACKED_FANS = [
  { username: 'tessalink', email: 'tessa@example.com', firstName: 'Tessa', lastName: 'Link', subscribe: true },
  { username: 'owenlink', email: 'owen@example.com', firstName: 'Owen', lastName: 'Link', subscribe: false },
] as const;

/**
 * Tracking links (modules/tracking): Luna's three links with 45 days of clicks behind them, counted
 * through THE click count (`countClicks`: raw rows, unique visitors, rollups — visitors come back
 * on later days, so unique visitors < clicks), and two fans who signed up through her Twitter link
 * (the sign-up's attribution), both following her and one subscribed (sandbox card) — their
 * follows and subscription are counted by the tracking event handlers like anyone's. Once: links
 * only when she has none, fans only when missing.
 */
export async function seedTracking(ctx: Root, o: { luna: UserRow; password: string; sandbox: boolean }) {
  const now = ctx.clock.now();
  const [has] = await ctx.db.select({ id: trackingLinks.id }).from(trackingLinks).where(eq(trackingLinks.performerId, o.luna.id)).limit(1);
  if (!has) {
    for (const [i, l] of LINKS.entries()) {
      const link = await ctx.tracking.create(o.luna, { name: l.name });
      const made = new Date(now.getTime() - (PAST_DAYS + 1 - i) * 86_400_000);
      await ctx.db.update(trackingLinks).set({ createdAt: made, updatedAt: made }).where(eq(trackingLinks.id, link._id));
      for (let d = PAST_DAYS; d >= 1; d--) {
        const at = new Date(now.getTime() - d * 86_400_000);
        const weekend = [0, 6].includes(at.getUTCDay()) ? Math.ceil(l.base / 2) : 0;
        const n = Math.max(1, l.base + weekend + ((d * 7 + i * 13) % 9) - 4);
        const start = (d * 37 + i * 11) % l.pool;
        const visitors = Array.from({ length: n }, (_, k) => `demo-visitor-${i}-${String((start + k * 3) % l.pool).padStart(4, '0')}`);
        await ctx.db.transaction((tx) => countClicks(tx, link._id, at, visitors));
      }
    }
  }
  const [twitter] = await ctx.db.select().from(trackingLinks).where(and(eq(trackingLinks.performerId, o.luna.id), eq(trackingLinks.name, LINKS[0].name))).limit(1);
  if (!twitter) return;
  for (const [i, a] of DEMO_TRACKED_FANS.entries()) {
    const [existing] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${a.email}`).limit(1);
    if (existing) continue;
    const touch = { code: twitter.code, at: new Date(now.getTime() - (i + 2) * 86_400_000).toISOString() };
    const u = await ctx.auth.createAccount(
      { username: a.username, email: a.email, firstName: a.firstName, lastName: a.lastName, password: o.password, country: 'US', ageConfirmed: true, acceptTerms: true, trackingTouches: [touch] },
      { isPerformer: false, verifyEmail: false },
    );
    const [fan] = await ctx.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, u.id)).returning();
    await ctx.follows.follow(fan!, o.luna.id);
    if (a.subscribe && o.sandbox) {
      await ctx.payments.addCard(fan!, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 4, cvc: '123', holderName: `${a.firstName} ${a.lastName}` });
      await ctx.subscriptions.subscribe(fan!, { performerId: o.luna.id, type: 'monthly' });
    }
  }
}
