import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ProtectionSettingsView, WatermarkSettings } from '@stagepass/shared';
import type { Config } from '../../config';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { FileRow } from '../media/media.tables';
import type { MarkedRendition, MediaService } from '../media/media.service';
import { imageHash } from '../media/screening.hash';
import { toSigned } from '../media/screening.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import type { UserRow } from '../users/users.tables';
import { deriveKey, embed, type ForensicKey } from './forensic';
import { markCache, protectionFiles, protectionHashes, protectionSettings, viewerCodes } from './protection.tables';
import { watermarkOverlay } from './watermark';

export interface ProtectionDeps {
  clock: Clock;
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  media: MediaService;
  settings: SettingsService;
  storage: Storage;
  users: UsersService;
}

/** One served image: its bytes, type, and whether it came from the cache. */
export interface MarkedImage { body: Buffer; contentType: string; cache: 'hit' | 'miss' | 'none' }

/** JPEG quality of marked renditions (the forensic mark is sized to survive this and a leaker's q70). */
const MARKED_QUALITY = 88;
/** Decoded renditions kept in memory (ProtectionService.decode). */
const DECODED_MAX = 6;
/** Version of the mark's drawing and embedding: part of every cache key (a change re-renders). */
const MARK_VERSION = 'v1';
/** Cached marked renditions nobody fetched for this many days are removed by the sweep (README "Cache"). */
export const MARK_CACHE_DAYS = 30;
/** A hit refreshes its entry's last-served time at most once a day (not a write per view). */
const SERVED_REFRESH_MS = 86_400_000;
/** Cache entries whose last-served record this node remembers (ProtectionService.touch). */
const SERVED_MEMO_MAX = 20_000;

/**
 * Per-viewer marks on private images (README.md beside this file): the creator's settings (or the
 * operator's defaults), viewer codes, the cached rendering of a marked rendition, and the tracer's
 * hash index.
 */
export class ProtectionService {
  readonly key: ForensicKey;
  /** The key's id in cache keys (never the key itself). */
  private readonly keyId: string;

  constructor(private deps: ProtectionDeps) {
    this.key = deriveKey(deps.config.APP_SECRET!);
    this.keyId = crypto.createHash('sha256').update(this.key).digest('hex').slice(0, 8);
  }

  // ------------------------------------------------------------------ settings

  async defaults(): Promise<WatermarkSettings> {
    const all = await this.deps.settings.all();
    return { visible: all.watermarkVisible, position: all.watermarkPosition, opacity: all.watermarkOpacity, forensic: all.forensicMarkDefault };
  }

  /** The creator's settings in force: their own, else the operator's defaults. */
  async effective(creatorId: string): Promise<{ settings: WatermarkSettings; usesDefaults: boolean; defaults: WatermarkSettings }> {
    const [defaults, [own]] = await Promise.all([this.defaults(), this.deps.db.select().from(protectionSettings).where(eq(protectionSettings.userId, creatorId)).limit(1)]);
    if (!own) return { settings: defaults, usesDefaults: true, defaults };
    return { settings: { visible: own.visible, position: own.position, opacity: own.opacity, forensic: own.forensic }, usesDefaults: false, defaults };
  }

