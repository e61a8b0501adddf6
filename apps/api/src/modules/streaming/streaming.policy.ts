import { and, eq, gt, inArray, isNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { StreamNeed } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import { ageRestrictedNow } from '../../platform/age-context';
import { users, type UserRow } from '../users/users.tables';
import { follows } from '../follows/follows.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { privateShowMinutes } from '../wallet/wallet.tables';
import { purchases } from '../purchases/purchases.tables';
import { userBlocks } from '../blocks/blocks.tables';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { rankOf, reachesByFacts, subscriptionRankSql, type TierFacts } from '../subscriptions/tiers.policy';
import { subscriptionTiers } from '../subscriptions/tiers.tables';
import { blockedOtherSql, blocksBetweenSql } from '../blocks/blocks.policy';
import { streamBans, streamModerators, type StreamRow } from './streaming.tables';
import { operatorStreamWatches } from './operator-watch.tables';

/**
 * THE entitlement rule of live streams (README.md beside this file, "Who may watch"). Every way
 * into a stream asks here: GET /streaming/join, POST /streaming/agora/token, the Janus relay's
 * watch (re-checked with the credential), the socket's 'stream/join', the heartbeat that opens a
 * presence, the stream chat (read and write) and the stream content kind (tickets, tips).
 *
 * In this order:
 * - an ended stream → 404 (its owner still knows it; join refuses it for everyone);
 * - the creator withheld (suspended; adult for a viewer the age rule restricts) → 404 (the owner,
 *   and an operator holding a watch grant, excepted);
 * - anonymous → need 'login' (401); a private show → 404;
 * - the owner → entitled, role publisher;
 * - an operator (`isAdmin`; issue 28 §6, README "Operators watching") → entitled AS AN OPERATOR
 *   (role subscriber) only
 *   (a) on a stream free to everyone anyway (`freeToAnyone`: a live public stream for followers
 *       whose creator is not withheld — any signed-in user may follow for free and watch it, so
 *       nothing paid or private is opened), or
 *   (b) holding a watch grant for it (`watching`: an `operator_stream_watches` row, written with
 *       the audit row of POST /admin/streams/{id}/watch and its reason; spent when the stream
 *       ends, as the first step refuses ended streams).
 *   Else an operator is a viewer like any other below (only what they hold themselves: a follow,
 *   a subscription or ticket they paid for; a private show of others → 404). Moderation needs
 *   neither: metadata, ending a stream, bans, chat settings, deleting and clearing messages ask
 *   `canModerate`, not this rule;
 * - a block between the viewer and the creator, either way → 404;
 * - a private show: anyone but its fan → 404;
 * - banned or timed out from the creator's streams (stream_bans: until null or later than now) → 403;
 * - public (followers): a follower or a current subscriber, else need 'follow';
 *   public (subscribers): a current subscriber, else need 'subscribe';
 *   group: a ticket (a `purchases` row of item type 'stream' for this stream), else need 'ticket'
 *   with the price and the viewer's balance;
 *   private: the fan's wallet holds at least one minute's rate, else need 'balance' — until the
 *   first minute is charged: from then on the billing sweep ends the show when the money runs out
 *   (with a warning a minute before), so the fan is not refused mid-show (a player reconnecting).
 * The facts are read in ONE round trip for any number of streams (`streamFacts`); `decide` is pure.
 */
export type Entitlement =
  | { entitled: true; role: 'publisher' | 'subscriber' }
  | {
      entitled: false;
      /** 401: log in; 403: banned, or something is needed (`need`); 404: not known to this viewer. */
      status: 401 | 403 | 404;
      need: StreamNeed | null;
      /** Minor units: the ticket (group) or the per-minute rate (private). */
      price?: number;
      /** Minor units: the viewer's wallet balance, when money is needed. */
      balance?: number;
    };

export type StreamForPolicy = Pick<StreamRow, 'id' | 'performerId' | 'type' | 'access' | 'status' | 'price' | 'privateFanId'> & { minTierId: string | null };

/** What the rule needs to know about a viewer and some streams. */
export interface StreamFacts {
  follows: Set<string>;
  subscribedTo: Set<string>;
  bought: Set<string>;
  /** Private shows of the viewer with a minute already charged. */
  billing: Set<string>;
  bannedBy: Set<string>;
  blocked: Set<string>;
  suspended: Set<string>;
  moderates: Set<string>;
  /** Streams an operator viewer holds an audited watch grant for (operator_stream_watches; operators only). */
  watching: Set<string>;
  /** Minor units. */
  balance: number;
  /** Subscription ranks per creator and the streams' minimum tiers' ranks (tiers.policy.ts). */
  tiers: TierFacts;
}

type FactRow = { kind: string; id: string | null };
const fact = (kind: string, id: SQLWrapper) => ({ kind: sql<string>`${kind}::text`.as('kind'), id: sql<string | null>`${id}::text`.as('id') });

/** The viewer's facts about the streams' creators and the streams, in one round trip. */
export async function streamFacts(db: DbOrTx, viewer: UserRow | null, list: StreamForPolicy[], now: Date = new Date()): Promise<StreamFacts> {
  const facts: StreamFacts = { follows: new Set(), subscribedTo: new Set(), bought: new Set(), billing: new Set(), bannedBy: new Set(), blocked: new Set(), suspended: new Set(), moderates: new Set(), watching: new Set(), balance: 0, tiers: { subRank: new Map(), tierRank: new Map() } };
  if (list.length === 0) return facts;
  const ids = [...new Set(list.map((s) => s.id))];
  const performerIds = [...new Set(list.map((s) => s.performerId))];
  // Withheld like suspended: an adult creator for a viewer the age rule restricts (legal README "Age assurance").
  const withheld = ageRestrictedNow() ? or(eq(users.status, 'suspended'), eq(users.adultContent, true))! : eq(users.status, 'suspended');
  const queries: SQLWrapper[] = [db.select(fact('sus', users.id)).from(users).where(and(inArray(users.id, performerIds), withheld))];
  if (viewer) {
    const others = performerIds.filter((id) => id !== viewer.id);
    queries.push(
      db.select(fact('bal', ledgerAccounts.balance)).from(ledgerAccounts).where(and(eq(ledgerAccounts.kind, 'wallet'), eq(ledgerAccounts.ownerId, viewer.id))),
      db.select(fact('mod', streamModerators.performerId)).from(streamModerators).where(and(eq(streamModerators.userId, viewer.id), inArray(streamModerators.performerId, performerIds))),
    );
    // An operator's audited watches of these streams (README "Operators watching"; operator_stream_watches_lookup_idx).
    if (isAdmin(viewer)) queries.push(db.selectDistinct(fact('wat', operatorStreamWatches.streamId)).from(operatorStreamWatches).where(and(eq(operatorStreamWatches.operatorId, viewer.id), inArray(operatorStreamWatches.streamId, ids))));
    if (others.length) {
      queries.push(
        db.select(fact('fol', follows.followingId)).from(follows).where(and(eq(follows.followerId, viewer.id), inArray(follows.followingId, others))),
        db.select(fact('sub', subscriptions.performerId)).from(subscriptions).where(and(eq(subscriptions.userId, viewer.id), inArray(subscriptions.performerId, others), grantsAccessSql(now))),
        // The subscription's rank as `<performer>:<rank>` (THE tier rule, subscriptions/tiers.policy.ts).
        db.select(fact('srk', sql`${subscriptions.performerId}::text || ':' || ${subscriptionRankSql()}`)).from(subscriptions).where(and(eq(subscriptions.userId, viewer.id), inArray(subscriptions.performerId, others), grantsAccessSql(now))),
        db.select(fact('buy', purchases.itemId)).from(purchases).where(and(eq(purchases.userId, viewer.id), eq(purchases.itemType, 'stream'), inArray(purchases.itemId, ids))),
        // Private shows already under way for the viewer (a minute charged): the billing sweep, not the door, ends them when the money runs out.
        db.selectDistinct(fact('bil', privateShowMinutes.streamId)).from(privateShowMinutes).where(and(eq(privateShowMinutes.userId, viewer.id), inArray(privateShowMinutes.streamId, ids))),
        db.select(fact('ban', streamBans.performerId)).from(streamBans).where(and(eq(streamBans.userId, viewer.id), inArray(streamBans.performerId, others), or(isNull(streamBans.until), gt(streamBans.until, now)))),
      );
      if (!isAdmin(viewer)) queries.push(db.select(fact('blk', blockedOtherSql(viewer.id))).from(userBlocks).where(blocksBetweenSql(viewer.id, others)));
      const tierIds = [...new Set(list.map((s) => s.minTierId).filter((t): t is string => Boolean(t)))];
      if (tierIds.length) queries.push(db.select(fact('trk', sql`${subscriptionTiers.id}::text || ':' || ${rankOf(subscriptionTiers.id)}::text`)).from(subscriptionTiers).where(inArray(subscriptionTiers.id, tierIds)));
    }
  }
  const res = await db.execute<FactRow>(sql.join(queries, sql` UNION ALL `));
  for (const r of res.rows) {
    const id = r.id === null ? '' : String(r.id);
    if (r.kind === 'bal') facts.balance = Number(id || 0);
    else if (r.kind === 'sus') facts.suspended.add(id);
    else if (r.kind === 'mod') facts.moderates.add(id);
    else if (r.kind === 'wat') facts.watching.add(id);
    else if (r.kind === 'fol') facts.follows.add(id);
    else if (r.kind === 'sub') facts.subscribedTo.add(id);
    else if (r.kind === 'buy') facts.bought.add(id);
    else if (r.kind === 'bil') facts.billing.add(id);
    else if (r.kind === 'ban') facts.bannedBy.add(id);
    else if (r.kind === 'blk') facts.blocked.add(id);
    else if (r.kind === 'srk' || r.kind === 'trk') {
      const [key, rank] = id.split(':');
      (r.kind === 'srk' ? facts.tiers.subRank : facts.tiers.tierRank).set(key!, Number(rank));
    }
  }
  return facts;
}

/**
 * A stream any signed-in user may watch without paying: live, public, for the creator's followers
 * (following is free and open to anyone not blocked), and its creator not withheld (suspended, or
 * adult for a viewer the age rule restricts). An operator watches such a stream without an audited
 * watch: it opens nothing paid or private. Subscribers-only, ticketed and private streams are not.
 */
export function freeToAnyone(s: Pick<StreamForPolicy, 'type' | 'access' | 'status' | 'performerId'>, f: Pick<StreamFacts, 'suspended'>): boolean {
  return s.status === 'live' && s.type === 'public' && s.access === 'followers' && !f.suspended.has(s.performerId);
}

const refuse = (status: 401 | 403 | 404, need: StreamNeed | null = null, money?: { price: number; balance: number }): Entitlement => ({ entitled: false, status, need, ...money });

/** The rule itself, on known facts (no I/O). */
export function decide(viewer: UserRow | null, s: StreamForPolicy, f: StreamFacts): Entitlement {
  const isOwner = Boolean(viewer && viewer.id === s.performerId);
  const admin = isAdmin(viewer);
  if (s.status !== 'live' && !isOwner) return refuse(404);
  if (f.suspended.has(s.performerId) && !isOwner && !(admin && f.watching.has(s.id))) return refuse(404);
  if (!viewer) return s.type === 'private' ? refuse(404) : refuse(401, 'login');
  if (isOwner) return { entitled: true, role: 'publisher' };
  // An operator: a stream free to everyone anyway, or one they opened with an audited watch; else as any viewer below.
  if (admin && (freeToAnyone(s, f) || f.watching.has(s.id))) return { entitled: true, role: 'subscriber' };
  if (f.blocked.has(s.performerId)) return refuse(404);
  if (s.type === 'private' && s.privateFanId !== viewer.id) return refuse(404);
  if (f.bannedBy.has(s.performerId)) return refuse(403);
  const price = s.price ?? 0;
  const subscribed = f.subscribedTo.has(s.performerId);
  switch (s.type) {
    case 'public':
      if (s.access === 'subscribers') {
        if (!subscribed) return refuse(403, 'subscribe');
        return reachesByFacts(f.tiers, s.performerId, s.minTierId) ? { entitled: true, role: 'subscriber' } : refuse(403, 'upgrade');
      }
      return subscribed || f.follows.has(s.performerId) ? { entitled: true, role: 'subscriber' } : refuse(403, 'follow');
    case 'group':
      return f.bought.has(s.id) ? { entitled: true, role: 'subscriber' } : refuse(403, 'ticket', { price, balance: f.balance });
    case 'private':
      return f.billing.has(s.id) || f.balance >= price ? { entitled: true, role: 'subscriber' } : refuse(403, 'balance', { price, balance: f.balance });
  }
}

/** One stream's entitlement for `viewer` (one round trip). */
export async function entitlement(db: DbOrTx, viewer: UserRow | null, stream: StreamForPolicy, now: Date = new Date()): Promise<Entitlement> {
  return decide(viewer, stream, await streamFacts(db, viewer, [stream], now));
}

/** May moderate the stream's chat: its creator, a moderator they appointed (not in private shows), an admin. */
export function canModerateWith(viewer: UserRow | null, s: Pick<StreamRow, 'performerId' | 'type'>, f: Pick<StreamFacts, 'moderates'>): boolean {
  if (!viewer) return false;
  // A private show is moderated by its creator (and operators) only.
  return viewer.id === s.performerId || isAdmin(viewer) || (s.type !== 'private' && f.moderates.has(s.performerId));
}
