import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  FAN_CHANNELS, fanSearchKey, fromMinor,
  type EarningChannel, type Fan, type FanChannel, type FanUpdate, type FansPage, type FansQuery, type SubscriptionStatus,
} from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import { blockedAmong } from '../blocks/blocks.policy';
import { follows } from '../follows/follows.tables';
import { subscriptionTiers } from '../subscriptions/tiers.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { users, type UserRow } from '../users/users.tables';
import { creatorFans, type CreatorFanRow } from './fans.tables';

/** What FansService is built with (by the composition root, root.ts). */
export interface FansDeps {
  db: Db;
  /** The users module's public card (avatar URL and all). */
  users: { card(u: UserRow): Fan['user'] };
}

/** One change a handler makes to a (creator, fan) row (README "What counts"). */
export interface FanTouch {
  performerId: string;
  fanId: string;
  /** When it happened (the event's time). */
  at: Date;
  /** Money the fan paid (minor units, gross + tax; negative for a refund or dispute), by channel. */
  paid?: { channel: FanChannel; amount: number };
  /** The fan did something toward the creator: last activity moves to `at` (never back). */
  activity?: boolean;
  follow?: boolean;
  /** The subscription's state now (status, tier, start), read when the event is handled. */
  subscription?: { status: SubscriptionStatus; tierId: string | null; startsAt: Date };
}

const SORT_COLUMNS = {
  spent: { col: creatorFans.spentTotal, cast: 'bigint' },
  since: { col: creatorFans.firstSeenAt, cast: 'timestamptz' },
  activity: { col: creatorFans.lastActivityAt, cast: 'timestamptz' },
  name: { col: creatorFans.sortName, cast: 'text' },
} as const;

