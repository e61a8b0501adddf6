import { sanitizeRichText } from '@stagepass/shared/rich-text';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  DEFAULT_AVATAR, FEED_FILE_KINDS, FEED_SLOT_MEDIA, FEED_TEXT_MAX, fromMinor, isUuid, pickPreviewImage, ppvPriceLimits, toMinor,
  type CreateFeedInput, type CreatePollInput, type Feed, type FeedListQuery, type FeedType, type FeedUploadSlot, type Poll,
  type UpdateFeedInput,
} from '@stagepass/shared';
import type { ReceivedFile } from '../../platform/uploads';
import { badRequest, conflict, fieldError, forbidden, notFound, unprocessable, type FieldError } from '../../platform/errors';
import { isAdmin } from '../../platform/auth';
import { isUniqueViolation } from '../../db/errors';
import { users, type UserRow } from '../users/users.tables';
import type { FileRow } from '../media/media.tables';
import { follows } from '../follows/follows.tables';
import { reactionFactQuery, reactionFlagColumns } from '../reactions/reactions.service';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { feeds, pollOptions, polls, pollVotes, type FeedRow, type PollOptionRow, type PollRow } from './feeds.tables';
import { accessFactColumns, accessFactQueries, accessFactsFrom, decideAccess, factRowsFromColumns, feedAccessOne, runUnion, isBlocked, listableSql, notBlockedSql, type FeedAccess } from './feeds.policy';
import type { Db } from '../../db/client';
import type { MediaService } from '../media/media.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';

/** Every column but the generated search vector (never sent anywhere). */
const { searchVector: _sv, ...feedColumns } = getTableColumns(feeds);
type Feedish = Omit<FeedRow, 'searchVector'>;

const MEDIA_KINDS = { 'feed-photo': 'photo', 'feed-video': 'video', 'feed-audio': 'audio' } as const;

/** Feed text keeps the shared rich-text allow-list (spec §5; packages/shared/src/rich-text.ts). */
export const stripFeedText = (text: string) => sanitizeRichText(text);

/** A creator as a feed card shows them. */
type PerformerCard = Pick<UserRow, 'id' | 'name' | 'username' | 'avatar'>;

/** What a list query already fetched with its rows (the timeline): `toViews` then asks no more. */
export interface KnownViewerFacts {
  access: Map<string, FeedAccess>;
  flags: FeedViewerFlags;
  performers: Map<string, PerformerCard>;
  now: Date;
}

/**
 * The timeline's authors and its row condition (`p.pid` is the author) for a viewer id and a time.
 * Authors: the creators the viewer follows or is subscribed to, and the viewer themself (a
 * creator's own posts are part of their home; for a fan it is one empty index probe).
 */
function timelineParts(viewerId: SQLWrapper | string, now: SQLWrapper) {
  const authors = sql`(SELECT ${follows.followingId} AS pid FROM ${follows} WHERE ${follows.followerId} = ${viewerId}
      UNION SELECT ${subscriptions.performerId} FROM ${subscriptions} WHERE ${subscriptions.userId} = ${viewerId} AND ${grantsAccessSql(now)}
      UNION SELECT CAST(${viewerId} AS uuid))`;
  const visible = sql`${feeds.performerId} = p.pid AND ${feeds.publishAt} <= ${now} AND ${notBlockedSql(viewerId)}`;
  return { authors, visible };
}

/**
 * The home timeline as one statement, built once per database and prepared (named, so PostgreSQL
 * parses and plans it once per connection). Each author's newest posts come from the (performer_id,
 * publish_at desc, id desc) index through a LATERAL top-N, so a page reads at most (offset + limit)
 * index entries per author instead of scanning all feeds (bench/feeds: ~30 ms → ~2 ms per page on
 * 100,000 feeds). Every row also carries the total, its creator's card columns and the viewer's
 * facts (accessFactColumns, reactionFlagColumns).
 */
