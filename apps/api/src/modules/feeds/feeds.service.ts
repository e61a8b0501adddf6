// Just over 300 lines: the composer and the reads of feeds; create and reschedule record feed.published in their transactions (going live on schedule: feeds.schedule.ts).
import { sanitizeRichText } from '@stagepass/shared/rich-text';
import { and, asc, count, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES, FEED_FILE_KINDS, feedExpiryProblem, FEED_SLOT_MEDIA, FEED_TEXT_MAX, fromMinor, isUuid, ppvPriceLimits, toMinor,
  type CreateFeedInput, type CreatePollInput, type Feed, type FeedListQuery, type FeedType, type FeedUploadSlot, type Poll,
  type UpdateFeedInput,
  SCREENING_BLOCKED_MESSAGE,
} from '@stagepass/shared';
import type { ReceivedFile } from '../../platform/uploads';
import { badRequest, conflict, fieldError, notFound, type FieldError } from '../../platform/errors';
import { isAdmin } from '../../platform/auth';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../users/users.tables';
import type { FileRow } from '../media/media.tables';
import { feeds, polls } from './feeds.tables';
import { feedAccessOne, feedModerationSql, listableSql, type FeedAccess } from './feeds.policy';
import { hidesFromCountry, isBlockedBetween } from '../blocks/blocks.policy';
import { FeedViews, feedColumns, type Feedish, type FeedViewerFlags, type KnownViewerFacts } from './feeds.views';
import { FeedPolls } from './feeds.polls';
import { timelinePage } from './feeds.timeline';
import { FeedPins } from './feeds.pins';
import { FeedViewCounter } from './feeds.seen';
import { systemClock, type Clock } from '../../platform/clock';
import { labelledSql } from '../labels/labels.tables';
import type { Db } from '../../db/client';
import type { FileViewer, MediaService } from '../media/media.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { SellerGate } from '../performers/performers.policy';
import type { CoPerformerGate } from '../releases/coperformers.service';
import type { Events } from '../../platform/events';
import { isLiveTierOf } from '../subscriptions/tiers.policy';

const MEDIA_KIND_OF = { image: 'photo', video: 'video', audio: 'audio' } as const;

/** Feed text keeps the shared rich-text allow-list (spec §5; packages/shared/src/rich-text.ts). */
export const stripFeedText = (text: string) => sanitizeRichText(text);

/** What FeedsService is built with (by the composition root, root.ts). */
export interface FeedsDeps {
  db: Db;
  events: Events;
  media: MediaService;
  settings: SettingsService;
  users: UsersService;
  /** THE selling rule (performers.policy.ts): a pay-per-view feed needs a verified creator. */
  sellers: Pick<SellerGate, 'assertCanSell'>;
  /** The co-performer gate (modules/releases): the people an item names, checked when it publishes. */
  coPerformers: CoPerformerGate;
  /** The day a post view counts on (README "Post views"); the system clock when not given. */
  clock?: Clock;
}

/**
 * Feeds: the creator's composer and the fan's reads (this file). Its other jobs live beside it,
 * built here from the same deps and reached through this service: the views of feed rows for a
 * viewer (feeds.views.ts), polls (feeds.polls.ts), the home timeline statement
 * (feeds.timeline.ts). Rules: README.md beside this file.
 */
export class FeedsService {
  private readonly views: FeedViews;
  private readonly polls: FeedPolls;
  /** Pinned posts (feeds.pins.ts). */
  readonly pins: FeedPins;
  /** Post views (feeds.seen.ts). */
  readonly seen: FeedViewCounter;

  constructor(private deps: FeedsDeps) {
    this.views = new FeedViews(deps);
    this.polls = new FeedPolls(deps);
    this.pins = new FeedPins(deps);
    this.seen = new FeedViewCounter({ db: deps.db, events: deps.events, clock: deps.clock ?? systemClock });
  }

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

  createPoll(owner: UserRow, input: CreatePollInput): Promise<Poll> {
    return this.polls.create(owner, input);
  }

