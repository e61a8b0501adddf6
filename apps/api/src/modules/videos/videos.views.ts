import { getTableColumns, inArray } from 'drizzle-orm';
import { DEFAULT_AVATAR, fromMinor, type MediaFileView, type Video } from '@stagepass/shared';
import { isAdmin } from '../../platform/auth';
import type { Db, DbOrTx } from '../../db/client';
import { users, type UserRow } from '../users/users.tables';
import { hiddenFlags } from '../users/moderation.policy';
import type { FileRow } from '../media/media.tables';
import type { MediaService } from '../media/media.service';
import type { UsersService } from '../users/users.service';
import { videos, type VideoRow } from './videos.tables';
import { decideVideoAccess, videoFacts, type VideoAccess, type VideoFacts } from './videos.policy';

/** Every column but the generated search vector (never sent anywhere). */
const { searchVector: _sv, ...columns } = getTableColumns(videos);
export const videoColumns = columns;
export type Videoish = Omit<VideoRow, 'searchVector'>;

/** What a caller already knows about the viewer (one video read computes it to decide 404 first). */
export interface KnownVideoFacts {
  facts: VideoFacts;
  now: Date;
}

/** What VideoViews is built with (by VideosService and the kind, from their deps). */
export interface VideoViewsDeps {
  db: Db;
  media: MediaService;
  users: Pick<UsersService, 'avatarUrls'>;
}

/**
 * Video rows → the `Video` a viewer sees, in a fixed number of queries whatever the list length:
 * the viewer's facts (subscriptions, purchases, blocks, likes, bookmarks: one UNION ALL), the
 * creators, the files. The main file's view (and so its URL) only when the policy says `canView`.
 */
export class VideoViews {
  constructor(private deps: VideoViewsDeps) {}

  /** The viewer's facts about `rows` (one round trip) and the rule's answer for each. */
  async access(viewer: UserRow | null, rows: Videoish[], db: DbOrTx = this.deps.db, now = new Date()): Promise<{ known: KnownVideoFacts; access: Map<string, VideoAccess> }> {
    const facts = await videoFacts(db, viewer, rows, { reactions: true, now });
    return { known: { facts, now }, access: decideVideoAccess(viewer, rows, facts, now) };
  }

  async toViews(viewer: UserRow | null, rows: Videoish[], known?: KnownVideoFacts): Promise<Video[]> {
    if (rows.length === 0) return [];
    const now = known?.now ?? new Date();
    const fileIds = [...new Set(rows.flatMap((r) => [r.fileId, r.teaserFileId, r.thumbnailFileId]).filter((x): x is string => Boolean(x)))];
    const performerIds = [...new Set(rows.map((r) => r.performerId))];
    const [facts, performers, fileRows] = await Promise.all([
      known ? known.facts : videoFacts(this.deps.db, viewer, rows, { reactions: true, now }),
      this.deps.db.select({ id: users.id, name: users.name, username: users.username, avatar: users.avatar }).from(users).where(inArray(users.id, performerIds)),
      fileIds.length ? this.deps.media.byIds(fileIds) : Promise.resolve([] as FileRow[]),
    ]);
    const access = decideVideoAccess(viewer, rows, facts, now);
    const performerById = new Map(performers.map((p) => [p.id, p]));
    const fileById = new Map(fileRows.map((f) => [f.id, f]));
    const privileged = (r: Videoish) => Boolean(viewer && (viewer.id === r.performerId || isAdmin(viewer)));
    return rows.map((r) => {
      const a = access.get(r.id)!;
      const p = performerById.get(r.performerId);
      const main = r.fileId ? fileById.get(r.fileId) : undefined;
      const teaserRow = r.teaserFileId ? fileById.get(r.teaserFileId) : undefined;
      const thumbRow = r.thumbnailFileId ? fileById.get(r.thumbnailFileId) : undefined;
      const video = main && a.canView ? this.deps.media.fileView(main, 'full', viewer) : null;
      const teaser = teaserRow ? this.deps.media.fileView(teaserRow, 'full', viewer) : null;
      const thumbnail = thumbRow ? this.deps.media.fileView(thumbRow, 'full', viewer) : null;
      // The blurred preview only, when locked (it shows nothing).
      const blurred = main ? (this.deps.media.fileView(main, 'locked', viewer).preview ?? null) : null;
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
        title: r.title,
        description: r.description,
        tags: r.tags,
        status: r.status,
        access: r.access,
        price: r.access === 'sale' && r.price !== null ? fromMinor(r.price) : null,
        video,
        teaser,
        thumbnail,
        duration: main?.duration ?? null,
        previewImage: previewImage(thumbnail, teaser, video, blurred),
        canView: a.canView,
        isBought: a.isBought,
        isSubscribed: a.isSubscribed,
        isLiked: facts.liked.has(r.id),
        isBookmarked: facts.bookmarked.has(r.id),
        totalView: r.totalView,
        totalLike: r.totalLike,
        totalComment: r.totalComment,
        totalBookmark: r.totalBookmark,
        totalSale: privileged(r) ? r.totalSale : null,
        publishAt: r.publishAt.toISOString(),
        isScheduled: r.status === 'active' && r.publishAt.getTime() > now.getTime(),
        publishedAt: r.publishedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        ...hiddenFlags(r),
      } satisfies Video;
    });
  }

  async toView(viewer: UserRow | null, row: Videoish, known?: KnownVideoFacts): Promise<Video> {
    return (await this.toViews(viewer, [row], known))[0]!;
  }
}

/** A card's picture: the thumbnail, the teaser's poster, the open video's poster, else the blurred preview. */
function previewImage(thumbnail: MediaFileView | null, teaser: MediaFileView | null, video: MediaFileView | null, blurred: string | null): string | null {
  return thumbnail?.url ?? thumbnail?.thumbnails.at(-1) ?? teaser?.thumbnails[0] ?? video?.thumbnails[0] ?? blurred ?? null;
}
