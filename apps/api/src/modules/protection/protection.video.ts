import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { VideoOverlay } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import type { Storage } from '../../platform/storage';
import type { BurnIn } from '../media/hls.package';
import type { VariantChooser } from '../media/media.hls';
import type { MediaService } from '../media/media.service';
import type { FileRow } from '../media/media.tables';
import type { MediaTools } from '../media/media.processing';
import { toSigned } from '../media/screening.service';
import type { UsersService } from '../users/users.service';
import { payloadBits } from './forensic';
import { protectionHashes } from './protection.tables';
import type { ProtectionService } from './protection.service';
import { analysisSize, decodeFrames, frameHash } from './video.trace';
import { watermarkOverlay } from './watermark';

/** One indexed frame every this many seconds of a video (the tracer's item lookup). */
export const VIDEO_INDEX_EVERY_SECONDS = 2;
/** At most this many indexed frames per video (the first hour at one every 2 s). */
export const VIDEO_INDEX_MAX_FRAMES = 1800;

export interface VideoProtectionDeps {
  db: Db;
  log: FastifyBaseLogger;
  media: MediaService;
  protection: ProtectionService;
  storage: Storage;
  tools: MediaTools;
  users: UsersService;
}

/**
 * Videos' marks (README.md "Videos"): which A/B variant each viewer gets (their forensic payload,
 * as the creator chose), the creator's mark burned into packaged renditions, the overlay the player
 * draws (creator's address + viewer's username), and the tracer's index of video frames.
 */
export class VideoProtection implements VariantChooser {
  /** Indexing runs in this process (a new video's first viewers fetch playlists at once: one decode, not one each). */
  private indexing = new Map<string, Promise<boolean>>();

  constructor(private deps: VideoProtectionDeps) {}

  /**
   * The viewer's payload bits for a packaged video (media.hls asks at each rendition playlist):
   * null for the owner and operators (they get variant A throughout, like the clean picture for
   * images) and when forensic marking is off for the item (its own choice, else the creator's, else
   * the operator's default).
   */
  async bits(file: FileRow, viewerId: string): Promise<Uint8Array | null> {
    if (!file.ownerId || viewerId === file.ownerId) return null;
    const [[viewer], choice] = await Promise.all([this.deps.users.byIds([viewerId]), this.deps.protection.fileChoice(file.id)]);
    if (!viewer || isAdmin(viewer)) return null;
    const forensic = choice ?? (await this.deps.protection.effective(file.ownerId)).settings.forensic;
    if (!forensic) return null;
    // The tracer's index: this video has now been served marked (after the answer, never delaying it).
    void this.indexVideo(file).catch((err: unknown) => this.deps.log.warn({ err, fileId: file.id }, 'indexing a served video for the tracer failed'));
    return payloadBits(await this.deps.protection.viewerCode(viewerId), this.deps.protection.key);
  }

  /**
   * The creator's visible mark burned into a video's renditions at packaging (media.jobs asks): the
   * creator's address at their position and opacity, drawn for a frame of width×height; null when
   * the creator turned the visible mark off.
   */
  async burnIn(ownerId: string, width: number, height: number): Promise<BurnIn | null> {
    const [owner] = await this.deps.users.byIds([ownerId]);
    if (!owner) return null;
    const { settings } = await this.deps.protection.effective(ownerId);
    if (!settings.visible) return null;
    const mark = watermarkOverlay(width, height, { position: settings.position, opacity: settings.opacity, lines: [this.deps.protection.creatorUrl(owner.username)] });
    const png = await sharp(Buffer.from(mark.svg)).png().toBuffer();
    if (!mark.tile) return { png, left: mark.left, top: mark.top };
    // Tiled: the tile repeated over the whole frame.
    const full = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).composite([{ input: png, tile: true, left: 0, top: 0 }]).png().toBuffer();
    return { png: full, left: 0, top: 0 };
  }

  /** What the player draws over a video for a viewer (the creator's visible-mark settings; the viewer's @username). */
  async overlay(fileId: string, viewerId: string | null): Promise<VideoOverlay> {
    const file = await this.deps.media.byId(fileId);
    if (!file?.ownerId || !viewerId) return { visible: false, position: 'bottom-right', opacity: 40, lines: [] };
    const [people, { settings }] = await Promise.all([this.deps.users.byIds([file.ownerId, viewerId]), this.deps.protection.effective(file.ownerId)]);
    const creator = people.find((u) => u.id === file.ownerId);
    const viewer = people.find((u) => u.id === viewerId);
    if (!creator || !viewer || !settings.visible || viewer.id === creator.id) return { visible: false, position: settings.position, opacity: settings.opacity, lines: [] };
    return { visible: true, position: settings.position, opacity: settings.opacity, lines: [this.deps.protection.creatorUrl(creator.username), `@${viewer.username ?? viewer.id.slice(0, 8)}`] };
  }

  /** Adds a packaged video's frames to the tracer's index (one every 2 s; no-op when it is there or under way here). */
  indexVideo(file: FileRow): Promise<boolean> {
    const running = this.indexing.get(file.id);
    if (running) return running;
    const run = this.index(file).finally(() => this.indexing.delete(file.id));
    this.indexing.set(file.id, run);
    return run;
  }

  private async index(file: FileRow): Promise<boolean> {
    if (!file.ownerId || file.mediaType !== 'video' || file.status !== 'ready' || !file.width || !file.height) return false;
    const [have] = await this.deps.db.select({ id: protectionHashes.fileId }).from(protectionHashes).where(eq(protectionHashes.fileId, file.id)).limit(1);
    if (have) return false;
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'stagepass-vindex-'));
    try {
      const src = await this.localCopy(file.storageKey, work);
      const size = analysisSize(file.width, file.height);
      const { frames } = await decodeFrames(this.deps.tools, src, size, { fps: 1 / VIDEO_INDEX_EVERY_SECONDS });
      const rows = frames.slice(0, VIDEO_INDEX_MAX_FRAMES).flatMap((f, k) => {
        const h = frameHash(f, size.w, size.h);
        // frame = k + 1: the frame at k × VIDEO_INDEX_EVERY_SECONDS (0 is the images' row).
        return h ? [{ fileId: file.id, frame: k + 1, mediaKind: 'video' as const, ownerId: file.ownerId!, hash: toSigned(h) }] : [];
      });
      for (let i = 0; i < rows.length; i += 500) await this.deps.db.insert(protectionHashes).values(rows.slice(i, i + 500)).onConflictDoNothing();
      return rows.length > 0;
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  }

  /** Every ready private video not indexed yet (the periodic backfill, the demo seed). */
  async backfill(pageSize = 50): Promise<number> {
    let after: string | null = null;
    let added = 0;
    for (;;) {
      const page = await this.deps.media.privateImagesAfter(after, pageSize, 'video');
      if (!page.length) return added;
      for (const f of page) if (f.hlsStatus === 'ready' && (await this.indexVideo(f).catch(() => false))) added++;
      after = page.at(-1)!.id;
    }
  }

  /** A stored key as a local file (in place on local disk; downloaded into `work` from S3). */
  async localCopy(key: string, work: string): Promise<string> {
    const local = this.deps.storage.localPath(key);
    if (local) return local;
    const dest = path.join(work, path.basename(key));
    await pipeline(await this.deps.storage.get(key), fs.createWriteStream(dest));
    return dest;
  }
}