  async create(owner: UserRow, input: CreateFeedInput): Promise<Feedish> {
    const text = this.cleanText(input.text ?? '');
    const fileIds = input.fileIds ?? [];
    const { type } = await this.checkAttachments(owner, { fileIds, teaserId: input.teaserId ?? null, thumbnailId: input.thumbnailId ?? null, pollId: input.pollId ?? null });
    if (!text && fileIds.length === 0 && !input.pollId) throw badRequest('A feed needs text, a file or a poll', [{ field: 'text', message: 'Write something or attach a file or a poll' }]);
    const price = await this.checkPrice(owner.id, input.visibility, input.price ?? null);
    if (input.minTierId && !(await isLiveTierOf(this.db, owner.id, input.minTierId))) throw fieldError('minTierId', 'Choose one of your subscription tiers');
    const publishAt = this.scheduleTime(input.scheduleAt);
    const expiresAt = this.expiryTime(input.expiresAt ?? null, publishAt ?? new Date());
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(feeds)
          .values({
            performerId: owner.id, text, type, visibility: input.visibility, price, fileIds, minTierId: input.minTierId ?? null,
            teaserFileId: input.teaserId ?? null, thumbnailFileId: input.thumbnailId ?? null, pollId: input.pollId ?? null,
            status: publishAt ? 'scheduled' : 'published', publishAt: publishAt ?? new Date(), expiresAt,
          })
          .returning(feedColumns);
        // A post is public once saved (now or at its time): everyone it names must be cleared.
        await this.deps.coPerformers.apply(tx, owner, 'feed', row!.id, input.coPerformers, { publishing: true });
        // A scheduled feed records feed.published when its time comes (publishDue).
        if (!publishAt) await this.deps.events.record(tx, 'feed.published', { feedId: row!.id, performerId: owner.id, scheduled: false });
        return row!;
      });
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
    const price = await this.checkPrice(owner.id, visibility, priceInput);
    const patch: Partial<typeof feeds.$inferInsert> = {
      text, type, visibility, price, fileIds: next.fileIds, teaserFileId: next.teaserId, thumbnailFileId: next.thumbnailId, pollId: next.pollId,
      ...(input.minTierId !== undefined ? { minTierId: input.minTierId } : {}),
    };
    if (input.minTierId && !(await isLiveTierOf(this.db, owner.id, input.minTierId))) throw fieldError('minTierId', 'Choose one of your subscription tiers');
    let publishNow = false;
    if (input.scheduleAt !== undefined) {
      const at = this.scheduleTime(input.scheduleAt);
      if (at) Object.assign(patch, { publishAt: at, status: 'scheduled' });
      else if (current.publishAt.getTime() > Date.now()) {
        Object.assign(patch, { publishAt: new Date(), status: 'published' });
        publishNow = true;
      }
    }
    if (input.expiresAt !== undefined || patch.publishAt) {
      const publishAt = patch.publishAt instanceof Date ? patch.publishAt : current.publishAt;
      patch.expiresAt = input.expiresAt !== undefined ? this.expiryTime(input.expiresAt, publishAt) : current.expiresAt;
      if (patch.expiresAt && patch.expiresAt.getTime() <= publishAt.getTime()) throw fieldError('expiresAt', 'Choose a time after the post is published');
    }
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.update(feeds).set(patch).where(and(eq(feeds.id, current.id), eq(feeds.performerId, owner.id))).returning(feedColumns);
        if (!row) throw notFound('Feed not found');
        await this.deps.coPerformers.apply(tx, owner, 'feed', row.id, input.coPerformers, { publishing: true });
        if (publishNow) await this.deps.events.record(tx, 'feed.published', { feedId: row.id, performerId: owner.id, scheduled: false });
        return row;
      });
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
      await this.deps.coPerformers.forget(tx, 'feed', current.id);
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

  /** Home timeline (feeds.timeline.ts: one prepared statement), as views. */
  async timeline(viewer: UserRow, q: { offset: number; limit: number }): Promise<{ data: Feed[]; total: number }> {
    const { rows, total, known } = await timelinePage(this.db, viewer, q);
    return { data: await this.views.toViews(viewer, rows, known), total };
  }

  /**
   * One creator's feeds (by username or id) as `viewer` may see them listed; locked ones stay in.
   * 404 when there is a block either way, or the creator hides from the visitor's `country`
   * (resolved by the route from the request address); never for the owner or an admin.
   */
  async byCreator(viewer: UserRow | null, username: string, q: FeedListQuery, visit: { country?: string | null } = {}) {
    const creator = await this.deps.users.findByIdOrUsername(username);
    if (!creator || !creator.isPerformer) throw notFound('Creator not found');
    if (!(viewer && (viewer.id === creator.id || isAdmin(viewer)))) {
      if (viewer && (await isBlockedBetween(this.db, viewer.id, creator.id))) throw notFound('Creator not found');
      if (await hidesFromCountry(this.db, creator.id, visit.country)) throw notFound('Creator not found');
    }
    const where = and(eq(feeds.performerId, creator.id), listableSql(viewer), ...this.filters(q))!;
    // The profile's order: pinned posts first (feeds.pins.ts), unless another order or a search is asked for.
    if ((q.sortBy ?? 'publishAt') === 'publishAt' && (q.sort ?? 'desc') === 'desc' && !q.q) return this.pins.pinnedFirstPage(where, q);
    return this.page(where, q);
  }

  /** A feed the viewer may know exists (404 otherwise), with its access. */
  async readable(viewer: UserRow | null, id: string): Promise<{ feed: Feedish; access: FeedAccess }> {
    if (!isUuid(id)) throw notFound('Feed not found');
    const [feed] = await this.db.select(feedColumns).from(feeds).where(and(eq(feeds.id, id), feedModerationSql(viewer))).limit(1);
    if (!feed) throw notFound('Feed not found');
    const access = await feedAccessOne(this.db, viewer, feed);
    if (!access.visible) throw notFound('Feed not found');
    return { feed, access };
  }

  /** Votes for a poll option (feeds.polls.ts). */
  vote(viewer: UserRow, optionId: string): Promise<Poll> {
    return this.polls.vote(viewer, optionId);
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
    if (viewer && file.ownerId === viewer.id) return this.fileView(file, true, viewer);
    const { feed, access } = await this.readable(viewer, feedId);
    if (feed.teaserFileId === fileId || feed.thumbnailFileId === fileId) return this.fileView(file, true, viewer);
    if (!feed.fileIds.includes(fileId)) throw notFound('File not found');
    return this.fileView(file, access.canView, viewer);
  }

  // ---------------------------------------------------------------- views (feeds.views.ts)

  /** Feeds as `viewer` sees them, in a fixed number of queries whatever the list length. */
  toViews(viewer: UserRow | null, rows: Feedish[], known?: KnownViewerFacts): Promise<Feed[]> {
    return this.views.toViews(viewer, rows, known);
  }

  toView(viewer: UserRow | null, row: Feedish): Promise<Feed> {
    return this.views.toView(viewer, row);
  }

  viewerFacts(viewer: UserRow | null, rows: Feedish[], now: Date): Promise<{ access: Map<string, FeedAccess>; flags: FeedViewerFlags }> {
    return this.views.viewerFacts(viewer, rows, now);
  }

  /** The media module's view: with URLs only when `canView`; locked → type, status, blurred preview. */
  fileView(file: FileRow, canView: boolean, viewer: FileViewer) {
    return this.views.fileView(file, canView, viewer);
  }


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
    if (q.label) out.push(labelledSql('feed', feeds.id, q.label));
    return out;
  }

  /** README "Expiring posts": in the future and after the publish time (shared feedExpiryProblem). */
  private expiryTime(raw: string | null, publishAt: Date): Date | null {
    if (!raw) return null;
    const at = new Date(raw);
    const problem = feedExpiryProblem(at, publishAt, new Date());
    if (problem) throw fieldError('expiresAt', problem);
    return at;
  }

  private cleanText(raw: string): string {
    const text = stripFeedText(raw);
    if (text.length > FEED_TEXT_MAX) throw fieldError('text', `Text must be at most ${FEED_TEXT_MAX} characters`);
    return text;
  }

  /** Pay-per-view needs a price within the site's limits and a creator who may sell (README); other visibilities store none. */
  private async checkPrice(ownerId: string, visibility: string, price: number | null): Promise<number | null> {
    if (visibility !== 'ppv') return null;
    if (price === null || price === undefined) throw fieldError('price', 'Set a price for a pay-per-view feed');
    const { min, max } = ppvPriceLimits({
      minimumSubscriptionPrice: await this.deps.settings.get('minimumSubscriptionPrice'),
      maximumTipPrice: await this.deps.settings.get('maximumTipPrice'),
    });
    if (price < min || price > max) throw fieldError('price', MESSAGES.amountOutOfRange('price', min, max));
    await this.deps.sellers.assertCanSell(ownerId);
    return toMinor(price);
  }

  private scheduleTime(at: string | null | undefined): Date | null {
    if (!at) return null;
    const d = new Date(at);
    if (d.getTime() <= Date.now()) throw fieldError('scheduleAt', 'Choose a time in the future');
    return d;
  }

  /**
   * Files and poll must be the creator's own: private media files — feed uploads or vault items (no
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
      // Any private media file of the creator's (a feed upload or a vault item from messages); teasers and thumbnails are public previews, not content.
      else if (!f.mediaType || f.visibility !== 'private') details.push({ field: `fileIds.${i}`, message: 'Not a feed photo, video or audio file' });
      else if (f.status === 'failed') details.push({ field: `fileIds.${i}`, message: f.error === SCREENING_BLOCKED_MESSAGE ? SCREENING_BLOCKED_MESSAGE : 'This file could not be processed; upload it again' });
      else kinds.add(MEDIA_KIND_OF[f.mediaType]);
    });
    const checkOne = (id: string | null, field: string, kind: string, label: string) => {
      if (!id) return;
      const f = own.get(id);
      if (!f) details.push({ field, message: 'Unknown file: upload it first' });
      else if (f.kind !== kind) details.push({ field, message: `Not a ${label}` });
      else if (f.status === 'failed') details.push({ field, message: f.error === SCREENING_BLOCKED_MESSAGE ? SCREENING_BLOCKED_MESSAGE : 'This file could not be processed; upload it again' });
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
