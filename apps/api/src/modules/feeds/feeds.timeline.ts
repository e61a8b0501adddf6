import { desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { users, type UserRow } from '../users/users.tables';
import { follows } from '../follows/follows.tables';
import { reactionFlagColumns } from '../reactions/reactions.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { feeds } from './feeds.tables';
import { accessFactColumns, accessFactsFrom, decideAccess, factRowsFromColumns, feedModerationForSql } from './feeds.policy';
import { notBlockedWith } from '../blocks/blocks.policy';
import { feedColumns, type FeedViewerFlags, type KnownViewerFacts, type PerformerCard } from './feeds.views';
import type { Db } from '../../db/client';
import { ageRestrictedNow } from '../../platform/age-context';

/**
 * The timeline's authors and its row condition (`p.pid` is the author) for a viewer id and a time.
 * Authors: the creators the viewer follows or is subscribed to, and the viewer themself (a
 * creator's own posts are part of their home; for a fan it is one empty index probe).
 */
function timelineParts(viewerId: SQLWrapper | string, now: SQLWrapper, ageRestricted: SQLWrapper) {
  const authors = sql`(SELECT ${follows.followingId} AS pid FROM ${follows} WHERE ${follows.followerId} = ${viewerId}
      UNION SELECT ${subscriptions.performerId} FROM ${subscriptions} WHERE ${subscriptions.userId} = ${viewerId} AND ${grantsAccessSql(now)}
      UNION SELECT CAST(${viewerId} AS uuid))`;
  const visible = sql`${feeds.performerId} = p.pid AND ${feeds.publishAt} <= ${now} AND (${feeds.expiresAt} IS NULL OR ${feeds.expiresAt} > ${now}) AND ${notBlockedWith(feeds.performerId, viewerId)} AND ${feedModerationForSql(viewerId, ageRestricted)}`;
  return { authors, visible };
}

/**
 * How far past the page the timeline's `total` counts: a reader with 50 creators of 100 posts each
 * made every page count 5,000 index entries; now a page counts at most offset + limit + this many.
 * `total` is exact below that, and says "at least" above it (the web reads the newest page's total,
 * so scrolling on keeps finding more). README.md beside this file.
 */
export const TIMELINE_COUNT_AHEAD = 1000;

/** The capped count: at most `cap` visible posts of the authors (each author's scan stops there too). */
function cappedCount(authors: SQLWrapper, visible: SQLWrapper, cap: SQLWrapper | number) {
  return sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${authors} p CROSS JOIN LATERAL (
      SELECT 1 FROM ${feeds} WHERE ${visible} LIMIT ${cap}) c LIMIT ${cap}) x)`;
}

/**
 * The home timeline as one statement (exported for bench/timeline.mts, whose floor runs the same
 * SQL), built once per database and prepared (named, so PostgreSQL
 * parses and plans it once per connection). Each author's newest posts come from the (performer_id,
 * publish_at desc, id desc) index through a LATERAL top-N, so a page reads at most (offset + limit)
 * index entries per author instead of scanning all feeds (bench/feeds: ~30 ms → ~2 ms per page on
 * 100,000 feeds). Every row also carries the (capped) total, its creator's card columns and the
 * viewer's facts (accessFactColumns, reactionFlagColumns).
 */
export function timelineQuery(db: Db) {
  const viewer = sql.placeholder('viewer');
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  // The age rule (platform/age-context.ts) as a parameter: the statement is prepared once for every request.
  const { authors, visible } = timelineParts(viewer, now, sql.placeholder('ageRestricted'));
  const top = db.select(feedColumns).from(feeds).where(visible).orderBy(desc(feeds.publishAt), desc(feeds.id)).limit(sql.placeholder('depth')).as('t');
  const total = cappedCount(authors, visible, sql`${sql.placeholder('countCap')}::int`);
  return db
    .select({
      ...top._.selectedFields,
      total: total.as('total'),
      performerName: users.name,
      performerUsername: users.username,
      performerAvatar: users.avatar,
      ...accessFactColumns(viewer, top, now),
      ...reactionFlagColumns(viewer, 'feed', top.id),
    })
    .from(sql`${authors} p`)
    .crossJoinLateral(top)
    .leftJoin(users, eq(users.id, top.performerId))
    .orderBy(desc(top.publishAt), desc(top.id))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'));
}
const buildTimelineStatement = (db: Db) => timelineQuery(db).prepare('feeds_timeline');
const timelineStatements = new WeakMap<Db, ReturnType<typeof buildTimelineStatement>>();
function timelineStatement(db: Db) {
  let st = timelineStatements.get(db);
  if (!st) timelineStatements.set(db, (st = buildTimelineStatement(db)));
  return st;
}

/**
 * One page of the home timeline: published feeds of the creators the viewer follows or is
 * currently subscribed to, and the viewer's own, newest first (publishAt, then id). ONE prepared
 * statement answers the page, the total, each row's creator and the viewer's facts (subscription,
 * purchase, like, bookmark); `decideAccess` then decides on those facts as for every other list.
 * The answer's `known` lets `FeedViews.toViews` shape the rows without asking again.
 */
export async function timelinePage(db: Db, viewer: UserRow, q: { offset: number; limit: number }, countAhead = TIMELINE_COUNT_AHEAD) {
  const now = new Date();
  const countCap = q.offset + q.limit + countAhead;
  const rows = await timelineStatement(db).execute({
    viewer: viewer.id, now: now.toISOString(), ageRestricted: ageRestrictedNow(), depth: q.offset + q.limit, offset: q.offset, limit: q.limit, countCap,
  });
  // The total rides on every row; a page past the end has none, so count on its own then.
  const total = rows.length ? Number(rows[0]!.total) : q.offset === 0 ? 0 : await timelineCount(db, viewer, now, countCap);
  // Blocks are left out in SQL (`visible`), so the facts have no `blk` rows to read.
  const facts = accessFactsFrom(factRowsFromColumns(rows));
  const flags: FeedViewerFlags = { liked: new Set(), bookmarked: new Set() };
  const performers = new Map<string, PerformerCard>();
  for (const r of rows) {
    if (r.isLiked) flags.liked.add(r.id);
    if (r.isBookmarked) flags.bookmarked.add(r.id);
    // A left join: no name means the creator's row is gone (the card then shows blanks, as in toViews).
    if (r.performerName !== null) {
      performers.set(r.performerId, { id: r.performerId, name: r.performerName, username: r.performerUsername, avatar: r.performerAvatar });
    }
  }
  const known: KnownViewerFacts = { access: decideAccess(viewer, rows, facts, now), flags, performers, now };
  return { rows, total, known };
}

async function timelineCount(db: Db, viewer: UserRow, now: Date, cap: number): Promise<number> {
  const { authors, visible } = timelineParts(viewer.id, sql`${now.toISOString()}::timestamptz`, sql`${ageRestrictedNow()}`);
  const counted = await db.execute<{ n: number }>(sql`SELECT ${cappedCount(authors, visible, cap)} AS n`);
  return Number(counted.rows[0]?.n ?? 0);
}
