import crypto from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import {
  MAX_LIVE_TRACKING_LINKS, TRACKING_CODE_ALPHABET, TRACKING_MESSAGES, firstTouches, fromMinor, isBotUserAgent, trackingCodeSchema, utcDay,
  type TrackingClickAnswer, type TrackingClickInput, type TrackingDay, type TrackingFigures, type TrackingLink, type TrackingLinkDetail,
  type TrackingLinkInput, type TrackingLinkUpdate, type TrackingLinks, type TrackingLinksQuery, type TrackingTouch,
} from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { notFound, unprocessable } from '../../platform/errors';
import { users, type UserRow } from '../users/users.tables';
import { bumpRollups, figureSums } from './tracking.rollups';
import { trackingAttributions, trackingClicks, trackingDaily, trackingLinks, trackingVisitors, type TrackingLinkRow } from './tracking.tables';

/** What TrackingService is built with (by the composition root, root.ts). */
export interface TrackingDeps {
  clock: Clock;
  db: Db;
}

const newCode = () => Array.from({ length: 8 }, () => TRACKING_CODE_ALPHABET[crypto.randomInt(TRACKING_CODE_ALPHABET.length)]).join('');
const ZERO: TrackingFigures = { clicks: 0, visitors: 0, signups: 0, follows: 0, subscriptions: 0, revenue: 0 };
const DAY_MS = 86_400_000;

/**
 * THE click count (README "Clicks"), in the caller's transaction: one raw row per (link, visitor,
 * UTC day of `at`) — the primary key makes a repeat that day a no-op — and for the rows that are
 * new, the day's rollup gains the clicks and the visitors seen on this link for the first time.
 * The click route calls it with one visitor; the demo seed and the bench with a day's visitors.
 * Returns how many clicks counted.
 */
export async function countClicks(tx: Tx, linkId: string, at: Date, visitorIds: string[]): Promise<number> {
  const ids = [...new Set(visitorIds)];
  if (!ids.length) return 0;
  const day = utcDay(at);
  const fresh = await tx.insert(trackingClicks).values(ids.map((visitorId) => ({ linkId, visitorId, day, at }))).onConflictDoNothing().returning({ visitorId: trackingClicks.visitorId });
  if (!fresh.length) return 0;
  const first = await tx.insert(trackingVisitors).values(fresh.map((f) => ({ linkId, visitorId: f.visitorId, firstDay: day }))).onConflictDoNothing().returning({ day: trackingVisitors.firstDay });
  await bumpRollups(tx, [{ linkId, day, clicks: fresh.length, visitors: first.length }]);
  return fresh.length;
}

/** A conversion an event handler counts for an attributed fan (README "What counts"). */
export interface Conversion {
  userId: string;
  performerId: string;
  /** When it happened (the event's time): its rollup day. */
  at: Date;
  follow?: boolean;
  subscribe?: boolean;
  /** Minor units. */
  revenue?: number;
}

/**
 * Tracking links (issue 30 §4; README beside this file): the creator's links (CRUD, live limit),
 * clicks (once per visitor per UTC day, bots out), attribution of fans (first touch within 30 days,
 * one per fan and creator: at sign-up, or a signed-in fan's click) and the conversions the event
 * handlers count (tracking.handlers.ts). Every figure lives in the daily rollups (tracking.rollups.ts).
 */
export class TrackingService {
  constructor(private deps: TrackingDeps) {}

  private get now() {
    return this.deps.clock.now();
  }

  // ── The creator's links ──────────────────────────────────────────────────────────────────────

  /** GET /tracking/links: a page of the caller's live or archived links with their all-time totals. */
  async list(user: UserRow, q: TrackingLinksQuery): Promise<TrackingLinks> {
    const mine = eq(trackingLinks.performerId, user.id);
    const where = and(mine, q.status === 'archived' ? isNotNull(trackingLinks.archivedAt) : isNull(trackingLinks.archivedAt));
    const [rows, [total], [live]] = await Promise.all([
      this.deps.db.select().from(trackingLinks).where(where).orderBy(desc(trackingLinks.createdAt), desc(trackingLinks.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(trackingLinks).where(where),
      q.status === 'live' ? Promise.resolve([] as { n: number }[]) : this.deps.db.select({ n: count() }).from(trackingLinks).where(and(mine, isNull(trackingLinks.archivedAt))),
    ]);
    const totals = await this.totals(rows.map((r) => r.id));
    return { data: rows.map((r) => this.view(r, totals.get(r.id))), total: total!.n, live: q.status === 'live' ? total!.n : live!.n, max: MAX_LIVE_TRACKING_LINKS };
  }

  /** All-time sums per link, one grouped query over the rollups (primary key link_id, day). */
  private async totals(ids: string[], db: DbOrTx = this.deps.db): Promise<Map<string, TrackingFigures>> {
    if (!ids.length) return new Map();
    const rows = await db.select({ linkId: trackingDaily.linkId, ...figureSums }).from(trackingDaily).where(inArray(trackingDaily.linkId, ids)).groupBy(trackingDaily.linkId);
    return new Map(rows.map(({ linkId, ...f }) => [linkId, { ...f, revenue: fromMinor(f.revenue) }]));
  }

  private view(r: TrackingLinkRow, totals: TrackingFigures | undefined): TrackingLink {
    return {
      _id: r.id, name: r.name, code: r.code, archivedAt: r.archivedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(), totals: totals ?? ZERO,
    };
  }

  /** Serialises a creator's link writes that the live limit depends on (create, bring back). */
  private async lockCreator(tx: Tx, performerId: string): Promise<number> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tracking-links:${performerId}`}))`);
    const [live] = await tx.select({ n: count() }).from(trackingLinks).where(and(eq(trackingLinks.performerId, performerId), isNull(trackingLinks.archivedAt)));
    return live!.n;
  }

