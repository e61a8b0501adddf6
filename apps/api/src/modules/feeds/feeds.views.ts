import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { DEFAULT_AVATAR, fromMinor, pickPreviewImage, type Feed, type Poll } from '@stagepass/shared';
import { users, type UserRow } from '../users/users.tables';
import { hiddenFlags } from '../users/moderation.policy';
import type { FileRow } from '../media/media.tables';
import { reactions } from '../reactions/reactions.tables';
import { feeds, pollOptions, polls, pollVotes, type FeedRow, type PollOptionRow, type PollRow } from './feeds.tables';
import { accessFactQueries, accessFactsFrom, decideAccess, runUnion, type FeedAccess } from './feeds.policy';
import type { Db, DbOrTx } from '../../db/client';
import type { FileViewer, MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';

/** Every column but the generated search vector (never sent anywhere). */
const { searchVector: _sv, ...columns } = getTableColumns(feeds);
export const feedColumns = columns;
export type Feedish = Omit<FeedRow, 'searchVector'>;

/** A creator as a feed card shows them. */
export type PerformerCard = Pick<UserRow, 'id' | 'name' | 'username' | 'avatar'>;

/** Per-viewer flags the social modules own. */
export interface FeedViewerFlags {
  liked: Set<string>;
  bookmarked: Set<string>;
}

/** What a list query already fetched with its rows (the timeline): `toViews` then asks no more. */
export interface KnownViewerFacts {
  access: Map<string, FeedAccess>;
  flags: FeedViewerFlags;
  performers: Map<string, PerformerCard>;
  now: Date;
}

/** A poll as answered (options in their order, totals, the viewer's vote). */
export function pollView(poll: PollRow, options: PollOptionRow[], votedOptionId: string | null, now: Date = new Date()): Poll {
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


/**
 * The viewer's likes/bookmarks on `ids` as `{kind: 'react', id, action}` rows, batched with the
 * access facts into one round trip (`viewerFacts`). A read of the reactions table (a join-level
 * dependency: the feeds module never calls the reactions service).
 */
function reactionFactQuery(db: DbOrTx, userId: string, ids: string[]) {
  return db
    .select({ kind: sql<string>`'react'`.as('kind'), id: sql<string>`${reactions.objectId}`.as('id'), action: sql<string | null>`${reactions.action}`.as('action') })
    .from(reactions)
    .where(and(eq(reactions.userId, userId), eq(reactions.objectType, 'feed'), inArray(reactions.objectId, [...new Set(ids)])));
}

/** What FeedViews is built with (by FeedsService, from its own deps). */
export interface FeedViewsDeps {
  db: Db;
  media: MediaService;
  users: UsersService;
}

/** Feed rows → the `Feed` a viewer sees (access flags, locked files, poll, reactions). */
export class FeedViews {
  constructor(private deps: FeedViewsDeps) {}

  private get db() {
    return this.deps.db;
  }

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
      const files = r.fileIds.map((id) => fileById.get(id)).filter((f): f is FileRow => Boolean(f)).map((f) => this.fileView(f, a.canView, viewer));
      const teaserRow = r.teaserFileId ? fileById.get(r.teaserFileId) : undefined;
      const thumbRow = r.thumbnailFileId ? fileById.get(r.thumbnailFileId) : undefined;
      const teaser = teaserRow ? this.fileView(teaserRow, true, viewer) : null;
      const thumbnail = thumbRow ? this.fileView(thumbRow, true, viewer) : null;
      const pollRow = r.pollId ? pollById.get(r.pollId) : undefined;
      const poll = pollRow ? pollView(pollRow, optionsByPoll.get(pollRow.id) ?? [], votedByPoll.get(pollRow.id) ?? null, now) : null;
      const isLocked = !a.canView;
      return {
        _id: r.id,
        minTierId: r.minTierId ?? null,
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
        expiresAt: r.expiresAt?.toISOString() ?? null,
        isExpired: r.expiresAt !== null && r.expiresAt.getTime() <= now.getTime(),
        pinnedAt: r.pinnedAt?.toISOString() ?? null,
        ...hiddenFlags(r),
      } satisfies Feed;
    });
  }

  async toView(viewer: UserRow | null, row: Feedish): Promise<Feed> {
    return (await this.toViews(viewer, [row]))[0]!;
  }

  /**
   * Everything about the viewer a list of feeds needs — the access facts (subscriptions,
   * purchases) and the viewer's likes/bookmarks — in ONE round trip, then the policy's rule.
   */
  async viewerFacts(viewer: UserRow | null, rows: Feedish[], now: Date): Promise<{ access: Map<string, FeedAccess>; flags: FeedViewerFlags }> {
    const queries = accessFactQueries(this.db, viewer, rows, now);
    if (viewer) queries.push(reactionFactQuery(this.db, viewer.id, rows.map((r) => r.id)));
    const facts = await runUnion(this.db, queries);
    const access = decideAccess(viewer, rows, accessFactsFrom(facts), now);
    const flags: FeedViewerFlags = { liked: new Set(), bookmarked: new Set() };
    for (const f of facts) {
      if (f.kind !== 'react') continue;
      if (f.action === 'like') flags.liked.add(f.id);
      if (f.action === 'bookmark') flags.bookmarked.add(f.id);
    }
    return { access, flags };
  }

  /** The media module's view: with URLs only when `canView`; locked → type, status, blurred preview. Private images for a `viewer` other than the owner: marked per viewer; private videos: the viewer's HLS link. */
  fileView(file: FileRow, canView: boolean, viewer: FileViewer) {
    return this.deps.media.fileView(file, canView ? 'full' : 'locked', viewer);
  }
}
