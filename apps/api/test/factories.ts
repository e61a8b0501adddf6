import { uuidv7 } from 'uuidv7';
import { toMinor } from '@stagepass/shared';
import type { TestApp } from './harness';
import { files, type FileRow } from '../src/modules/media/media.tables';
import { feeds, pollOptions, polls, type FeedRow, type PollOptionRow, type PollRow } from '../src/modules/feeds/feeds.tables';
import { subscriptions, type SubscriptionRow } from '../src/modules/subscriptions/subscriptions.tables';
import { purchases, type PurchaseRow } from '../src/modules/purchases/purchases.tables';
import { follows } from '../src/modules/follows/follows.tables';

/**
 * Content factories: rows written directly (no HTTP, no processing) so tests can set up any
 * state — including subscriptions and purchases before the money issue has endpoints for them.
 */

const DAY = 24 * 60 * 60 * 1000;

type FeedKind = 'feed-photo' | 'feed-video' | 'feed-audio' | 'feed-thumbnail' | 'feed-teaser';
const MEDIA_TYPE: Record<FeedKind, 'image' | 'video' | 'audio'> = {
  'feed-photo': 'image', 'feed-video': 'video', 'feed-audio': 'audio', 'feed-thumbnail': 'image', 'feed-teaser': 'video',
};

/** A processed (ready) feed file with renditions, a poster/thumbnail and a blurred preview. */
export async function createFeedFile(
  t: TestApp,
  ownerId: string,
  kind: FeedKind = 'feed-photo',
  o: Partial<{ status: FileRow['status']; visibility: 'public' | 'private' }> = {},
): Promise<FileRow> {
  const id = uuidv7();
  const mediaType = MEDIA_TYPE[kind];
  const visibility = o.visibility ?? (kind === 'feed-teaser' || kind === 'feed-thumbnail' ? 'public' : 'private');
  const ext = mediaType === 'image' ? 'webp' : mediaType === 'video' ? 'mp4' : 'm4a';
  const base = `${visibility}/${kind}/${id}`;
  const variants: Record<string, string> =
    mediaType === 'audio' ? {} : mediaType === 'video' ? { poster: `${base}/poster.webp` } : { thumb: `${base}/thumb.webp`, medium: `${base}/medium.webp`, large: `${base}/large.webp` };
  const thumbnails = mediaType === 'audio' ? [] : mediaType === 'video' ? ['poster'] : ['thumb', 'medium'];
  const [row] = await t.ctx.db
    .insert(files)
    .values({
      id, ownerId, kind, visibility, originalName: `${kind}.${ext}`, mimeType: mediaType === 'image' ? 'image/webp' : mediaType === 'video' ? 'video/mp4' : 'audio/mp4',
      size: 1234, storageKey: `${base}/main.${ext}`, status: o.status ?? 'ready', variants,
      mediaType, width: mediaType === 'audio' ? null : 640, height: mediaType === 'audio' ? null : 480, duration: mediaType === 'image' ? null : 3,
      preview: mediaType === 'audio' ? null : `public/${kind}/${id}/preview.webp`, meta: { thumbnails },
      // A private video is packaged as encrypted HLS (media README "HLS"): viewers get its playlist, never the MP4.
      ...(mediaType === 'video' && visibility === 'private' && (o.status ?? 'ready') === 'ready'
        ? { hlsStatus: 'ready' as const, hls: { dir: `${base}/hls-test`, renditions: [{ name: '360p', width: 640, height: 480, bandwidth: 800_000, averageBandwidth: 600_000, segments: 1 }], key: 'not-a-real-key' } }
        : {}),
    })
    .returning();
  return row!;
}

export async function createPoll(t: TestApp, performerId: string, o: Partial<{ question: string; options: string[]; expiresAt: Date }> = {}): Promise<{ poll: PollRow; options: PollOptionRow[] }> {
  const [poll] = await t.ctx.db.insert(polls).values({ performerId, question: o.question ?? 'Which one?', expiresAt: o.expiresAt ?? new Date(Date.now() + DAY) }).returning();
  const options = await t.ctx.db
    .insert(pollOptions)
    .values((o.options ?? ['Yes', 'No']).map((text, position) => ({ pollId: poll!.id, text, position })))
    .returning();
  return { poll: poll!, options: options.sort((a, b) => a.position - b.position) };
}

/** A feed row. `price` is a decimal (ppv); `publishAt` defaults to now (in the future = scheduled). */
export async function createFeed(
  t: TestApp,
  performerId: string,
  o: Partial<{ text: string; visibility: FeedRow['visibility']; price: number; fileIds: string[]; teaserFileId: string; thumbnailFileId: string; pollId: string; publishAt: Date; type: FeedRow['type'] }> = {},
): Promise<FeedRow> {
  const visibility = o.visibility ?? 'free';
  const publishAt = o.publishAt ?? new Date();
  const [row] = await t.ctx.db
    .insert(feeds)
    .values({
      performerId, text: o.text ?? 'Hello fans', type: o.type ?? (o.fileIds?.length ? 'photo' : o.pollId ? 'poll' : 'text'), visibility,
      price: visibility === 'ppv' ? toMinor(o.price ?? 9.99) : null, fileIds: o.fileIds ?? [], teaserFileId: o.teaserFileId ?? null,
      thumbnailFileId: o.thumbnailFileId ?? null, pollId: o.pollId ?? null,
      status: publishAt.getTime() > Date.now() ? 'scheduled' : 'published', publishAt,
    })
    .returning();
  return row!;
}

/** A subscription of `userId` to `performerId` (active for 30 days unless told otherwise). */
export async function subscribe(
  t: TestApp,
  userId: string,
  performerId: string,
  o: Partial<{ status: SubscriptionRow['status']; expiresAt: Date; type: SubscriptionRow['type'] }> = {},
): Promise<SubscriptionRow> {
  const [row] = await t.ctx.db
    .insert(subscriptions)
    .values({ userId, performerId, status: o.status ?? 'active', type: o.type ?? 'monthly', expiresAt: o.expiresAt ?? new Date(Date.now() + 30 * DAY) })
    .returning();
  return row!;
}

/** `userId` bought a feed (or another item). */
export async function purchase(t: TestApp, userId: string, item: { id: string; performerId: string; price?: number | null }, itemType: PurchaseRow['itemType'] = 'feed'): Promise<PurchaseRow> {
  const [row] = await t.ctx.db
    .insert(purchases)
    .values({ userId, itemType, itemId: item.id, performerId: item.performerId, amount: item.price ?? 0 })
    .returning();
  return row!;
}

export async function follow(t: TestApp, followerId: string, followingId: string): Promise<void> {
  await t.ctx.db.insert(follows).values({ followerId, followingId }).onConflictDoNothing();
}
