// Just over 300 lines: the creator's catalogue writes and the fans' reads of one kind, each short; the policy, views and publication live beside it.
import { labelledSql } from '../labels/labels.tables';
import { and, arrayContains, asc, count, desc, eq, gt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  MESSAGES, VIDEO_FILE_FIELDS, VIDEO_FILE_KINDS, VIDEO_SLOT_MEDIA, fromMinor, isUuid, ppvPriceLimits, toMinor,
  type AssetAccess, type CreateVideoInput, type EditVideoInput, type OwnVideoQuery, type UpdateVideoFilesInput, type Video,
  type VideoFileType, type VideoSearchQuery, type VideoUploadSlot,
} from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { ReceivedFile } from '../../platform/uploads';
import type { Events } from '../../platform/events';
import { badRequest, conflict, fieldError, notFound, unprocessable, type FieldError } from '../../platform/errors';
import type { UserRow } from '../users/users.tables';
import type { FileRow } from '../media/media.tables';
import type { MediaService } from '../media/media.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { SellerGate } from '../performers/performers.policy';
import type { CoPerformerGate } from '../releases/coperformers.service';
import { purchases } from '../purchases/purchases.tables';
import { videos } from './videos.tables';
import { publicListableSql, videoModerationSql } from './videos.policy';
import { recordPublished } from './videos.schedule';
import { VideoViews, videoColumns, type KnownVideoFacts, type Videoish } from './videos.views';
import { isLiveTierOf } from '../subscriptions/tiers.policy';

/** What VideosService is built with (by the composition root, root.ts). */
export interface VideosDeps {
  db: Db;
  events: Events;
  media: MediaService;
  settings: SettingsService;
  users: UsersService;
  /** THE selling rule (performers.policy.ts): an active item with a price needs a verified creator. */
  sellers: Pick<SellerGate, 'assertCanSell'>;
  /** The co-performer gate (modules/releases): the people an item names, checked when it publishes. */
  coPerformers: CoPerformerGate;
}

type FileIds = { fileId: string | null; teaserFileId: string | null; thumbnailFileId: string | null };
const FILE_COLUMN = { video: 'fileId', teaser: 'teaserFileId', thumbnail: 'thumbnailFileId' } as const satisfies Record<VideoFileType, keyof FileIds>;

/**
 * Videos (README.md beside this file): the creator's catalogue (this file: create, edit = metadata,
 * update = files, remove-file, delete, own list) and the fans' reads (public search, one video
 * with its view count, file status). Who may see and play what: videos.policy.ts; the shape
 * answered: videos.views.ts; publication on time: videos.schedule.ts.
 */
export class VideosService {
  private readonly views: VideoViews;

  constructor(private deps: VideosDeps) {
    this.views = new VideoViews(deps);
  }

  private get db() {
    return this.deps.db;
  }

  // ---------------------------------------------------------------- creator side

  /** Stores an upload: the main video private (signed URLs only), teaser and thumbnail public (shown on locked videos). */
  upload(owner: UserRow, slot: VideoUploadSlot, upload: ReceivedFile): Promise<FileRow> {
    return this.deps.media.storeUpload(owner.id, VIDEO_FILE_KINDS[slot], VIDEO_SLOT_MEDIA[slot], upload, { visibility: slot === 'video' ? 'private' : 'public' });
  }

