import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Root } from '../root';
import { users, type UserRow } from '../modules/users/users.tables';
import { feeds } from '../modules/feeds/feeds.tables';
import { follows } from '../modules/follows/follows.tables';
import { subscriptions } from '../modules/subscriptions/subscriptions.tables';
import { subscriptionTiers } from '../modules/subscriptions/tiers.tables';
import { reactions } from '../modules/reactions/reactions.tables';
import { comments } from '../modules/comments/comments.tables';
import { purchases } from '../modules/purchases/purchases.tables';
import { earnings } from '../modules/earnings/earnings.tables';
import { ledgerEntries, ledgerTransactions } from '../modules/ledger/ledger.tables';
import { walletCharges } from '../modules/wallet/wallet.tables';
import { rebuildAudienceRollups, rebuildContentRollups } from '../modules/statistics/statistics.backfill';
import { backfillCreatorFans } from '../modules/fans/fans.backfill';
import { bumpAudience, bumpContent, utcDayOf, type AudienceDelta, type ContentDelta } from '../modules/statistics/statistics.rollups';

const DAY = 86_400_000;
const HISTORY_DAYS = 90;
/** Luna's audience over the 90 days: 60 listeners (the first 4 real sign-ups who buy; the rest written in bulk). */
export const DEMO_AUDIENCE_SIZE = 60;
const BUYERS = 4;
const FOLLOWERS = 48;
const UNFOLLOWERS = 8;
const SUBSCRIBERS = 36;
export const demoListener = (i: number) => {
  const first = ['Ava', 'Ben', 'Cleo', 'Dan', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jade', 'Kai', 'Lea', 'Milo', 'Nia', 'Otto', 'Pia', 'Quin', 'Rosa', 'Sol', 'Tia'][i % 20]!;
  const last = ['Reed', 'Stone', 'Vale'][Math.floor(i / 20) % 3]!;
  const n = String(i + 1).padStart(2, '0');
  return { username: `listener${n}`, email: `listener${n}@example.com`, firstName: first, lastName: last };
};
/** Luna's older posts (text), so the content history reaches back 90 days. */
const ARCHIVE: Array<{ text: string; visibility: 'free' | 'subscribers' | 'ppv'; price?: number; daysAgo: number }> = [
  { text: 'Three months to the album: this is where the diary starts.', visibility: 'free', daysAgo: 88 },
  { text: 'Lyrics sheet of the first single, with my scribbles.', visibility: 'subscribers', daysAgo: 80 },
  { text: 'The first mix of the single, before mastering.', visibility: 'ppv', price: 399, daysAgo: 72 },
  { text: 'Rainy week, new chords. What should I call this one?', visibility: 'free', daysAgo: 63 },
  { text: 'Studio budget, honestly: what an album costs.', visibility: 'subscribers', daysAgo: 55 },
  { text: 'Piano version of the single, the full take.', visibility: 'ppv', price: 599, daysAgo: 46 },
  { text: 'Merch samples arrived! Which colour?', visibility: 'free', daysAgo: 37 },
  { text: 'Halfway: eight songs written, four recorded.', visibility: 'free', daysAgo: 28 },
];
const COMMENTS = ['Love this!', 'On repeat all week', 'Can’t wait for the album', 'This one gave me chills', 'More of this please', 'The chorus!!', 'So good live too'];

/** A small deterministic random source (mulberry32), so every demo has the same history. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Luna's audience and content history (issue 31: "statistics with 90 days of history in every tab").
 * The facts are written in bulk, dated back with the seed's clock — 60 listeners (4 signed up through
 * the auth service, the others inserted), their follows and free trials (some ended: churn; the
 * cohorts come from their months), 8 older posts, likes and comments spread over the 90 days with
 * more in the evenings (18–22 UTC) and at weekends, and unlocks of the older pay-per-view posts bought
 * through the wallet (sandbox gateway) and dated back like the tips. Then Luna's audience and content
 * rollups are made again from those facts (statistics.backfill.ts, the migration's backfill for one
 * creator), and what no row can tell is written with the rollup writers: post views per day (most
 * the days after a post, some every day) and the followers who followed and left. Once: skipped when
 * the first listener exists.
 */
export async function seedStatisticsHistory(ctx: Root, o: { luna: UserRow; password: string; sandbox: boolean }) {
  const [done] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, demoListener(0).username)).limit(1);
  if (done) return;
  const now = ctx.clock.now().getTime();
  const rnd = random(31);
  const luna = o.luna.id;
  // An engagement time between `from` and `to` (ms): evenings and weekends more likely (the "best times" pattern).
  const HOURS = [18, 19, 20, 20, 21, 21, 22, 13, 12, 9];
  const at = (from: number, to: number): Date => {
    for (let k = 0; k < 20; k++) {
      const day = Math.floor((from + rnd() * Math.max(0, to - from)) / DAY) * DAY;
      const t = day + HOURS[Math.floor(rnd() * HOURS.length)]! * 3_600_000 + Math.floor(rnd() * 3_600_000);
      const wd = new Date(t).getUTCDay();
      if (t < from || t > to) continue;
      if ((wd === 0 || wd === 6) || rnd() < 0.55) return new Date(t);
    }
    return new Date(to);
  };

  // ── Listeners: when each first followed (more of them recently: a growing audience) ─────────────
  const firstSeen = Array.from({ length: DEMO_AUDIENCE_SIZE }, () => now - Math.floor((HISTORY_DAYS - 1) * Math.pow(rnd(), 1.4) * DAY) - 3 * 3_600_000);
  const listeners: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const a = demoListener(i);
    const u = await ctx.auth.createAccount({ ...a, password: o.password, country: 'US', gender: 'female', ageConfirmed: true, acceptTerms: true }, { isPerformer: false, verifyEmail: false });
    await ctx.db.update(users).set({ verifiedEmail: true, createdAt: new Date(firstSeen[i]! - DAY) }).where(eq(users.id, u.id));
    listeners.push(u.id);
  }
  const bulk = await ctx.db
    .insert(users)
    .values(Array.from({ length: DEMO_AUDIENCE_SIZE - BUYERS }, (_, k) => {
      const a = demoListener(BUYERS + k);
      return { ...a, name: `${a.firstName} ${a.lastName}`, country: 'US', roles: ['user'], verifiedEmail: true, createdAt: new Date(firstSeen[BUYERS + k]! - DAY), updatedAt: new Date(firstSeen[BUYERS + k]! - DAY) };
    }))
    .returning({ id: users.id });
  listeners.push(...bulk.map((u) => u.id));

  // ── Follows (48 stay, 8 followed and left later) and free trials (36; those that ran out: churn) ─
  await ctx.db.insert(follows).values(listeners.slice(0, FOLLOWERS).map((id, i) => ({ followerId: id, followingId: luna, createdAt: new Date(firstSeen[i]!) })));
  // Free trials of her first tier (they end without renewing: no money moves).
  const [tier] = await ctx.db.select({ id: subscriptionTiers.id, price: subscriptionTiers.price }).from(subscriptionTiers).where(and(eq(subscriptionTiers.performerId, luna), isNull(subscriptionTiers.archivedAt))).orderBy(asc(subscriptionTiers.position)).limit(1);
  const subs = listeners.slice(0, SUBSCRIBERS).map((id, i) => {
    const start = Math.min(now - 3_600_000, firstSeen[i]! + Math.floor(rnd() * 4) * DAY + 3_600_000);
    const expires = start + (14 + Math.floor(rnd() * 60)) * DAY;
    const ended = expires <= now;
    return {
      userId: id, performerId: luna, type: 'free' as const, price: tier?.price ?? 0, tierId: tier?.id ?? null, status: ended ? ('expired' as const) : ('cancelled' as const),
      startsAt: new Date(start), expiresAt: new Date(expires), cancelledAt: new Date(start + DAY), createdAt: new Date(start), updatedAt: new Date(ended ? expires : start + DAY),
    };
  });
  await ctx.db.insert(subscriptions).values(subs);
  const subscribedAt = new Map(subs.map((s) => [s.userId, s.startsAt.getTime()]));

  // ── Older posts, then likes and comments on every published post of Luna's ───────────────────────
  await ctx.db.insert(feeds).values(ARCHIVE.map((p) => {
    const t = new Date(now - p.daysAgo * DAY - 5 * 3_600_000);
    return { performerId: luna, text: p.text, type: 'text' as const, visibility: p.visibility, price: p.price ?? null, status: 'published' as const, publishAt: t, createdAt: t, updatedAt: t };
  }));
  const posts = await ctx.db.select({ id: feeds.id, visibility: feeds.visibility, publishAt: feeds.publishAt }).from(feeds).where(and(eq(feeds.performerId, luna), lte(feeds.publishAt, new Date(now))));
  const likeRows: Array<typeof reactions.$inferInsert> = [];
  const commentRows: Array<typeof comments.$inferInsert> = [];
  const counts = new Map<string, { likes: number; comments: number }>();
  const views = new Map<string, ContentDelta>();
  for (const p of posts) {
    const published = p.publishAt.getTime();
    const c = { likes: 0, comments: 0 };
    counts.set(p.id, c);
    listeners.forEach((id, i) => {
      const since = Math.max(published, p.visibility === 'free' ? firstSeen[i]! : (subscribedAt.get(id) ?? Infinity));
      if (since >= now || p.visibility === 'ppv') return;
      if (rnd() < (p.visibility === 'free' ? 0.4 : 0.3)) {
        likeRows.push({ userId: id, objectType: 'feed', objectId: p.id, action: 'like', createdAt: at(since, Math.min(now, since + 6 * DAY)) });
        c.likes++;
      }
      if (rnd() < 0.08) {
        const t = at(since, Math.min(now, since + 3 * DAY));
        commentRows.push({ objectType: 'feed', objectId: p.id, createdBy: id, content: COMMENTS[Math.floor(rnd() * COMMENTS.length)]!, createdAt: t, updatedAt: t });
        c.comments++;
      }
    });
    // Views: most in the days after the post, a few every day since.
    for (let d = Math.floor(published / DAY) * DAY; d <= now; d += DAY) {
      const age = (d - Math.floor(published / DAY) * DAY) / DAY;
      const n = Math.round((p.visibility === 'free' ? 40 : 22) * Math.pow(0.6, age) + rnd() * 3);
      if (n > 0) views.set(`${p.id}:${d}`, { kind: 'feed', itemId: p.id, day: utcDayOf(new Date(d)), performerId: luna, views: n });
    }
  }
  if (likeRows.length) await ctx.db.insert(reactions).values(likeRows).onConflictDoNothing();
  if (commentRows.length) await ctx.db.insert(comments).values(commentRows);
  for (const [id, c] of counts) {
    if (c.likes || c.comments) await ctx.db.update(feeds).set({ totalLike: sql`${feeds.totalLike} + ${c.likes}`, totalComment: sql`${feeds.totalComment} + ${c.comments}`, updatedAt: sql`${feeds.updatedAt}` }).where(eq(feeds.id, id));
  }

  // ── Unlocks: four listeners buy the older pay-per-view posts through the wallet, dated back ──────
  if (o.sandbox) {
    const ppv = posts.filter((p) => p.visibility === 'ppv' && p.publishAt.getTime() < now - 7 * DAY);
    const buyers = await ctx.db.select().from(users).where(inArray(users.id, listeners.slice(0, BUYERS)));
    for (const [b, fan] of buyers.entries()) {
      await ctx.payments.addCard(fan, 'sandbox', { number: '4242424242424242', expMonth: 12, expYear: new Date(now).getUTCFullYear() + 4, cvc: '123', holderName: fan.name });
      await ctx.payments.topUp(fan, { amount: 20 }, `demo-history-topup-${b}`);
      for (const p of ppv) {
        const r = await ctx.wallet.charge(fan, 'feed', p.id, {}, `demo-history-unlock-${b}-${p.id}`, '{}', { requestCountry: null });
        const chargeId = r.body.charge._id;
        const when = at(p.publishAt.getTime() + 3_600_000, Math.min(now - DAY, p.publishAt.getTime() + 10 * DAY));
        await ctx.db.transaction(async (tx) => {
          const [row] = await tx.update(earnings).set({ createdAt: when }).where(eq(earnings.source, `wallet_charge:${chargeId}`)).returning({ tx: earnings.ledgerTransactionId });
          await tx.update(walletCharges).set({ createdAt: when }).where(eq(walletCharges.id, chargeId));
          await tx.update(purchases).set({ createdAt: when }).where(and(eq(purchases.userId, fan.id), eq(purchases.itemType, 'feed'), eq(purchases.itemId, p.id)));
          if (row) {
            await tx.update(ledgerTransactions).set({ createdAt: when }).where(eq(ledgerTransactions.id, row.tx));
            await tx.update(ledgerEntries).set({ createdAt: when }).where(eq(ledgerEntries.transactionId, row.tx));
          }
        });
      }
    }
  }

  // ── The rollups: made again from the facts, then what no row tells (views, followers who left) ──
  await rebuildAudienceRollups(ctx.db, luna);
  await rebuildContentRollups(ctx.db, luna);
  await bumpContent(ctx.db, [...views.values()]);
  const left = new Map<string, AudienceDelta>();
  const add = (day: string, k: 'followersGained' | 'followersLost') => {
    const d = left.get(day) ?? { performerId: luna, day };
    d[k] = (d[k] ?? 0) + 1;
    left.set(day, d);
  };
  for (let i = FOLLOWERS; i < FOLLOWERS + UNFOLLOWERS; i++) {
    add(utcDayOf(new Date(firstSeen[i]!)), 'followersGained');
    add(utcDayOf(new Date(Math.min(now, firstSeen[i]! + (5 + Math.floor(rnd() * 20)) * DAY))), 'followersLost');
  }
  await bumpAudience(ctx.db, [...left.values()]);
  // The fan list: the listeners were written without events, so their rows are made from the facts.
  await backfillCreatorFans(ctx.db, luna);
}