function buildTimelineStatement(db: Db) {
  const viewer = sql.placeholder('viewer');
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  const { authors, visible } = timelineParts(viewer, now);
  const top = db.select(feedColumns).from(feeds).where(visible).orderBy(desc(feeds.publishAt), desc(feeds.id)).limit(sql.placeholder('depth')).as('t');
  const total = sql<number>`(SELECT coalesce(sum(c.n), 0)::int FROM ${authors} p CROSS JOIN LATERAL (SELECT count(*) AS n FROM ${feeds} WHERE ${visible}) c)`;
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
    .limit(sql.placeholder('limit'))
    .prepare('feeds_timeline');
}
const timelineStatements = new WeakMap<Db, ReturnType<typeof buildTimelineStatement>>();
function timelineStatement(db: Db) {
  let st = timelineStatements.get(db);
  if (!st) timelineStatements.set(db, (st = buildTimelineStatement(db)));
  return st;
}

/** Per-viewer flags the social modules own. */
export interface FeedViewerFlags {
  liked: Set<string>;
  bookmarked: Set<string>;
}

/** What FeedsService is built with (by the composition root, root.ts). */
export interface FeedsDeps {
  db: Db;
  media: MediaService;
  settings: SettingsService;
  users: UsersService;
}

/** Feeds: the creator's composer, the fan's reads, polls. Rules: README.md beside this file. */
export class FeedsService {
  constructor(private deps: FeedsDeps) {}

  private get db() {
    return this.deps.db;
  }

  // ---------------------------------------------------------------- creator side

  /** Stores an upload of one composer slot (photo, video, audio, thumbnail, teaser). */
  async upload(owner: UserRow, slot: FeedUploadSlot, upload: ReceivedFile): Promise<FileRow> {
    // Teasers and thumbnails are shown on locked feeds too: public. Feed media: private (signed URLs).
    const visibility = slot === 'teaser' || slot === 'thumbnail' ? 'public' : 'private';
    return this.deps.media.storeUpload(owner.id, FEED_FILE_KINDS[slot], FEED_SLOT_MEDIA[slot], upload, { visibility });
  }

  async createPoll(owner: UserRow, input: CreatePollInput): Promise<Poll> {
    const expiresAt = new Date(input.expiresAt);
    if (expiresAt.getTime() <= Date.now()) throw fieldError('expiresAt', 'The poll must end in the future');
    const keys = input.options.map((o) => o.toLowerCase());
    if (new Set(keys).size !== keys.length) throw fieldError('options', 'Options must be different from each other');
    const { poll, options } = await this.db.transaction(async (tx) => {
      const [poll] = await tx.insert(polls).values({ performerId: owner.id, question: input.question ?? '', expiresAt }).returning();
      const options = await tx
        .insert(pollOptions)
        .values(input.options.map((text, position) => ({ pollId: poll!.id, text, position })))
        .returning();
      return { poll: poll!, options };
    });
    return this.pollView(poll, options, null);
  }

  async create(owner: UserRow, input: CreateFeedInput): Promise<Feedish> {
    const text = this.cleanText(input.text ?? '');
    const fileIds = input.fileIds ?? [];
    const { type } = await this.checkAttachments(owner, { fileIds, teaserId: input.teaserId ?? null, thumbnailId: input.thumbnailId ?? null, pollId: input.pollId ?? null });
    if (!text && fileIds.length === 0 && !input.pollId) throw badRequest('A feed needs text, a file or a poll', [{ field: 'text', message: 'Write something or attach a file or a poll' }]);
    const price = await this.checkPrice(input.visibility, input.price ?? null);
    const publishAt = this.scheduleTime(input.scheduleAt);
    try {
      const [row] = await this.db
        .insert(feeds)
        .values({
          performerId: owner.id, text, type, visibility: input.visibility, price, fileIds,
          teaserFileId: input.teaserId ?? null, thumbnailFileId: input.thumbnailId ?? null, pollId: input.pollId ?? null,
          status: publishAt ? 'scheduled' : 'published', publishAt: publishAt ?? new Date(),
        })
        .returning(feedColumns);
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This poll is already attached to another feed', [{ field: 'pollId', message: 'Already used' }]);
      throw err;
    }
  }

