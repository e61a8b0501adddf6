import { and, eq, inArray, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAdmin, isAuditedOperator } from '../../platform/auth';
import type { UserRow } from '../users/users.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { purchases } from '../purchases/purchases.tables';
import { reactions } from '../reactions/reactions.tables';
import { userBlocks } from '../blocks/blocks.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { reachesByFacts, subscriptionRankSql, tierFactsFrom, tierRankFactQuery, type TierFacts } from '../subscriptions/tiers.policy';
import { blockedOtherSql, blocksBetweenSql, notBlockedWith } from '../blocks/blocks.policy';
import { streams } from '../streaming/streaming.tables';
import { videos, type VideoRow } from './videos.tables';
import { moderationSql } from '../users/moderation.policy';

/**
 * THE videos access rule. Every read of a video (one video, both lists, bookmarks and search
 * through the `video` content kind, file status, buying, liking, commenting, reporting) goes
 * through `videoAccess`, which answers a whole list with ONE round trip (current subscriptions,
 * purchases and blocks as one UNION ALL, optionally with the viewer's likes/bookmarks), then
 * `decideVideoAccess`, the rule itself:
 *
 * - listed / may know it exists (`visible`; otherwise the caller answers 404):
 *     - the owner and admins: always (drafts, inactive, scheduled included);
 *     - everyone else: `active` and `publishAt <= now` — and no block between the viewer and the
 *       creator, either way (blocks.policy.ts, THE block rule);
 *     - a buyer also keeps seeing a video they bought that was later set `inactive` (blocks still
 *       hide it). Drafts never had buyers: a published video cannot go back to draft.
 * - `canView` (the main video file's URL may be handed out): visible, and
 *     - the owner; or
 *     - an operator on the audited path only (`isAuditedOperator`: GET /admin/content/video/{id},
 *       which writes the read to the audit log with their reason first — issue 28 §6). An operator
 *       anywhere else sees every video (above) but opens only what any viewer would; or
 *     - the viewer bought it (a `purchases` row of item type `video` — whatever its access is now);
 *     - `free`: everyone, anonymous included;
 *     - `subscribers`: a current subscription to the creator (subscriptions.policy.ts) whose tier
 *       reaches the video's minimum tier (`min_tier_id`; THE tier rule, subscriptions/tiers.policy.ts);
 *     - `sale`: buyers only (a subscription does not unlock it) — and, when the video is the replay
 *       of a group stream whose creator left `replayFreeForTicketHolders` on, that stream's ticket
 *       holders (a `purchases` row of item type `stream`): they paid for the show once.
 * The teaser and the thumbnail are shown to everyone the video is visible to.
 * Before all of that, moderation: a video withheld (hidden by an operator, or its creator suspended;
 * users/moderation.policy.ts) exists only for its owner and admins — `videoModerationSql` in the
 * WHERE of every query that lists or loads videos for a viewer.
 */
export type VideoForPolicy = Pick<VideoRow, 'id' | 'performerId' | 'status' | 'access' | 'publishAt'> & { minTierId: string | null };
export interface VideoAccess {
  /** False → 404. */
  visible: boolean;
  canView: boolean;
  isOwner: boolean;
  isSubscribed: boolean;
  isBought: boolean;
}

/** Moderation (users/moderation.policy.ts): videos withheld from `viewer` are left out; owners and admins keep theirs. */
export function videoModerationSql(viewer: UserRow | null): SQL {
  return moderationSql({ ownerId: videos.performerId, hiddenAt: videos.hiddenAt }, viewer);
}

/** The SQL half of the rule for the fans' lists: active, published, no block with the viewer (admins too: the public list is the public list), not withheld by moderation. */
export function publicListableSql(viewer: UserRow | null, now: Date = new Date()): SQL {
  return and(eq(videos.status, 'active'), lte(videos.publishAt, now), isAdmin(viewer) ? undefined : notBlockedWith(videos.performerId, viewer?.id), videoModerationSql(viewer))!;
}

/**
 * `visible` of `decideVideoAccess` as SQL on the videos table, for a signed-in viewer (lists of
 * references such as bookmarks): the owner and admins; else not withheld, no block, and live — or
 * bought and since set inactive.
 */
export function visibleToSql(viewer: UserRow, now: Date = new Date()): SQL {
  if (isAdmin(viewer)) return sql`true`;
  const live = and(eq(videos.status, 'active'), lte(videos.publishAt, now));
  const keptByBuyer = sql`(${videos.status} = 'inactive' and exists (select 1 from ${purchases} where ${purchases.userId} = ${viewer.id} and ${purchases.itemType} = 'video' and ${purchases.itemId} = ${videos.id}))`;
  return and(videoModerationSql(viewer), or(eq(videos.performerId, viewer.id), and(notBlockedWith(videos.performerId, viewer.id), or(live, keptByBuyer))))!;
}

/** What the rule needs to know about a viewer and some videos. */
export interface VideoFacts {
  subscribedTo: Set<string>;
  bought: Set<string>;
  /** Videos that are the replay of a group stream the viewer holds a ticket to (and replays are free for ticket holders). */
  ticketReplays: Set<string>;
  blocked: Set<string>;
  liked: Set<string>;
  bookmarked: Set<string>;
  /** Subscription ranks per creator and the videos' minimum tiers' ranks (tiers.policy.ts). */
  tiers?: TierFacts;
}