  /** `inTx`: the caller's own writes, in the video's transaction (a replay marks its stream ready with it: one video per replay, whatever retries). */
  async create(owner: UserRow, input: CreateVideoInput, inTx?: (tx: Tx, videoId: string) => Promise<void>): Promise<Videoish> {
    const files: FileIds = { fileId: input.fileId ?? null, teaserFileId: input.teaserFileId ?? null, thumbnailFileId: input.thumbnailFileId ?? null };
    await this.checkFiles(owner, files);
    if (input.status === 'active' && !files.fileId) throw fieldError('fileId', 'An active video needs its video file: upload it or save a draft');
    const price = await this.checkPrice(input.access, input.price ?? null);
    if (price !== null && input.status === 'active') await this.deps.sellers.assertCanSell(owner.id);
    if (input.minTierId && !(await isLiveTierOf(this.db, owner.id, input.minTierId))) throw fieldError('minTierId', 'Choose one of your subscription tiers');
    const publishAt = this.scheduleTime(input.scheduleAt) ?? new Date();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(videos)
        .values({ performerId: owner.id, title: input.title, description: input.description ?? '', tags: uniqueTags(input.tags ?? []), status: input.status, access: input.access, price, ...files, publishAt, minTierId: input.minTierId ?? null })
        .returning(videoColumns);
      await this.deps.coPerformers.apply(tx, owner, 'video', row!.id, input.coPerformers, { publishing: row!.status === 'active' });
      await inTx?.(tx, row!.id);
      // Live at once (active, not scheduled): `video.published` now; a scheduled one when its time comes.
      if (await recordPublished(tx, this.deps.events, { ids: [row!.id], scheduled: false })) return (await this.ownRow(tx, row!.id))!;
      return row!;
    });
  }

  /** PUT …/edit/{id}: the metadata (title, description, tags, status, access, price, schedule). */
  async edit(owner: UserRow, id: string, input: EditVideoInput): Promise<Videoish> {
    const current = await this.ownVideo(owner, id);
    const published = current.publishedAt !== null;
    const status = input.status ?? current.status;
    if (published && status === 'draft') throw unprocessable('A published video cannot go back to draft: set it inactive to withdraw it');
    if (status === 'active' && !current.fileId) throw unprocessable('An active video needs its video file: attach one with PUT …/videos/update/{id} first');
    const access = input.access ?? current.access;
    const priceInput = input.price !== undefined ? input.price : current.price === null ? null : fromMinor(current.price);
    const price = await this.checkPrice(access, priceInput);
    if (price !== null && status === 'active') await this.deps.sellers.assertCanSell(owner.id);
    const patch: Partial<typeof videos.$inferInsert> = { status, access, price };
    if (input.minTierId && !(await isLiveTierOf(this.db, owner.id, input.minTierId))) throw fieldError('minTierId', 'Choose one of your subscription tiers');
    if (input.minTierId !== undefined) patch.minTierId = input.minTierId;
    if (input.title !== undefined) patch.title = input.title;
    if (input.description !== undefined) patch.description = input.description;
    if (input.tags !== undefined) patch.tags = uniqueTags(input.tags);
    if (input.scheduleAt !== undefined) {
      if (published) throw unprocessable('This video is already published: its publication time cannot change');
      patch.publishAt = this.scheduleTime(input.scheduleAt) ?? new Date();
    } else if (!published && status === 'active' && current.publishAt.getTime() <= Date.now()) {
      // Going live now (a draft made active): it is new to fans, so it is dated now.
      patch.publishAt = new Date();
    }
    return this.saveOwn(owner, current.id, patch, (tx) => this.deps.coPerformers.apply(tx, owner, 'video', current.id, input.coPerformers, { publishing: status === 'active' }));
  }

  /** PUT …/update/{id}: the files (a new id replaces one, null detaches it). */
  async updateFiles(owner: UserRow, id: string, input: UpdateVideoFilesInput): Promise<Videoish> {
    const current = await this.ownVideo(owner, id);
    const next: FileIds = {
      fileId: input.fileId !== undefined ? input.fileId : current.fileId,
      teaserFileId: input.teaserFileId !== undefined ? input.teaserFileId : current.teaserFileId,
      thumbnailFileId: input.thumbnailFileId !== undefined ? input.thumbnailFileId : current.thumbnailFileId,
    };
    // Only the files that change are checked (a file attached earlier stays acceptable).
    await this.checkFiles(owner, {
      fileId: next.fileId !== current.fileId ? next.fileId : null,
      teaserFileId: next.teaserFileId !== current.teaserFileId ? next.teaserFileId : null,
      thumbnailFileId: next.thumbnailFileId !== current.thumbnailFileId ? next.thumbnailFileId : null,
    });
    if (current.status === 'active' && !next.fileId) throw unprocessable('The video file of an active video cannot be removed: set it to draft or inactive first, or replace the file');
    return this.saveOwn(owner, current.id, next);
  }

  /** DELETE …/remove-file/{id} {type}: detaches one file (it stays in the vault). */
  async removeFile(owner: UserRow, id: string, type: VideoFileType): Promise<Videoish> {
    const current = await this.ownVideo(owner, id);
    if (type === 'video' && current.status === 'active') throw unprocessable('The video file of an active video cannot be removed: set it to draft or inactive first, or replace the file');
    return this.saveOwn(owner, current.id, { [FILE_COLUMN[type]]: null });
  }

  /**
   * Deletes an own video nobody bought (409 otherwise: buyers keep what they paid for; set it
   * inactive instead). The row is locked first; a purchase takes a share lock on it in its own
   * transaction (the kind's `sale`), so a purchase and a deletion cannot both succeed.
   */
  async remove(owner: UserRow, id: string): Promise<void> {
    const current = await this.ownVideo(owner, id);
    await this.db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: videos.id }).from(videos).where(and(eq(videos.id, current.id), eq(videos.performerId, owner.id))).for('update');
      if (!locked) throw notFound('Video not found');
      const [sold] = await tx.select({ n: count() }).from(purchases).where(and(eq(purchases.itemType, 'video'), eq(purchases.itemId, current.id)));
      if (Number(sold?.n ?? 0) > 0) throw conflict('Somebody bought this video, so it cannot be deleted (buyers keep what they paid for): set it inactive to withdraw it from everyone else');
      await tx.delete(videos).where(eq(videos.id, current.id));
      await this.deps.coPerformers.forget(tx, 'video', current.id);
    });
  }

  /** One of the caller's own videos; 404 for anyone else's (admins included: this is the studio). */
  async ownVideo(owner: UserRow, id: string): Promise<Videoish> {
    const row = isUuid(id) ? await this.ownRow(this.db, id, owner.id) : undefined;
    if (!row) throw notFound('Video not found');
    return row;
  }

  /** GET /performer/performer-assets/videos/search: own videos in every status. */
  async listOwn(owner: UserRow, q: OwnVideoQuery): Promise<{ data: Video[]; total: number }> {
    const now = new Date();
    const conds: SQL[] = [eq(videos.performerId, owner.id)];
    if (q.status === 'scheduled') conds.push(eq(videos.status, 'active'), gt(videos.publishAt, now));
    else if (q.status) conds.push(eq(videos.status, q.status));
    if (q.access) conds.push(eq(videos.access, q.access));
    if (q.q) conds.push(textMatch(q.q));
    const col = q.sortBy === 'createdAt' ? videos.createdAt : q.sortBy === 'publishAt' ? videos.publishAt : videos.updatedAt;
    return this.page(owner, and(...conds)!, col, q);
  }

  // ---------------------------------------------------------------- fan side

  /** GET /performer-assets/videos/search: active, published, not across a block. */
  async search(viewer: UserRow | null, q: VideoSearchQuery): Promise<{ data: Video[]; total: number }> {
    const conds: SQL[] = [publicListableSql(viewer)];
    if (q.performerId) conds.push(eq(videos.performerId, q.performerId));
    if (q.tag) conds.push(arrayContains(videos.tags, [q.tag]));
    if (q.label) conds.push(labelledSql('video', videos.id, q.label));
    if (q.access) conds.push(eq(videos.access, q.access));
    if (q.excludeId) conds.push(ne(videos.id, q.excludeId));
    if (q.q) conds.push(textMatch(q.q));
    return this.page(viewer, and(...conds)!, videos.publishAt, q);
  }

  /** A video the viewer may know exists (404 otherwise), with what the views need to know. */
  async readable(viewer: UserRow | null, id: string): Promise<{ video: Videoish; known: KnownVideoFacts; canView: boolean; isOwner: boolean }> {
    if (!isUuid(id)) throw notFound('Video not found');
    const [video] = await this.db.select(videoColumns).from(videos).where(and(eq(videos.id, id), videoModerationSql(viewer))).limit(1);
    if (!video) throw notFound('Video not found');
    const { known, access } = await this.views.access(viewer, [video]);
    const a = access.get(video.id)!;
    if (!a.visible) throw notFound('Video not found');
    return { video, known, canView: a.canView, isOwner: a.isOwner };
  }

  /** GET /performer-assets/videos/{id}: the video, counting one view (not the owner's) with one UPDATE. */
  async open(viewer: UserRow | null, id: string): Promise<Video> {
    const { video, known, isOwner } = await this.readable(viewer, id);
    if (!isOwner) {
      // updatedAt is set to itself: a view is not an edit.
      const [n] = await this.db.transaction(async (tx) => {
        const counted = await tx
          .update(videos)
          .set({ totalView: sql`${videos.totalView} + 1`, updatedAt: sql`${videos.updatedAt}` })
          .where(eq(videos.id, video.id))
          .returning({ totalView: videos.totalView });
        if (counted.length) await this.deps.events.record(tx, 'content.viewed', { kind: 'video', itemId: video.id, performerId: video.performerId });
        return counted;
      });
      if (n) video.totalView = n.totalView;
    }
    return this.views.toView(viewer, video, known);
  }

  /**
   * Processing status of a file of a video. The uploader may ask about their own file whatever
   * the video id (`new` before it is attached); everyone else needs a video they may see that
   * carries the file — the main file without URL when locked.
   */
  async fileStatus(viewer: UserRow | null, videoId: string, fileId: string) {
    const [file] = await this.deps.media.byIds([fileId]);
    if (!file) throw notFound('File not found');
    if (viewer && file.ownerId === viewer.id) return this.deps.media.fileView(file, 'full', viewer);
    const { video, canView } = await this.readable(viewer, videoId);
    if (video.teaserFileId === fileId || video.thumbnailFileId === fileId) return this.deps.media.fileView(file, 'full', viewer);
    if (video.fileId !== fileId) throw notFound('File not found');
    return this.deps.media.fileView(file, canView ? 'full' : 'locked', viewer);
  }

  /** Videos as `viewer` sees them (videos.views.ts: a fixed number of queries). */
  toViews(viewer: UserRow | null, rows: Videoish[], known?: KnownVideoFacts): Promise<Video[]> {
    return this.views.toViews(viewer, rows, known);
  }

  /** Of `rows`, those the viewer may see, as they see them (bookmarks, search results): one facts query for both. */
  async visibleViews(viewer: UserRow | null, rows: Videoish[]): Promise<Video[]> {
    const { known, access } = await this.views.access(viewer, rows);
    return this.views.toViews(viewer, rows.filter((r) => access.get(r.id)?.visible), known);
  }

  toView(viewer: UserRow | null, row: Videoish): Promise<Video> {
    return this.views.toView(viewer, row);
  }

  /** The media module's view of an upload (the uploader's own: full). */
  fileView(file: FileRow) {
    return this.deps.media.ownerFileView(file);
  }

  // ---------------------------------------------------------------- helpers

  private ownRow(db: DbOrTx, id: string, performerId?: string): Promise<Videoish | undefined> {
    return db
      .select(videoColumns)
      .from(videos)
      .where(and(eq(videos.id, id), performerId ? eq(videos.performerId, performerId) : undefined))
      .limit(1)
      .then((r) => r[0]);
  }

  /** Writes a patch to an own video and records `video.published` if this made it live. */
  private saveOwn(owner: UserRow, id: string, patch: Partial<typeof videos.$inferInsert>, inTx?: (tx: Tx) => Promise<void>): Promise<Videoish> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.update(videos).set(patch).where(and(eq(videos.id, id), eq(videos.performerId, owner.id))).returning(videoColumns);
      if (!row) throw notFound('Video not found');
      await inTx?.(tx);
      if (await recordPublished(tx, this.deps.events, { ids: [row.id], scheduled: false })) return (await this.ownRow(tx, row.id))!;
      return row;
    });
  }

  private async page(viewer: UserRow | null, where: SQL, col: AnyColumn, q: { offset: number; limit: number; sort: 'asc' | 'desc' }) {
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.db.select(videoColumns).from(videos).where(where).orderBy(dir(col), dir(videos.id)).offset(q.offset).limit(q.limit),
      this.db.select({ n: count() }).from(videos).where(where),
    ]);
    return { data: await this.views.toViews(viewer, rows), total: Number(total?.n ?? 0) };
  }

  /** `sale` needs a price within the site's limits (the feeds' pay-per-view rule); other access stores none. */
  private async checkPrice(access: AssetAccess, price: number | null): Promise<number | null> {
    if (access !== 'sale') return null;
    if (price === null || price === undefined) throw fieldError('price', 'Set a price for a video for sale');
    const { min, max } = ppvPriceLimits({
      minimumSubscriptionPrice: await this.deps.settings.get('minimumSubscriptionPrice'),
      maximumTipPrice: await this.deps.settings.get('maximumTipPrice'),
    });
    if (price < min || price > max) throw fieldError('price', MESSAGES.amountOutOfRange('price', min, max));
    return toMinor(price);
  }

  private scheduleTime(at: string | null | undefined): Date | null {
    if (!at) return null;
    const d = new Date(at);
    if (d.getTime() <= Date.now()) throw fieldError('scheduleAt', 'Choose a time in the future');
    return d;
  }

  /**
   * Files must be the creator's own and of the right media type — an upload of the slot or any
   * vault file (a post's or message's media): `fileId` a PRIVATE video (it is played only through
   * signed URLs), `teaserFileId` a video, `thumbnailFileId` an image; none failed. Another
   * creator's file reads as unknown. 400 with the fields otherwise.
   */
  private async checkFiles(owner: UserRow, ids: FileIds): Promise<void> {
    const wanted = Object.values(ids).filter((x): x is string => Boolean(x));
    if (wanted.length === 0) return;
    const own = new Map((await this.deps.media.byIds(wanted)).filter((f) => f.ownerId === owner.id).map((f) => [f.id, f]));
    const details: FieldError[] = [];
    for (const type of ['video', 'teaser', 'thumbnail'] as const) {
      const field = VIDEO_FILE_FIELDS[type];
      const id = ids[field];
      if (!id) continue;
      const f = own.get(id);
      const media = VIDEO_SLOT_MEDIA[type];
      if (!f) details.push({ field, message: 'Unknown file: upload it first' });
      else if (f.mediaType !== media) details.push({ field, message: media === 'video' ? 'Not a video file' : 'Not an image' });
      else if (type === 'video' && f.visibility !== 'private') details.push({ field, message: 'A teaser or preview clip cannot be the video itself: upload the video file' });
      else if (f.status === 'failed') details.push({ field, message: 'This file could not be processed; upload it again' });
    }
    if (details.length) throw badRequest(details[0]!.message, details);
  }
}

/** Full-text match on title and description (the generated `search_vector`, GIN index). */
const textMatch = (q: string) => sql`${videos.searchVector} @@ plainto_tsquery('simple', ${q})`;

/** Tags as saved: in their first order, duplicates dropped (they are already trimmed and lower case). */
const uniqueTags = (tags: string[]) => [...new Set(tags)];