  async update(owner: UserRow, id: string, input: UpdateFeedInput): Promise<Feedish> {
    const current = await this.ownFeed(owner, id);
    const text = input.text !== undefined ? this.cleanText(input.text) : current.text;
    const next = {
      fileIds: input.fileIds ?? current.fileIds,
      teaserId: input.teaserId !== undefined ? input.teaserId : current.teaserFileId,
      thumbnailId: input.thumbnailId !== undefined ? input.thumbnailId : current.thumbnailFileId,
      pollId: input.pollId !== undefined ? input.pollId : current.pollId,
    };
    const { type } = await this.checkAttachments(owner, next, current.id);
    if (!text && next.fileIds.length === 0 && !next.pollId) throw badRequest('A feed needs text, a file or a poll', [{ field: 'text', message: 'Write something or attach a file or a poll' }]);
    const visibility = input.visibility ?? current.visibility;
    const priceInput = input.price !== undefined ? input.price : current.price === null ? null : fromMinor(current.price);
    const price = await this.checkPrice(visibility, priceInput);
    const patch: Partial<typeof feeds.$inferInsert> = {
      text, type, visibility, price, fileIds: next.fileIds, teaserFileId: next.teaserId, thumbnailFileId: next.thumbnailId, pollId: next.pollId,
    };
    if (input.scheduleAt !== undefined) {
      const at = this.scheduleTime(input.scheduleAt);
      if (at) Object.assign(patch, { publishAt: at, status: 'scheduled' });
      else if (current.publishAt.getTime() > Date.now()) Object.assign(patch, { publishAt: new Date(), status: 'published' });
    }
    try {
      const [row] = await this.db.update(feeds).set(patch).where(and(eq(feeds.id, current.id), eq(feeds.performerId, owner.id))).returning(feedColumns);
      if (!row) throw notFound('Feed not found');
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('This poll is already attached to another feed', [{ field: 'pollId', message: 'Already used' }]);
      throw err;
    }
  }

  /** Deletes the feed and its poll (votes go with it). Files stay with the media module. */
  async remove(owner: UserRow, id: string): Promise<void> {
    const current = await this.ownFeed(owner, id);
    await this.db.transaction(async (tx) => {
      await tx.delete(feeds).where(eq(feeds.id, current.id));
      if (current.pollId) await tx.delete(polls).where(eq(polls.id, current.pollId));
    });
  }

  /** One of the caller's own feeds; 404 for anyone else's (admins included: this is the composer). */
  async ownFeed(owner: UserRow, id: string): Promise<Feedish> {
    if (!isUuid(id)) throw notFound('Feed not found');
    const [row] = await this.db.select(feedColumns).from(feeds).where(and(eq(feeds.id, id), eq(feeds.performerId, owner.id))).limit(1);
    if (!row) throw notFound('Feed not found');
    return row;
  }

  async listOwn(owner: UserRow, q: FeedListQuery) {
    return this.page(and(eq(feeds.performerId, owner.id), ...this.filters(q))!, q);
  }

  // ---------------------------------------------------------------- fan side

  /**
   * Home timeline: published feeds of the creators the viewer follows or is currently subscribed
   * to, and the viewer's own, newest first (publishAt, then id), as views. ONE prepared statement answers the page, the
   * total, each row's creator and the viewer's facts (subscription, purchase, like, bookmark);
   * `decideAccess` then decides on those facts as for every other list. Files and polls, when a
   * page has any, are fetched as in `toViews`.
   */
  async timeline(viewer: UserRow, q: { offset: number; limit: number }): Promise<{ data: Feed[]; total: number }> {
    const now = new Date();
    const rows = await timelineStatement(this.db).execute({
      viewer: viewer.id, now: now.toISOString(), depth: q.offset + q.limit, offset: q.offset, limit: q.limit,
    });
    // The total rides on every row; a page past the end has none, so count on its own then.
    const total = rows.length ? Number(rows[0]!.total) : q.offset === 0 ? 0 : await this.timelineCount(viewer, now);
    const facts = await accessFactsFrom(this.db, viewer, rows, factRowsFromColumns(rows));
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
    const data = await this.toViews(viewer, rows, { access: decideAccess(viewer, rows, facts, now), flags, performers, now });
    return { data, total };
  }