/** The opaque keyset cursor: the last row's sort value and fan id. */
export const encodeCursor = (value: string | number, fanId: string) => Buffer.from(JSON.stringify([value, fanId])).toString('base64url');
export function decodeCursor(cursor: string): [string | number, string] {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && v.length === 2 && (typeof v[0] === 'string' || typeof v[0] === 'number') && typeof v[1] === 'string' && /^[0-9a-f-]{36}$/i.test(v[1])) return [v[0], v[1]];
  } catch { /* falls through */ }
  throw badRequest('Not a page cursor', [{ field: 'cursor', message: 'Not a page cursor' }]);
}
/** A search prefix as a LIKE pattern: the wildcards in it are literal. */
export const likePrefix = (q: string) => `${fanSearchKey(q).replace(/^@/, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A creator's fans (issue 31 §4; README beside this file): the `creator_fans` rollup, kept by the
 * handlers (fans.handlers.ts) through `touch`, listed with keyset pages, and the creator's private
 * custom names and notes.
 */
export class FansService {
  constructor(private deps: FansDeps) {}

  /** THE rollup write (in the handler's transaction): one upsert per event. A creator is never their own fan. */
  async touch(tx: Tx, e: FanTouch): Promise<void> {
    if (e.performerId === e.fanId) return;
    const [u] = await tx.select({ username: users.username, name: users.name, isPerformer: users.isPerformer }).from(users).where(eq(users.id, e.fanId));
    if (!u) return;
    const channel = e.paid?.channel ?? null;
    const amount = e.paid?.amount ?? 0;
    const s = e.subscription;
    const x = sql`excluded`;
    await tx
      .insert(creatorFans)
      .values({
        performerId: e.performerId, fanId: e.fanId, spentTotal: amount, spent: channel ? { [channel]: amount } : {},
        firstSeenAt: e.at, lastActivityAt: e.at, followedAt: e.follow ? e.at : null,
        firstSubscribedAt: s ? s.startsAt : null, subscriptionStatus: s?.status ?? null, tierId: s?.tierId ?? null,
        usernameKey: fanSearchKey(u.username), nameKey: fanSearchKey(u.name), updatedAt: e.at,
      })
      .onConflictDoUpdate({
        target: [creatorFans.performerId, creatorFans.fanId],
        set: {
          spentTotal: sql`${creatorFans.spentTotal} + ${x}.spent_total`,
          spent: channel
            ? sql`jsonb_set(${creatorFans.spent}, ${`{${channel}}`}::text[], to_jsonb(coalesce((${creatorFans.spent} ->> ${channel})::bigint, 0) + ${amount}::bigint))`
            : sql`${creatorFans.spent}`,
          firstSeenAt: sql`least(${creatorFans.firstSeenAt}, ${x}.first_seen_at)`,
          lastActivityAt: e.activity ? sql`greatest(${creatorFans.lastActivityAt}, ${x}.last_activity_at)` : sql`${creatorFans.lastActivityAt}`,
          followedAt: sql`coalesce(${creatorFans.followedAt}, ${x}.followed_at)`,
          firstSubscribedAt: sql`least(${creatorFans.firstSubscribedAt}, ${x}.first_subscribed_at)`,
          subscriptionStatus: s ? sql`${x}.subscription_status` : sql`${creatorFans.subscriptionStatus}`,
          tierId: s ? sql`${x}.tier_id` : sql`${creatorFans.tierId}`,
          usernameKey: sql`${x}.username_key`,
          nameKey: sql`${x}.name_key`,
          updatedAt: sql`${x}.updated_at`,
        },
      });
  }

  /** Activity of someone who is a fan already (a comment): moves last activity, makes no one a fan. */
  async activity(tx: Tx, performerId: string, fanId: string, at: Date): Promise<void> {
    await tx.update(creatorFans)
      .set({ lastActivityAt: sql`greatest(${creatorFans.lastActivityAt}, ${at.toISOString()}::timestamptz)` })
      .where(and(eq(creatorFans.performerId, performerId), eq(creatorFans.fanId, fanId)));
  }

  /** The subscription's state now, for a subscription event's handler. */
  async subscriptionState(tx: Tx, subscriptionId: string): Promise<FanTouch['subscription'] | null> {
    const [s] = await tx.select({ status: subscriptions.status, tierId: subscriptions.tierId, startsAt: subscriptions.startsAt }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    return s ?? null;
  }

  /** GET /fans: one keyset page of the caller's fans. */
  async list(performer: UserRow, q: FansQuery): Promise<FansPage> {
    const { col, cast } = SORT_COLUMNS[q.sort];
    const where: SQL[] = [eq(creatorFans.performerId, performer.id)];
    if (q.filter === 'subscribers') where.push(inArray(creatorFans.subscriptionStatus, ['active', 'past_due', 'cancelled']));
    if (q.filter === 'expired') where.push(eq(creatorFans.subscriptionStatus, 'expired'));
    if (q.filter === 'followers') where.push(sql`${creatorFans.subscriptionStatus} is null`);
    if (q.tierId) where.push(eq(creatorFans.tierId, q.tierId));
    if (q.q && fanSearchKey(q.q).replace(/^@/, '')) {
      const p = likePrefix(q.q);
      where.push(sql`(${creatorFans.usernameKey} like ${p} or ${creatorFans.nameKey} like ${p} or ${creatorFans.customNameKey} like ${p})`);
    }
    const filtered = and(...where);
    const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
    const page: SQL[] = [...where];
    if (q.cursor) {
      const [value, fanId] = decodeCursor(q.cursor);
      const v = sql`${value}::${sql.raw(cast)}`;
      page.push(q.order === 'asc' ? sql`(${col}, ${creatorFans.fanId}) > (${v}, ${fanId}::uuid)` : sql`(${col}, ${creatorFans.fanId}) < (${v}, ${fanId}::uuid)`);
    }
    const [rows, [total]] = await Promise.all([
      this.deps.db.select().from(creatorFans).where(and(...page)).orderBy(sql`${col} ${dir}`, sql`${creatorFans.fanId} ${dir}`).limit(q.limit + 1),
      q.cursor ? Promise.resolve([{ n: null }]) : this.deps.db.select({ n: sql<number>`count(*)::int` }).from(creatorFans).where(filtered),
    ]);
    const more = rows.length > q.limit;
    const shown = rows.slice(0, q.limit);
    const last = shown.at(-1);
    const next = more && last ? encodeCursor(this.sortValue(q.sort, last), last.fanId) : null;
    return { data: await this.views(performer.id, shown), next, total: total!.n };
  }

  private sortValue(sort: FansQuery['sort'], r: CreatorFanRow): string | number {
    if (sort === 'spent') return r.spentTotal;
    if (sort === 'since') return r.firstSeenAt.toISOString();
    if (sort === 'activity') return r.lastActivityAt.toISOString();
    return r.sortName;
  }

  /** PATCH /fans/:fanId: the creator's private custom name and note; not one of their fans → 404. */
  async update(performer: UserRow, fanId: string, input: FanUpdate): Promise<Fan> {
    const set: Partial<typeof creatorFans.$inferInsert> = {};
    if (input.customName !== undefined) {
      set.customName = input.customName || null;
      set.customNameKey = fanSearchKey(input.customName);
    }
    if (input.note !== undefined) set.note = input.note || null;
    const [row] = await this.deps.db.update(creatorFans).set(set).where(and(eq(creatorFans.performerId, performer.id), eq(creatorFans.fanId, fanId))).returning();
    if (!row) throw notFound();
    return (await this.views(performer.id, [row]))[0]!;
  }

  /** Rows → the answer: cards, tiers, follows and blocks of the page's fans in one query each. */
  private async views(performerId: string, rows: CreatorFanRow[], db: DbOrTx = this.deps.db): Promise<Fan[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.fanId);
    const tierIds = [...new Set(rows.map((r) => r.tierId).filter((x): x is string => !!x))];
    const [people, tiers, followed, blocked] = await Promise.all([
      db.select().from(users).where(inArray(users.id, ids)),
      tierIds.length ? db.select({ id: subscriptionTiers.id, name: subscriptionTiers.name, colour: subscriptionTiers.colour }).from(subscriptionTiers).where(inArray(subscriptionTiers.id, tierIds)) : [],
      db.select({ id: follows.followerId }).from(follows).where(and(eq(follows.followingId, performerId), inArray(follows.followerId, ids))),
      blockedAmong(db, performerId, ids),
    ]);
    const byId = new Map(people.map((u) => [u.id, u]));
    const tierById = new Map(tiers.map((t) => [t.id, t]));
    const following = new Set(followed.map((f) => f.id));
    return rows.flatMap((r) => {
      const u = byId.get(r.fanId);
      if (!u) return [];
      const tier = r.tierId ? tierById.get(r.tierId) : undefined;
      const spentBy: Fan['spentBy'] = {};
      for (const c of FAN_CHANNELS) if (r.spent[c]) spentBy[c] = fromMinor(r.spent[c]);
      return [{
        user: this.deps.users.card(u), spent: fromMinor(r.spentTotal), spentBy,
        fanSince: r.firstSeenAt.toISOString(), subscribedSince: r.firstSubscribedAt?.toISOString() ?? null,
        subscriptionStatus: r.subscriptionStatus ?? null, tier: tier ? { _id: tier.id, name: tier.name, colour: tier.colour } : null,
        following: following.has(r.fanId), lastActivityAt: r.lastActivityAt.toISOString(),
        customName: r.customName, note: r.note, blocked: blocked.has(r.fanId),
      }];
    });
  }
}

/** The channel a fan's payment counts under (a referral share is not a fan's spend: null). */
export const fanChannel = (channel: EarningChannel): FanChannel | null => (channel === 'referral' ? null : channel);