  /** POST /tracking/links: a new link with a fresh code; a creator's 101st live link → 422. */
  async create(user: UserRow, input: TrackingLinkInput): Promise<TrackingLink> {
    const row = await this.deps.db.transaction(async (tx) => {
      if ((await this.lockCreator(tx, user.id)) >= MAX_LIVE_TRACKING_LINKS) throw unprocessable(TRACKING_MESSAGES.tooMany);
      for (let attempt = 0; attempt < 5; attempt++) {
        // A drawn code taken already (31^8 codes): no row, draw again (no error, so the transaction goes on).
        const [made] = await tx.insert(trackingLinks).values({ performerId: user.id, name: input.name, code: newCode(), createdAt: this.now, updatedAt: this.now })
          .onConflictDoNothing({ target: trackingLinks.code }).returning();
        if (made) return made;
      }
      throw new Error('tracking: no free code after 5 draws');
    });
    return this.view(row, undefined);
  }

  private async own(db: DbOrTx, user: UserRow, id: string, lock = false): Promise<TrackingLinkRow> {
    const q = db.select().from(trackingLinks).where(and(eq(trackingLinks.id, id), eq(trackingLinks.performerId, user.id)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw notFound(TRACKING_MESSAGES.notFound);
    return row;
  }

  /** PATCH /tracking/links/:id: rename, archive, bring back (within the live limit). */
  async update(user: UserRow, id: string, input: TrackingLinkUpdate): Promise<TrackingLink> {
    const row = await this.deps.db.transaction(async (tx) => {
      const live = input.archived === false ? await this.lockCreator(tx, user.id) : 0;
      const cur = await this.own(tx, user, id, true);
      const patch: Partial<TrackingLinkRow> = {};
      if (input.name !== undefined) patch.name = input.name;
      if (input.archived === true && !cur.archivedAt) patch.archivedAt = this.now;
      if (input.archived === false && cur.archivedAt) {
        if (live >= MAX_LIVE_TRACKING_LINKS) throw unprocessable(TRACKING_MESSAGES.tooMany);
        patch.archivedAt = null;
      }
      if (!Object.keys(patch).length) return cur;
      const [after] = await tx.update(trackingLinks).set({ ...patch, updatedAt: this.now }).where(eq(trackingLinks.id, id)).returning();
      return after!;
    });
    return this.view(row, (await this.totals([row.id])).get(row.id));
  }

  /** GET /tracking/links/:id: the figures per UTC day over the last `days` days (today included), from the rollups only. */
  async detail(user: UserRow, id: string, days: number): Promise<TrackingLinkDetail> {
    const link = await this.own(this.deps.db, user, id);
    const to = utcDay(this.now);
    const from = utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS));
    const [rows, totals, [period]] = await Promise.all([
      this.deps.db.select().from(trackingDaily).where(and(eq(trackingDaily.linkId, id), gte(trackingDaily.day, from), lte(trackingDaily.day, to))).orderBy(trackingDaily.day),
      this.totals([id]),
      this.deps.db.select(figureSums).from(trackingDaily).where(and(eq(trackingDaily.linkId, id), gte(trackingDaily.day, from), lte(trackingDaily.day, to))),
    ]);
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const series: TrackingDay[] = [];
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
      const day = utcDay(new Date(t));
      const r = byDay.get(day);
      series.push(r ? { day, clicks: r.clicks, visitors: r.visitors, signups: r.signups, follows: r.follows, subscriptions: r.subscriptions, revenue: fromMinor(r.revenue) } : { day, ...ZERO });
    }
    return { link: this.view(link, totals.get(id)), days, from, to, period: { ...period!, revenue: fromMinor(period!.revenue) }, series };
  }

  // ── Clicks and attribution ───────────────────────────────────────────────────────────────────

  /** The link of a code with its creator, when the creator is an active creator. */
  private async byCode(db: DbOrTx, codes: string[]) {
    if (!codes.length) return [];
    return db
      .select({ id: trackingLinks.id, code: trackingLinks.code, performerId: trackingLinks.performerId, archivedAt: trackingLinks.archivedAt, username: users.username })
      .from(trackingLinks)
      .innerJoin(users, eq(users.id, trackingLinks.performerId))
      .where(and(inArray(trackingLinks.code, codes), eq(users.isPerformer, true), eq(users.status, 'active')));
  }

  /** GET /tracking/code/:code: where /t/<code> leads. */
  async codeInfo(code: string): Promise<{ username: string; live: boolean }> {
    const [l] = await this.byCode(this.deps.db, [code]);
    if (!l?.username) throw notFound(TRACKING_MESSAGES.unknownCode);
    return { username: l.username, live: !l.archivedAt };
  }

  /**
   * POST /tracking/clicks (README "Clicks"): the click counted by `countClicks`, in one transaction.
   * Not counted: bots, archived links, the creator's own clicks. A signed-in user not yet
   * attributed to this creator is attributed to this link (first touch wins).
   */
  async click(input: TrackingClickInput, client: { userAgent: string | null; viewer: UserRow | null }): Promise<TrackingClickAnswer> {
    const [link] = await this.byCode(this.deps.db, [input.code]);
    if (!link) throw notFound(TRACKING_MESSAGES.unknownCode);
    const answer = { performerId: link.performerId, counted: false, attributed: false };
    const viewer = client.viewer;
    if (link.archivedAt || isBotUserAgent(client.userAgent) || viewer?.id === link.performerId) return answer;
    const now = this.now;
    return this.deps.db.transaction(async (tx) => {
      answer.counted = (await countClicks(tx, link.id, now, [input.visitorId])) > 0;
      if (viewer && viewer.status === 'active') {
        const made = await tx.insert(trackingAttributions)
          .values({ userId: viewer.id, performerId: link.performerId, linkId: link.id, via: 'click', touchedAt: now, attributedAt: now })
          .onConflictDoNothing().returning({ linkId: trackingAttributions.linkId });
        answer.attributed = made.length > 0;
      }
      return answer;
    });
  }

  /**
   * A new account's touches (the sign-up forms send what the browser kept), in the registration's
   * transaction (auth's `SignUpAttribution`, filled by root.ts): per creator, the earliest touch of
   * a live link not older than 30 days attributes the account to that link and counts a sign-up
   * on today's rollup. Unknown codes, archived links, touches outside the window: ignored.
   */
  async attachSignUp(tx: Tx, userId: string, touches: TrackingTouch[]): Promise<void> {
    const codes = [...new Set(touches.map((t) => trackingCodeSchema.safeParse(t.code)).filter((p) => p.success).map((p) => p.data))];
    const links = new Map((await this.byCode(tx, codes)).filter((l) => !l.archivedAt && l.performerId !== userId).map((l) => [l.code, l]));
    const now = this.now;
    const candidates = touches.flatMap((t) => {
      const l = links.get(t.code.trim().toLowerCase());
      return l ? [{ performerId: l.performerId, linkId: l.id, at: new Date(t.at) }] : [];
    });
    const day = utcDay(now);
    for (const t of firstTouches(candidates, now).values()) {
      const made = await tx.insert(trackingAttributions)
        .values({ userId, performerId: t.performerId, linkId: t.linkId, via: 'signup', touchedAt: t.at, attributedAt: now })
        .onConflictDoNothing().returning({ linkId: trackingAttributions.linkId });
      if (made.length) await bumpRollups(tx, [{ linkId: t.linkId, day, signups: 1 }]);
    }
  }

  /** Whether `userId` was attributed to one of `performerId`'s tracking links at `at` (statistics' source of a sale or a new fan). */
  async attributedAt(db: DbOrTx, userId: string, performerId: string, at: Date): Promise<boolean> {
    const [a] = await db
      .select({ l: trackingAttributions.linkId })
      .from(trackingAttributions)
      .where(and(eq(trackingAttributions.userId, userId), eq(trackingAttributions.performerId, performerId), lte(trackingAttributions.attributedAt, at)));
    return !!a;
  }

  /**
   * An attributed fan's follow, subscription or sale with the creator they were attributed for
   * (the event handlers, in their exactly-once transaction): follows and subscriptions count a fan
   * once (the attribution row's `followed_at` / `subscribed_at`, set by a conditional update),
   * revenue adds up. A fan not attributed to this creator counts nothing.
   */
  async convert(tx: Tx, c: Conversion): Promise<void> {
    const pair = and(eq(trackingAttributions.userId, c.userId), eq(trackingAttributions.performerId, c.performerId));
    const [a] = await tx.select({ linkId: trackingAttributions.linkId }).from(trackingAttributions).where(pair);
    if (!a) return;
    const follows = c.follow
      ? (await tx.update(trackingAttributions).set({ followedAt: c.at }).where(and(pair, isNull(trackingAttributions.followedAt))).returning({ l: trackingAttributions.linkId })).length
      : 0;
    const subscriptions = c.subscribe
      ? (await tx.update(trackingAttributions).set({ subscribedAt: c.at }).where(and(pair, isNull(trackingAttributions.subscribedAt))).returning({ l: trackingAttributions.linkId })).length
      : 0;
    const revenue = c.revenue ?? 0;
    if (follows || subscriptions || revenue) await bumpRollups(tx, [{ linkId: a.linkId, day: utcDay(c.at), follows, subscriptions, revenue }]);
  }
}