  private async timelineCount(viewer: UserRow, now: Date): Promise<number> {
    const { authors, visible } = timelineParts(viewer.id, sql`${now.toISOString()}::timestamptz`);
    const counted = await this.db.execute<{ n: number }>(sql`SELECT coalesce(sum(c.n), 0)::int AS n FROM ${authors} p CROSS JOIN LATERAL (
        SELECT count(*) AS n FROM ${feeds} WHERE ${visible}) c`);
    return Number(counted.rows[0]?.n ?? 0);
  }

  /** One creator's feeds (by username or id) as `viewer` may see them listed; locked ones stay in. */
  async byCreator(viewer: UserRow | null, username: string, q: FeedListQuery) {
    const creator = await this.deps.users.findByIdOrUsername(username);
    if (!creator || !creator.isPerformer) throw notFound('Creator not found');
    if (viewer && !isAdmin(viewer) && (await isBlocked(this.db, creator.id, viewer.id))) throw notFound('Creator not found');
    return this.page(and(eq(feeds.performerId, creator.id), listableSql(viewer), ...this.filters(q))!, q);
  }

  /** A feed the viewer may know exists (404 otherwise), with its access. */
  async readable(viewer: UserRow | null, id: string): Promise<{ feed: Feedish; access: FeedAccess }> {
    if (!isUuid(id)) throw notFound('Feed not found');
    const [feed] = await this.db.select(feedColumns).from(feeds).where(eq(feeds.id, id)).limit(1);
    if (!feed) throw notFound('Feed not found');
    const access = await feedAccessOne(this.db, viewer, feed);
    if (!access.visible) throw notFound('Feed not found');
    return { feed, access };
  }