  creatorUrl(username: string | null): string {
    const host = this.deps.config.PUBLIC_WEB_URL.replace(/^https?:\/\//, '').replace(/\/$/, '');
    return `${host}/${username ?? ''}`;
  }

  async settingsView(creator: UserRow): Promise<ProtectionSettingsView> {
    return { ...(await this.effective(creator.id)), creatorUrl: this.creatorUrl(creator.username) };
  }

  async saveSettings(creator: UserRow, settings: WatermarkSettings | null): Promise<ProtectionSettingsView> {
    if (settings === null) await this.deps.db.delete(protectionSettings).where(eq(protectionSettings.userId, creator.id));
    else {
      await this.deps.db
        .insert(protectionSettings)
        .values({ userId: creator.id, ...settings })
        .onConflictDoUpdate({ target: protectionSettings.userId, set: { ...settings, updatedAt: new Date() } });
    }
    return this.settingsView(creator);
  }

  /**
   * One of the creator's private images or videos: forensic mark on or off (404 when the file is
   * not theirs, or neither). Videos: the next rendition playlist a viewer fetches follows it.
   */
  async saveFileSetting(creator: UserRow, fileId: string, forensic: boolean) {
    const kind = await this.ownMarkableFile(creator, fileId);
    await this.deps.db
      .insert(protectionFiles)
      .values({ fileId, ownerId: creator.id, mediaKind: kind, forensic })
      .onConflictDoUpdate({ target: protectionFiles.fileId, set: { forensic, updatedAt: new Date() } });
    return { fileId, forensic, usesDefault: false };
  }

  /** The forensic mark on one of the creator's private images or videos: the item's own choice, else the creator's setting. */
  async fileSettingView(creator: UserRow, fileId: string) {
    await this.ownMarkableFile(creator, fileId);
    const choice = await this.fileChoice(fileId);
    if (choice !== null) return { fileId, forensic: choice, usesDefault: false };
    return { fileId, forensic: (await this.settingsView(creator)).settings.forensic, usesDefault: true };
  }

  /** The kind of mark a file of the creator's can carry (an image, or a private video); 404 otherwise. */
  private async ownMarkableFile(creator: UserRow, fileId: string): Promise<'video' | 'image'> {
    const file = await this.deps.media.byId(fileId);
    const kind = file?.mediaType === 'video' && file.visibility === 'private' ? 'video' : (file?.mediaType ?? 'image') === 'image' && file?.mimeType.startsWith('image/') ? 'image' : null;
    if (!file || file.ownerId !== creator.id || !kind) throw notFound('File not found');
    return kind;
  }

  /** An item's own forensic-mark choice; null → the creator's setting applies. */
  async fileChoice(fileId: string): Promise<boolean | null> {
    const [row] = await this.deps.db.select({ forensic: protectionFiles.forensic }).from(protectionFiles).where(eq(protectionFiles.fileId, fileId)).limit(1);
    return row ? row.forensic : null;
  }

  // ------------------------------------------------------------------ viewer codes

  /** The viewer's code, made (random, unique) the first time. */
  async viewerCode(userId: string): Promise<number> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const [row] = await this.deps.db.select({ code: viewerCodes.code }).from(viewerCodes).where(eq(viewerCodes.userId, userId)).limit(1);
      if (row) return row.code;
      // A code taken by someone else, or this viewer's code made by a concurrent request: both leave no row of ours → read again.
      await this.deps.db.insert(viewerCodes).values({ userId, code: crypto.randomBytes(4).readUInt32BE(0) }).onConflictDoNothing();
    }
    throw new Error('could not assign a viewer code');
  }

  /** The user a code belongs to, or null. */
  async viewerOfCode(code: number): Promise<string | null> {
    const [row] = await this.deps.db.select({ userId: viewerCodes.userId }).from(viewerCodes).where(eq(viewerCodes.code, code)).limit(1);
    return row?.userId ?? null;
  }

  // ------------------------------------------------------------------ serving

  /**
   * A private image rendition as `viewerId` gets it (the route checked the signature): the visible
   * mark and/or the forensic mark as the creator chose, cached per (file, rendition, viewer,
   * settings). 404 when the file is not a ready private image or has no such rendition.
   */
  async serveMarked(fileId: string, rendition: MarkedRendition, viewerId: string): Promise<MarkedImage> {
    const file = await this.deps.media.byId(fileId);
    const key = file?.variants?.[rendition];
    if (!file || !key || !file.ownerId || file.visibility !== 'private' || file.status !== 'ready' || (file.mediaType ?? 'image') !== 'image') throw notFound('File not found');
    // Everything the mark depends on, at once (one round trip each, side by side).
    const [people, { settings }, itemChoice] = await Promise.all([this.deps.users.byIds([file.ownerId!, viewerId]), this.effective(file.ownerId!), this.fileChoice(file.id)]);
    const creator = people.find((u) => u.id === file.ownerId);
    const viewer = people.find((u) => u.id === viewerId);
    if (!creator || !viewer) throw notFound('File not found');
    const forensic = itemChoice ?? settings.forensic;
    if (!settings.visible && !forensic) {
      return { body: await buffer(await this.deps.storage.get(key)), contentType: 'image/webp', cache: 'none' };
    }
    const creatorUrl = this.creatorUrl(creator.username);
    const viewerName = viewer.username ?? viewer.id.slice(0, 8);
    const fingerprint = crypto
      .createHash('sha256')
      .update(JSON.stringify([MARK_VERSION, this.keyId, key, settings.visible && settings, forensic, creatorUrl, viewerName]))
      .digest('hex')
      .slice(0, 16);
    const cacheKey = `marks/${fileId}/${rendition}/${viewerId}-${fingerprint}.jpg`;
    if (await this.deps.storage.stat(cacheKey)) {
      void this.touch(cacheKey, fileId, false).catch((err: unknown) => this.deps.log.warn({ err, cacheKey }, 'could not record a marked image as served'));
      return { body: await buffer(await this.deps.storage.get(cacheKey)), contentType: 'image/jpeg', cache: 'hit' };
    }
    const body = await this.render(key, {
      code: forensic ? await this.viewerCode(viewerId) : null,
      visible: settings.visible ? { position: settings.position, opacity: settings.opacity, lines: [creatorUrl, `@${viewerName}`] } : null,
    });
    await this.deps.storage.put(cacheKey, body, 'image/jpeg');
    await this.touch(cacheKey, fileId, true);
    // The tracer's index: this file has now been served marked.
    void this.indexFile(file).catch((err: unknown) => this.deps.log.warn({ err, fileId }, 'indexing a served image for the tracer failed'));
    return { body, contentType: 'image/jpeg', cache: 'miss' };
  }

  /** The marked rendition as a JPEG (gallery ZIPs name their entries `.jpg`; a copy with both marks off is converted). */
  async markedJpeg(fileId: string, rendition: MarkedRendition, viewerId: string): Promise<Buffer> {
    const img = await this.serveMarked(fileId, rendition, viewerId);
    return img.contentType === 'image/jpeg' ? img.body : sharp(img.body).jpeg({ quality: MARKED_QUALITY }).toBuffer();
  }

  /** When this node last recorded each cache entry as served (ms; the oldest forgotten first). */
  private served = new Map<string, number>();

  /**
   * Records a cache entry as served now (a new entry, or a hit more than a day after the last
   * record). A hit this node recorded less than a day ago writes nothing — not even the upsert
   * the database would turn into a no-op; a drawn entry (`drawn`) is always written, its row may
   * have been swept.
   */
  private async touch(key: string, fileId: string, drawn: boolean): Promise<void> {
    const now = this.deps.clock.now();
    const last = this.served.get(key);
    if (!drawn && last !== undefined && now.getTime() - last < SERVED_REFRESH_MS) return;
    await this.deps.db
      .insert(markCache)
      .values({ key, fileId, servedAt: now })
      .onConflictDoUpdate({ target: markCache.key, set: { servedAt: now }, setWhere: lt(markCache.servedAt, new Date(now.getTime() - SERVED_REFRESH_MS)) });
    this.served.delete(key);
    this.served.set(key, now.getTime());
    while (this.served.size > SERVED_MEMO_MAX) this.served.delete(this.served.keys().next().value!);
  }

  /**
   * The cache sweep (periodic, README "Cache"): entries not served for `days` are deleted from
   * storage, then their rows — a page of 500 at a time. Entries of deleted files and superseded
   * settings are never served again, so they go too. A later request draws the mark anew.
   */
  async sweepMarks(days = MARK_CACHE_DAYS): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - days * 86_400_000);
    let removed = 0;
    for (;;) {
      const stale = await this.deps.db.select({ key: markCache.key }).from(markCache).where(lt(markCache.servedAt, before)).limit(500);
      if (!stale.length) return removed;
      for (const { key } of stale) await this.deps.storage.delete(key);
      // Only rows still stale (a hit meanwhile refreshed its row and re-reads a deleted key → drawn anew).
      await this.deps.db.delete(markCache).where(and(inArray(markCache.key, stale.map((r) => r.key)), lt(markCache.servedAt, before)));
      removed += stale.length;
    }
  }

  /** Decoded renditions (raw RGB), the last few: a new post is opened by many viewers at once. */
  private decoded = new Map<string, Promise<{ data: Buffer; width: number; height: number }>>();

  private decode(key: string): Promise<{ data: Buffer; width: number; height: number }> {
    let hit = this.decoded.get(key);
    if (hit) {
      this.decoded.delete(key);
      this.decoded.set(key, hit);
      return hit;
    }
    hit = (async () => {
      const { data, info } = await sharp(await buffer(await this.deps.storage.get(key))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    })();
    hit.catch(() => this.decoded.delete(key));
    this.decoded.set(key, hit);
    // At most DECODED_MAX renditions (a 2,000 × 1,333 one is 8 MB).
    while (this.decoded.size > DECODED_MAX) this.decoded.delete(this.decoded.keys().next().value!);
    return hit;
  }

  /**
   * Draws the marks on a stored rendition: forensic first (on the clean pixels), then the visible
   * overlay (its SVG rendered by sharp at the text's size, blended here); JPEG.
   */
  async render(key: string, o: { code: number | null; visible: { position: WatermarkSettings['position']; opacity: number; lines: string[] } | null }): Promise<Buffer> {
    const src = await this.decode(key);
    const { width, height } = src;
    const data = Buffer.from(src.data);
    if (o.code !== null) embed(data, width, height, 3, o.code, this.key);
    if (o.visible) {
      const mark = watermarkOverlay(width, height, o.visible);
      const { data: ov, info } = await sharp(Buffer.from(mark.svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      blend(data, width, height, ov, info.width, info.height, mark);
    }
    return sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: MARKED_QUALITY }).toBuffer();
  }

  // ------------------------------------------------------------------ the tracer's index

  /** Adds a private image to the tracer's index (no-op when it is there or is plain). */
  async indexFile(file: FileRow): Promise<boolean> {
    const [have] = await this.deps.db.select({ id: protectionHashes.fileId }).from(protectionHashes).where(eq(protectionHashes.fileId, file.id)).limit(1);
    if (have || !file.ownerId) return false;
    // The screening step's hash of the original (media README "Upload screening") is the rendition's
    // within a few bits; files screened before that or plain pictures are hashed here.
    const stored = (file.meta?.screeningHashes as string[] | undefined)?.[0];
    const key = file.variants?.large ?? file.storageKey;
    const hash = stored ?? (await imageHash(await buffer(await this.deps.storage.get(key))).catch(() => null));
    if (!hash) return false;
    await this.deps.db.insert(protectionHashes).values({ fileId: file.id, frame: 0, mediaKind: 'image', ownerId: file.ownerId, hash: toSigned(hash) }).onConflictDoNothing();
    return true;
  }

  /** The backfill: every private image not yet indexed, a page at a time. Returns how many were added. */
  async backfill(pageSize = 200): Promise<number> {
    let after: string | null = null;
    let added = 0;
    for (;;) {
      const page = await this.deps.media.privateImagesAfter(after, pageSize);
      if (!page.length) return added;
      const have = new Set(
        (await this.deps.db.select({ id: protectionHashes.fileId }).from(protectionHashes).where(and(inArray(protectionHashes.fileId, page.map((f) => f.id)), eq(protectionHashes.frame, 0)))).map((r) => r.id),
      );
      for (const f of page) if (!have.has(f.id) && (await this.indexFile(f))) added++;
      after = page.at(-1)!.id;
    }
  }
}

/** Alpha-blends an RGBA overlay onto RGB pixels at (left, top), or repeated over the whole image (`tile`). */
function blend(px: Buffer, w: number, h: number, ov: Buffer, ow: number, oh: number, at: { top: number; left: number; tile: boolean }): void {
  const y0 = at.tile ? 0 : Math.max(0, at.top), y1 = at.tile ? h : Math.min(h, at.top + oh);
  const x0 = at.tile ? 0 : Math.max(0, at.left), x1 = at.tile ? w : Math.min(w, at.left + ow);
  for (let y = y0; y < y1; y++) {
    const oy = at.tile ? y % oh : y - at.top;
    for (let x = x0; x < x1; x++) {
      const ox = at.tile ? x % ow : x - at.left;
      const o = (oy * ow + ox) * 4;
      const a = ov[o + 3]!;
      if (a === 0) continue;
      const p = (y * w + x) * 3;
      const f = a / 255;
      px[p] = px[p]! + (ov[o]! - px[p]!) * f + 0.5;
      px[p + 1] = px[p + 1]! + (ov[o + 1]! - px[p + 1]!) * f + 0.5;
      px[p + 2] = px[p + 2]! + (ov[o + 2]! - px[p + 2]!) * f + 0.5;
    }
  }
}