type FactRow = { kind: string; id: string; action: string | null };
const factCols = (kind: string, id: SQLWrapper, action: SQLWrapper | null = null) => ({
  kind: sql<string>`${kind}::text`.as('kind'),
  id: sql<string>`${id}::text`.as('id'),
  action: (action ? sql<string | null>`${action}::text` : sql<string | null>`null::text`).as('action'),
});

/**
 * The viewer's facts about `list` in ONE round trip: current subscriptions to the creators,
 * purchases of the videos, blocks with the creators (not for admins), and — with `reactions` —
 * the viewer's likes and bookmarks of them (read from the reactions table: a join-level
 * dependency, never the reactions service). Anonymous viewers have none: no query.
 */
export async function videoFacts(db: DbOrTx, viewer: UserRow | null, list: VideoForPolicy[], opts: { reactions?: boolean; now?: Date } = {}): Promise<VideoFacts> {
  const facts: VideoFacts = { subscribedTo: new Set(), bought: new Set(), ticketReplays: new Set(), blocked: new Set(), liked: new Set(), bookmarked: new Set() };
  if (!viewer || list.length === 0) return facts;
  const now = opts.now ?? new Date();
  const ids = [...new Set(list.map((v) => v.id))];
  const performerIds = [...new Set(list.filter((v) => v.performerId !== viewer.id).map((v) => v.performerId))];
  const queries: SQLWrapper[] = [];
  if (performerIds.length) {
    queries.push(
      db
        .select(factCols('sub', subscriptions.performerId, subscriptionRankSql()))
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, viewer.id), inArray(subscriptions.performerId, performerIds), grantsAccessSql(now))),
      db
        .select(factCols('buy', purchases.itemId))
        .from(purchases)
        .where(and(eq(purchases.userId, viewer.id), eq(purchases.itemType, 'video'), inArray(purchases.itemId, ids))),
      db
        .select(factCols('tkt', streams.replayVideoId))
        .from(streams)
        .innerJoin(purchases, and(eq(purchases.userId, viewer.id), eq(purchases.itemType, 'stream'), eq(purchases.itemId, streams.id)))
        .where(and(inArray(streams.replayVideoId, ids), eq(streams.type, 'group'), eq(streams.replayFreeForTicketHolders, true))),
    );
    if (!isAdmin(viewer)) queries.push(db.select(factCols('blk', blockedOtherSql(viewer.id))).from(userBlocks).where(blocksBetweenSql(viewer.id, performerIds)));
    const tiers = tierRankFactQuery(db, list.filter((v) => v.performerId !== viewer.id).map((v) => v.minTierId), { idAsText: true });
    if (tiers) queries.push(tiers);
  }
  if (opts.reactions) {
    queries.push(
      db
        .select(factCols('react', reactions.objectId, reactions.action))
        .from(reactions)
        .where(and(eq(reactions.userId, viewer.id), eq(reactions.objectType, 'video'), inArray(reactions.objectId, ids))),
    );
  }
  if (queries.length === 0) return facts;
  const res = await db.execute<FactRow>(sql.join(queries, sql` UNION ALL `));
  facts.tiers = tierFactsFrom(res.rows.map((r) => ({ kind: String(r.kind), id: String(r.id), action: r.action === null ? null : String(r.action) })));
  for (const r of res.rows) {
    const id = String(r.id);
    if (r.kind === 'sub') facts.subscribedTo.add(id);
    else if (r.kind === 'buy') facts.bought.add(id);
    else if (r.kind === 'tkt') facts.ticketReplays.add(id);
    else if (r.kind === 'blk') facts.blocked.add(id);
    else if (r.kind === 'react' && r.action === 'like') facts.liked.add(id);
    else if (r.kind === 'react' && r.action === 'bookmark') facts.bookmarked.add(id);
  }
  return facts;
}

/** The rule itself, on known facts (no I/O). */
export function decideVideoAccess(viewer: UserRow | null, list: VideoForPolicy[], facts: VideoFacts, now: Date = new Date()): Map<string, VideoAccess> {
  const out = new Map<string, VideoAccess>();
  const admin = isAdmin(viewer);
  const audited = isAuditedOperator(viewer);
  for (const v of list) {
    const isOwner = Boolean(viewer && v.performerId === viewer.id);
    const isSubscribed = facts.subscribedTo.has(v.performerId);
    const isBought = facts.bought.has(v.id);
    const live = v.status === 'active' && v.publishAt.getTime() <= now.getTime();
    const keptByBuyer = isBought && v.status === 'inactive';
    const visible = isOwner || admin || (!facts.blocked.has(v.performerId) && (live || keptByBuyer));
    const ticketReplay = v.access === 'sale' && facts.ticketReplays.has(v.id);
    const canView = visible && (isOwner || audited || isBought || ticketReplay || v.access === 'free' || (v.access === 'subscribers' && isSubscribed && (!facts.tiers || reachesByFacts(facts.tiers, v.performerId, v.minTierId))));
    out.set(v.id, { visible, canView, isOwner, isSubscribed, isBought });
  }
  return out;
}

/** The rule for a list: facts (one round trip) + decision. */
export async function videoAccess(db: DbOrTx, viewer: UserRow | null, list: VideoForPolicy[], now: Date = new Date()): Promise<Map<string, VideoAccess>> {
  if (list.length === 0) return new Map();
  return decideVideoAccess(viewer, list, await videoFacts(db, viewer, list, { now }), now);
}

/** One video's access (same rule, same query). */
export async function videoAccessOne(db: DbOrTx, viewer: UserRow | null, video: VideoForPolicy, now?: Date): Promise<VideoAccess> {
  return (await videoAccess(db, viewer, [video], now)).get(video.id)!;
}