  /**
   * Votes for a poll option (`optionId`). The voter must be able to view the feed carrying the
   * poll (hidden → 404, locked → 403); an expired poll → 422; a second vote → 409 (the unique
   * (poll, user) index makes concurrent double votes impossible, the counter moves in the same
   * transaction as the vote row).
   */
  async vote(viewer: UserRow, optionId: string): Promise<Poll> {
    if (!isUuid(optionId)) throw notFound('Poll option not found');
    const [found] = await this.db
      .select({ option: pollOptions, poll: polls, feed: feedColumns })
      .from(pollOptions)
      .innerJoin(polls, eq(polls.id, pollOptions.pollId))
      .innerJoin(feeds, eq(feeds.pollId, polls.id))
      .where(eq(pollOptions.id, optionId))
      .limit(1);
    if (!found) throw notFound('Poll option not found');
    const access = await feedAccessOne(this.db, viewer, found.feed);
    if (!access.visible) throw notFound('Poll option not found');
    if (!access.canView) throw forbidden(found.feed.visibility === 'ppv' ? 'Unlock this feed to vote' : 'Subscribe to vote in this poll');
    if (found.poll.expiresAt.getTime() <= Date.now()) throw unprocessable('This poll has ended');
    await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(pollVotes)
        .values({ pollId: found.poll.id, userId: viewer.id, optionId })
        .onConflictDoNothing()
        .returning({ pollId: pollVotes.pollId });
      if (inserted.length === 0) throw conflict('You have already voted in this poll');
      await tx.update(pollOptions).set({ votes: sql`${pollOptions.votes} + 1` }).where(eq(pollOptions.id, optionId));
    });
    const options = await this.db.select().from(pollOptions).where(eq(pollOptions.pollId, found.poll.id));
    return this.pollView(found.poll, options, optionId);
  }

  /**
   * Processing status of a file of a feed. The uploader may ask about their own file before any
   * feed exists (`feedId` = `new`, or any feed id); everyone else needs a feed they may see that carries
   * the file. The answer is the file view (no URL when the feed is locked for the caller).
   */
  async fileStatus(viewer: UserRow | null, feedId: string, fileId: string) {
    if (!isUuid(fileId)) throw notFound('File not found');
    const [file] = await this.deps.media.byIds([fileId]);
    if (!file) throw notFound('File not found');
    if (viewer && file.ownerId === viewer.id) return this.fileView(file, true);
    const { feed, access } = await this.readable(viewer, feedId);
    if (feed.teaserFileId === fileId || feed.thumbnailFileId === fileId) return this.fileView(file, true);
    if (!feed.fileIds.includes(fileId)) throw notFound('File not found');
    return this.fileView(file, access.canView);
  }

  // ---------------------------------------------------------------- views

  /**
   * Feeds as `viewer` sees them. A fixed number of queries whatever the list length: access
   * (subscriptions + purchases), performers, files, polls, options, the viewer's votes, flags.
   */
  async toViews(viewer: UserRow | null, rows: Feedish[], known?: KnownViewerFacts): Promise<Feed[]> {
    if (rows.length === 0) return [];
    const now = known?.now ?? new Date();
    const performerIds = [...new Set(rows.map((r) => r.performerId))];
    let fileIds: string[] = [];
    let pollIds: string[] = [];
    for (const r of rows) {
      if (r.fileIds.length || r.teaserFileId || r.thumbnailFileId) fileIds.push(...r.fileIds, ...[r.teaserFileId, r.thumbnailFileId].filter((x): x is string => Boolean(x)));
      if (r.pollId) pollIds.push(r.pollId);
    }
    fileIds = [...new Set(fileIds)];
    pollIds = [...new Set(pollIds)];
    const [{ access, flags }, performers, fileRows, pollRows, optionRows, voteRows] = await Promise.all([
      known ? { access: known.access, flags: known.flags } : this.viewerFacts(viewer, rows, now),
      known ? [...known.performers.values()] : this.db.select({ id: users.id, name: users.name, username: users.username, avatar: users.avatar }).from(users).where(inArray(users.id, performerIds)),
      fileIds.length ? this.deps.media.byIds(fileIds) : Promise.resolve([] as FileRow[]),
      pollIds.length ? this.db.select().from(polls).where(inArray(polls.id, pollIds)) : Promise.resolve([] as PollRow[]),
      pollIds.length ? this.db.select().from(pollOptions).where(inArray(pollOptions.pollId, pollIds)) : Promise.resolve([] as PollOptionRow[]),
      pollIds.length && viewer
        ? this.db.select({ pollId: pollVotes.pollId, optionId: pollVotes.optionId }).from(pollVotes).where(and(eq(pollVotes.userId, viewer.id), inArray(pollVotes.pollId, pollIds)))
        : Promise.resolve([] as Array<{ pollId: string; optionId: string }>),
    ]);
    const performerById = new Map(performers.map((p) => [p.id, p]));
    const fileById = new Map(fileRows.map((f) => [f.id, f]));
    const pollById = new Map(pollRows.map((p) => [p.id, p]));
    const optionsByPoll = new Map<string, PollOptionRow[]>();
    for (const o of optionRows) optionsByPoll.set(o.pollId, [...(optionsByPoll.get(o.pollId) ?? []), o]);
    const votedByPoll = new Map(voteRows.map((v) => [v.pollId, v.optionId]));

    return rows.map((r) => {
      const a = access.get(r.id)!;
      const p = performerById.get(r.performerId);
      const files = r.fileIds.map((id) => fileById.get(id)).filter((f): f is FileRow => Boolean(f)).map((f) => this.fileView(f, a.canView));
      const teaserRow = r.teaserFileId ? fileById.get(r.teaserFileId) : undefined;
      const thumbRow = r.thumbnailFileId ? fileById.get(r.thumbnailFileId) : undefined;
      const teaser = teaserRow ? this.fileView(teaserRow, true) : null;
      const thumbnail = thumbRow ? this.fileView(thumbRow, true) : null;
      const pollRow = r.pollId ? pollById.get(r.pollId) : undefined;
      const poll = pollRow ? this.pollView(pollRow, optionsByPoll.get(pollRow.id) ?? [], votedByPoll.get(pollRow.id) ?? null, now) : null;
      const isLocked = !a.canView;
      return {
        _id: r.id,
        performerId: r.performerId,
        performer: {
          _id: r.performerId,
          name: p ? p.name || p.username || '' : '',
          username: p?.username ?? null,
          avatar: (p && this.deps.users.avatarUrls(p)?.thumb) || DEFAULT_AVATAR,
        },
        text: r.text,
        type: r.type,
        visibility: r.visibility,
        price: r.visibility === 'ppv' && r.price !== null ? fromMinor(r.price) : null,
        files,
        teaser,
        thumbnail,
        poll,
        isSubscribed: a.isSubscribed,
        isBought: a.isBought,
        isLocked,
        totalLike: r.totalLike,
        totalComment: r.totalComment,
        totalBookmark: r.totalBookmark,
        isLiked: flags.liked.has(r.id),
        isBookmarked: flags.bookmarked.has(r.id),
        status: r.publishAt.getTime() > now.getTime() ? 'scheduled' : 'published',
        publishAt: r.publishAt.toISOString(),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        previewImage: pickPreviewImage({ isLocked, files, teaser, thumbnail }),
      } satisfies Feed;
    });
  }

  async toView(viewer: UserRow | null, row: Feedish): Promise<Feed> {
    return (await this.toViews(viewer, [row]))[0]!;
  }

  /**
   * HOOK for the social modules: which of `feedIds` the viewer liked / bookmarked. Until reactions
   * exist: none. Replace with ONE query on `reactions` (user = viewer, object_type 'feed',
   * object_id = any(feedIds), action in ('like','bookmark')).
   */
  /**
   * Everything about the viewer a list of feeds needs — the access facts (subscriptions,
   * purchases) and the viewer's likes/bookmarks — in ONE round trip, then the policy's rule.
   */
  async viewerFacts(viewer: UserRow | null, rows: Feedish[], now: Date): Promise<{ access: Map<string, FeedAccess>; flags: FeedViewerFlags }> {
    const queries = accessFactQueries(this.db, viewer, rows, now);
    if (viewer) queries.push(reactionFactQuery(this.db, viewer.id, 'feed', rows.map((r) => r.id)));
    const facts = await runUnion(this.db, queries);
    const access = decideAccess(viewer, rows, await accessFactsFrom(this.db, viewer, rows, facts), now);
    const flags: FeedViewerFlags = { liked: new Set(), bookmarked: new Set() };
    for (const f of facts) {
      if (f.kind !== 'react') continue;
      if (f.action === 'like') flags.liked.add(f.id);
      if (f.action === 'bookmark') flags.bookmarked.add(f.id);
    }
    return { access, flags };
  }

  /** The media module's view: with URLs only when `canView`; locked → type, status, blurred preview. */
  fileView(file: FileRow, canView: boolean) {
    return this.deps.media.fileView(file, canView ? 'full' : 'locked');
  }

  pollView(poll: PollRow, options: PollOptionRow[], votedOptionId: string | null, now: Date = new Date()): Poll {
    const sorted = [...options].sort((a, b) => a.position - b.position);
    return {
      _id: poll.id,
      question: poll.question,
      options: sorted.map((o) => ({ _id: o.id, text: o.text, votes: o.votes })),
      expiresAt: poll.expiresAt.toISOString(),
      isExpired: poll.expiresAt.getTime() <= now.getTime(),
      totalVotes: sorted.reduce((n, o) => n + o.votes, 0),
      votedOptionId,
    };
  }

  // ---------------------------------------------------------------- helpers

  private async page(where: SQL, q: { offset: number; limit: number; sortBy?: string; sort?: 'asc' | 'desc' }) {
    const col = q.sortBy === 'createdAt' ? feeds.createdAt : q.sortBy === 'updatedAt' ? feeds.updatedAt : feeds.publishAt;
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db.select(feedColumns).from(feeds).where(where).orderBy(dir(col), dir(feeds.id)).offset(q.offset).limit(q.limit),
      this.db.select({ n: count() }).from(feeds).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }

  private filters(q: FeedListQuery): SQL[] {
    const now = new Date();
    const out: SQL[] = [];
    if (q.status === 'published') out.push(lte(feeds.publishAt, now));
    if (q.status === 'scheduled') out.push(gt(feeds.publishAt, now));
    if (q.type) out.push(eq(feeds.type, q.type));
    if (q.visibility) out.push(eq(feeds.visibility, q.visibility));
    if (q.q) out.push(sql`${feeds.searchVector} @@ plainto_tsquery('simple', ${q.q})`);
    return out;
  }

  private cleanText(raw: string): string {
    const text = stripFeedText(raw);
    if (text.length > FEED_TEXT_MAX) throw fieldError('text', `Text must be at most ${FEED_TEXT_MAX} characters`);
    return text;
  }

  /** Pay-per-view needs a price within the site's limits (README); other visibilities store none. */
  private async checkPrice(visibility: string, price: number | null): Promise<number | null> {
    if (visibility !== 'ppv') return null;
    if (price === null || price === undefined) throw fieldError('price', 'Set a price for a pay-per-view feed');
    const { min, max } = ppvPriceLimits({
      minimumSubscriptionPrice: await this.deps.settings.get('minimumSubscriptionPrice'),
      maximumTipPrice: await this.deps.settings.get('maximumTipPrice'),
    });
    if (price < min || price > max) throw fieldError('price', `The price must be between ${min.toFixed(2)} and ${max.toFixed(2)}`);
    return toMinor(price);
  }

  private scheduleTime(at: string | null | undefined): Date | null {
    if (!at) return null;
    const d = new Date(at);
    if (d.getTime() <= Date.now()) throw fieldError('scheduleAt', 'Choose a time in the future');
    return d;
  }

  /**
   * Files and poll must be the creator's own: media files of kind feed-photo/video/audio (no
   * duplicates, none failed), a feed-teaser, a feed-thumbnail, a poll. Returns the derived type.
   */
  private async checkAttachments(
    owner: UserRow,
    a: { fileIds: string[]; teaserId: string | null; thumbnailId: string | null; pollId: string | null },
    _feedId?: string,
  ): Promise<{ type: FeedType }> {
    const details: FieldError[] = [];
    if (new Set(a.fileIds).size !== a.fileIds.length) details.push({ field: 'fileIds', message: 'A file is listed twice' });
    const ids = [...new Set([...a.fileIds, a.teaserId, a.thumbnailId].filter((x): x is string => Boolean(x)))];
    const rows = ids.length ? await this.deps.media.byIds(ids) : [];
    const own = new Map(rows.filter((f) => f.ownerId === owner.id).map((f) => [f.id, f]));
    const kinds = new Set<string>();
    a.fileIds.forEach((id, i) => {
      const f = own.get(id);
      if (!f) details.push({ field: `fileIds.${i}`, message: 'Unknown file: upload it first' });
      else if (!(f.kind in MEDIA_KINDS)) details.push({ field: `fileIds.${i}`, message: 'Not a feed photo, video or audio file' });
      else if (f.status === 'failed') details.push({ field: `fileIds.${i}`, message: 'This file could not be processed; upload it again' });
      else kinds.add(MEDIA_KINDS[f.kind as keyof typeof MEDIA_KINDS]);
    });
    const checkOne = (id: string | null, field: string, kind: string, label: string) => {
      if (!id) return;
      const f = own.get(id);
      if (!f) details.push({ field, message: 'Unknown file: upload it first' });
      else if (f.kind !== kind) details.push({ field, message: `Not a ${label}` });
      else if (f.status === 'failed') details.push({ field, message: 'This file could not be processed; upload it again' });
    };
    checkOne(a.teaserId, 'teaserId', FEED_FILE_KINDS.teaser, 'teaser upload');
    checkOne(a.thumbnailId, 'thumbnailId', FEED_FILE_KINDS.thumbnail, 'thumbnail upload');
    if (a.pollId) {
      const [poll] = await this.db.select({ id: polls.id }).from(polls).where(and(eq(polls.id, a.pollId), eq(polls.performerId, owner.id))).limit(1);
      if (!poll) details.push({ field: 'pollId', message: 'Unknown poll: create it first' });
    }
    if (details.length) throw badRequest(details[0]!.message, details);
    if (a.pollId) kinds.add('poll');
    const type: FeedType = kinds.size === 0 ? 'text' : kinds.size === 1 ? ([...kinds][0] as FeedType) : 'mixed';
    return { type };
  }
}

