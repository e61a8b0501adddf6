import crypto from 'node:crypto';
import sharp from 'sharp';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { isUuid, type FileStatusView, type MediaFileView } from '@stagepass/shared';
import type { ReceivedFile } from '../../platform/uploads';
import { files, type FileRow, type MediaType } from './media.tables';
import { uuidv7 } from '../../db/columns';
import type { DbOrTx, Tx } from '../../db/client';
import { HttpError } from '../../platform/errors';
import { isAdmin } from '../../platform/auth';
import type { Queue } from '../../platform/queue';
import { hlsProgress, retryFailedHls, sendProcessing } from './media.jobs';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Storage } from '../../platform/storage';
import type { AuditActor } from '../../platform/audit';
import type { UserRow } from '../users/users.tables';
import { HlsLinks, hlsStorageKeys } from './media.hls';

/**
 * Who a file view is made for: the signed-in viewer (null: nobody signed in). Decides whether a
 * private video is answered as the MP4 (its owner, operators) or only as the viewer's HLS link.
 */
export type FileViewer = MediaViewer | null;

/** How long a signed media URL works: long enough to watch a long video with seeking. */
export const SIGNED_URL_TTL: Record<MediaType, number> = { image: 3600, video: 4 * 3600, audio: 4 * 3600 };
const KIND_RE = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Rendition presets for images: name → [width, height] (cover-cropped), output WebP. */
export const IMAGE_PRESETS = {
  avatar: { thumb: [96, 96], medium: [256, 256], large: [512, 512] },
  cover: { medium: [960, 320], large: [1920, 640] },
} as const;
export type ImagePreset = keyof typeof IMAGE_PRESETS;

/**
 * Who a file view is for. A private image shown to someone who is neither its owner nor an
 * operator is handed out as a per-viewer marked URL (modules/protection), signed for that viewer.
 */
export type MediaViewer = Pick<UserRow, 'id' | 'roles' | 'twoFactorEnabled'>;
/** The renditions of a private image that are served marked (the pipeline's: media README "Renditions"). */
export const MARKED_RENDITIONS = ['thumb', 'medium', 'large'] as const;
export type MarkedRendition = (typeof MARKED_RENDITIONS)[number];
/** Draws a viewer's marked JPEG of a private image rendition (set by the composition root: modules/protection). */
export type Marker = (fileId: string, rendition: MarkedRendition, viewerId: string) => Promise<Buffer>;

/** What MediaService is built with (by the composition root, root.ts). */
export interface MediaDeps {
  config: Config;
  db: Db;
  queue: Queue;
  storage: Storage;
}

/**
 * Stored files. Public files are served at stable URLs under /files/public/…; private ones only
 * through access-checked routes or signed URLs that expire (HMAC with APP_SECRET).
 */
export class MediaService {
  readonly hlsLinks: HlsLinks;
  private marker: Marker | null = null;

  constructor(private deps: MediaDeps) {
    this.hlsLinks = new HlsLinks({ secret: deps.config.APP_SECRET, publicUrl: deps.config.PUBLIC_API_URL });
  }

  /**
   * The marked copy of a private image for a viewer, as bytes (gallery ZIPs): modules/protection
   * draws it; the composition root sets the hook once (modules below protection cannot call it).
   */
  useMarker(marker: Marker): void {
    this.marker = marker;
  }

  /** A viewer's marked JPEG of a rendition; throws when no marker is set (a private picture is never handed out clean instead). */
  markedBytes(fileId: string, rendition: MarkedRendition, viewerId: string): Promise<Buffer> {
    if (!this.marker) return Promise.reject(new Error('no marker is set: marked pictures cannot be drawn'));
    return this.marker(fileId, rendition, viewerId);
  }

  publicUrl(key: string): string {
    return `${this.deps.config.PUBLIC_API_URL}/files/${key}`;
  }

  /** A URL to a private key, valid for `ttlSeconds`. */
  signedUrl(key: string, ttlSeconds = 300): string {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    return `${this.deps.config.PUBLIC_API_URL}/files/${key}?expires=${expires}&sig=${this.sign(key, expires)}`;
  }

  sign(key: string, expires: number): string {
    return crypto.createHmac('sha256', this.deps.config.APP_SECRET).update(`${key}\n${expires}`).digest('base64url');
  }

  verify(key: string, expires: number, sig: string): boolean {
    if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }

  /**
   * A private image rendition as served to one viewer (modules/protection draws the marks): the
   * signature covers the file, the rendition, the viewer and the expiry, so one viewer's URL
   * cannot be turned into another's.
   */
  markedUrl(fileId: string, rendition: MarkedRendition, viewerId: string, ttlSeconds: number): string {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    return `${this.deps.config.PUBLIC_API_URL}/files/marked/${fileId}/${rendition}?v=${viewerId}&expires=${expires}&sig=${this.signMarked(fileId, rendition, viewerId, expires)}`;
  }

  private signMarked(fileId: string, rendition: string, viewerId: string, expires: number): string {
    return crypto.createHmac('sha256', this.deps.config.APP_SECRET).update(`marked/${fileId}/${rendition}\n${viewerId}\n${expires}`).digest('base64url');
  }

  verifyMarked(fileId: string, rendition: string, viewerId: string, expires: number, sig: string): boolean {
    if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.signMarked(fileId, rendition, viewerId, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }

  /** Whether `viewer` gets `file` marked: a ready private image, and the viewer is neither its owner nor an operator. */
  servesMarked(file: Pick<FileRow, 'visibility' | 'mediaType' | 'mimeType' | 'ownerId' | 'status'>, viewer: MediaViewer | null | undefined): viewer is MediaViewer {
    const type: MediaType = file.mediaType ?? guessType(file.mimeType);
    return Boolean(viewer && type === 'image' && file.visibility === 'private' && file.status === 'ready' && viewer.id !== file.ownerId && !isAdmin(viewer));
  }

  /** Private ready images, by id after `after` (the tracer's index backfill, a page at a time). */
  async privateImagesAfter(after: string | null, limit: number, mediaType: 'image' | 'video' = 'image'): Promise<FileRow[]> {
    const conds = [eq(files.visibility, 'private'), eq(files.status, 'ready'), eq(files.mediaType, mediaType)];
    if (after) conds.push(gt(files.id, after));
    return this.deps.db.select().from(files).where(and(...conds)).orderBy(asc(files.id)).limit(limit);
  }

  /**
   * Resizes an uploaded image into the preset's renditions (WebP) and records the file. An image
   * whose header passed the magic-byte check but which does not decode (truncated, corrupt, a
   * format this libvips cannot read) is a 415, and nothing is left in storage.
   */
  async storeImage(ownerId: string, kind: string, preset: ImagePreset, upload: ReceivedFile): Promise<FileRow> {
    const id = uuidv7();
    const unreadable = () => new HttpError(415, 'This image could not be read', [{ field: upload.field, message: 'The image is damaged or in an unsupported format' }]);
    const image = sharp(upload.tmpPath, { failOn: 'error' }).rotate();
    const meta = await image.metadata().catch(() => null);
    if (!meta?.width || !meta.height) throw unreadable();
    // Render every rendition first (this decodes the whole image), then write: a failure leaves nothing behind.
    const rendered: Array<[name: string, key: string, buf: Buffer]> = [];
    try {
      for (const [name, [w, h]] of Object.entries(IMAGE_PRESETS[preset])) {
        const buf = await image.clone().resize(w, h, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer();
        rendered.push([name, `public/${kind}/${id}/${name}.webp`, buf]);
      }
    } catch {
      throw unreadable();
    }
    const variants: Record<string, string> = {};
    try {
      for (const [name, key, buf] of rendered) {
        await this.deps.storage.put(key, buf, 'image/webp');
        variants[name] = key;
      }
      const [row] = await this.deps.db
        .insert(files)
        .values({
          id, ownerId, kind, visibility: 'public', originalName: upload.originalName, mimeType: 'image/webp',
          size: upload.size, storageKey: variants[Object.keys(variants).at(-1)!]!, status: 'ready', variants,
          meta: { width: meta.width, height: meta.height, sourceMime: upload.mime },
        })
        .returning();
      return row!;
    } catch (err) {
      await Promise.all(Object.values(variants).map((k) => this.deps.storage.delete(k).catch(() => undefined)));
      throw err;
    }
  }

  /**
   * One public rendition of an uploaded image, not cropped (site logos, favicons, promo banners):
   * scaled down to fit `width`×`height` (never up); `square` pads it to exactly that size on a
   * transparent background instead (favicons). Re-encoded (WebP, or PNG), so no SVG or metadata
   * goes through; undecodable → 415 with nothing stored. `inTx` runs in the transaction that records
   * the file (an operator's audit entry): if it fails, neither the row nor the bytes are left.
   */
  async storeFittedImage(
    ownerId: string, kind: string, upload: ReceivedFile, o: { width: number; height: number; format: 'webp' | 'png'; square?: boolean },
    inTx?: (tx: Tx, row: FileRow) => Promise<void>,
  ): Promise<FileRow> {
    const id = uuidv7();
    const unreadable = () => new HttpError(415, 'This image could not be read', [{ field: upload.field, message: 'The image is damaged or in an unsupported format' }]);
    const image = sharp(upload.tmpPath, { failOn: 'error' }).rotate();
    const meta = await image.metadata().catch(() => null);
    if (!meta?.width || !meta.height) throw unreadable();
    const resized = o.square
      ? image.resize(o.width, o.height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      : image.resize(o.width, o.height, { fit: 'inside', withoutEnlargement: true });
    const out = await (o.format === 'png' ? resized.png() : resized.webp({ quality: 88 })).toBuffer({ resolveWithObject: true }).catch(() => {
      throw unreadable();
    });
    const mime = o.format === 'png' ? 'image/png' : 'image/webp';
    const key = `public/${kind}/${id}/image.${o.format}`;
    await this.deps.storage.put(key, out.data, mime);
    try {
      return await this.deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(files)
          .values({
            id, ownerId, kind, visibility: 'public', originalName: upload.originalName, mimeType: mime, size: out.data.length, storageKey: key, status: 'ready',
            variants: { image: key }, width: out.info.width, height: out.info.height, meta: { sourceMime: upload.mime },
          })
          .returning();
        await inTx?.(tx, row!);
        return row!;
      });
    } catch (err) {
      await this.deps.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /** Stores an upload as it is (documents, videos until the media pipeline processes them). */
  async storeRaw(ownerId: string, kind: string, visibility: 'public' | 'private', upload: ReceivedFile, db: DbOrTx = this.deps.db): Promise<FileRow> {
    const id = uuidv7();
    const key = `${visibility}/${kind}/${id}/original.${upload.ext}`;
    await this.deps.storage.putFile(key, upload.tmpPath, upload.mime);
    try {
      const [row] = await db
        .insert(files)
        .values({ id, ownerId, kind, visibility, originalName: upload.originalName, mimeType: upload.mime, size: upload.size, storageKey: key, status: 'ready' })
        .returning();
      return row!;
    } catch (err) {
      // No record, no bytes: the caller never learns this key, so nobody else would delete it.
      await this.deps.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  async byId(id: string): Promise<FileRow | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.deps.db.select().from(files).where(eq(files.id, id)).limit(1);
    return row ?? null;
  }

  /** Rows for many ids in one query (lists); unknown or malformed ids are simply absent. Order not kept. */
  async byIds(ids: readonly string[]): Promise<FileRow[]> {
    const valid = [...new Set(ids.filter((id) => isUuid(id)))];
    if (!valid.length) return [];
    return this.deps.db.select().from(files).where(inArray(files.id, valid));
  }

  // ------------------------------------------------------------------------- media pipeline

  /**
   * Stores an upload of the media pipeline: the original goes to storage (always under
   * `private/`: never delivered as it is), the row is inserted with status `uploaded`, and a
   * processing job is queued. `visibility` decides where the renditions go: `private` (default)
   * → only through signed URLs; `public` → stable URLs (teasers, thumbnails shown on locked items).
   * If anything fails, nothing is left behind (no row, no bytes).
   */
  async storeUpload(
    ownerId: string,
    kind: string,
    type: MediaType,
    upload: ReceivedFile,
    opts: { visibility?: 'public' | 'private' } = {},
  ): Promise<FileRow> {
    if (!KIND_RE.test(kind)) throw new Error(`storeUpload: invalid kind ${kind}`);
    if (!this.deps.queue) throw new Error('storeUpload: no job queue configured');
    const id = uuidv7();
    const visibility = opts.visibility ?? 'private';
    const key = `private/${kind}/${id}/original.${upload.ext}`;
    await this.deps.storage.putFile(key, upload.tmpPath, upload.mime);
    let row: FileRow | undefined;
    try {
      [row] = await this.deps.db
        .insert(files)
        .values({
          id, ownerId, kind, visibility, mediaType: type, status: 'uploaded', originalName: upload.originalName,
          mimeType: upload.mime, size: upload.size, storageKey: key, meta: { sourceMime: upload.mime, sourceExt: upload.ext, originalKey: key },
        })
        .returning();
      await this.enqueue(row!);
      return row!;
    } catch (err) {
      if (row) await this.deps.db.delete(files).where(eq(files.id, id)).catch(() => undefined);
      await this.deps.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /** Queues processing of a file (one pending job per file: a second request while one waits is a no-op). */
  async enqueue(file: Pick<FileRow, 'id' | 'mediaType' | 'size'>): Promise<void> {
    await sendProcessing(this.deps.queue!, file);
  }

  /** Processing state of a file; null when there is no such file. */
  async status(fileId: string): Promise<FileStatusView | null> {
    const f = await this.byId(fileId);
    return f ? this.statusView(f) : null;
  }

  statusView(f: Pick<FileRow, 'id' | 'status' | 'error'>): FileStatusView {
    return { _id: f.id, status: f.status, ...(f.status === 'failed' && f.error ? { error: f.error } : {}) };
  }

  /**
   * A media file as callers see it. `access` false (or 'locked') → type, status, dimensions,
   * duration and the blurred preview only; true (or 'full') → also the thumbnails and the URL to
   * show/play (signed and short-lived for private files), once processing is done. `viewer`: who
   * the view is for (null: nobody signed in, or the owner's own answers and e-mails).
   *
   * Private images (modules/protection): someone other than the owner or an operator gets
   * per-viewer marked URLs (`servesMarked`), never a plain signed URL.
   * Private videos (README "HLS"): a viewer gets `hls`, the master playlist URL signed for them,
   * and never `url` (a whole MP4); only the file's owner and operators also get `url`. A private
   * video not packaged yet has nothing to play for a viewer.
   */
  fileView(file: FileRow, access: boolean | 'full' | 'locked', viewer: FileViewer): MediaFileView {
    const full = access === true || access === 'full';
    const type: MediaType = file.mediaType ?? guessType(file.mimeType);
    const ready = file.status === 'ready';
    const ttl = SIGNED_URL_TTL[type];
    const marked = this.servesMarked(file, viewer) ? viewer : null;
    const url = (key: string) => (file.visibility === 'public' ? this.publicUrl(key) : this.signedUrl(key, ttl));
    // A marked viewer gets marked renditions only, never a plain signed URL: the main picture is
    // the rendition its storage key names (the pipeline's `large`), else `large`.
    const markedRendition = (key: string): MarkedRendition => {
      const name = Object.entries(file.variants ?? {}).find(([, k]) => k === key)?.[0];
      return name && (MARKED_RENDITIONS as readonly string[]).includes(name) ? (name as MarkedRendition) : 'large';
    };
    const view: MediaFileView = {
      _id: file.id,
      type,
      status: file.status,
      mimeType: file.mimeType,
      thumbnails: [],
    };
    if (file.status === 'failed' && file.error) view.error = file.error;
    if (file.width != null) view.width = file.width;
    if (file.height != null) view.height = file.height;
    if (file.duration != null) view.duration = file.duration;
    if (file.preview) view.preview = this.publicUrl(file.preview);
    if (full && ready) {
      const thumbs = (file.meta?.thumbnails as string[] | undefined) ?? [];
      if (marked) {
        view.thumbnails = thumbs.filter((name): name is MarkedRendition => Boolean(file.variants[name]) && (MARKED_RENDITIONS as readonly string[]).includes(name)).map((name) => this.markedUrl(file.id, name, marked.id, ttl));
        view.url = this.markedUrl(file.id, markedRendition(file.storageKey), marked.id, ttl);
      } else {
        view.thumbnails = thumbs.map((name) => file.variants[name]).filter((k): k is string => Boolean(k)).map(url);
        const streamed = type === 'video' && file.visibility === 'private';
        if (!streamed || (viewer && (viewer.id === file.ownerId || isAdmin(viewer)))) view.url = url(file.storageKey);
        if (streamed && file.hlsStatus === 'ready') view.hls = this.hlsLinks.masterUrl(file.id, viewer?.id ?? null);
      }
    }
    return view;
  }

  /** The HLS backfill's progress (README "HLS"): private ready videos packaged / failed / waiting. */
  /** Stored files by kind and processing status: how many, and their bytes (the console's System section). */
  async storageUse(): Promise<Array<{ kind: string; status: string; count: number; bytes: number }>> {
    return this.deps.db
      .select({ kind: files.kind, status: files.status, count: sql<number>`count(*)`.mapWith(Number), bytes: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
      .from(files)
      .groupBy(files.kind, files.status)
      .orderBy(files.kind, files.status);
  }

  hlsProgress() {
    return hlsProgress(this.deps.db);
  }

  /** Queues failed packagings again (the console's "Retry failed"), audited. */
  retryFailedHls(actor: AuditActor): Promise<number> {
    return retryFailedHls(this.deps.db, this.deps.queue, actor);
  }

  /** The file as its owner sees it (their uploads, vault, mass and automatic messages): everything, the MP4 included. */
  ownerFileView(file: FileRow): MediaFileView {
    return this.fileView(file, 'full', file.ownerId ? { id: file.ownerId, roles: [], twoFactorEnabled: false } : null);
  }

  /** Deletes a file's row and every stored rendition (and the original, if still there). */
  async remove(file: FileRow): Promise<void> {
    // The row as it was when deleted, not only as the caller last read it: a job may have finished
    // processing meanwhile and written renditions the caller's copy does not name.
    const [current] = await this.deps.db.delete(files).where(eq(files.id, file.id)).returning();
    const keys = new Set(
      [file, current]
        .filter((f): f is FileRow => Boolean(f))
        .flatMap((f) => [f.storageKey, ...Object.values(f.variants ?? {}), f.preview, f.meta?.originalKey as string | undefined, ...hlsStorageKeys(f.hls)]),
    );
    await Promise.all([...keys].filter((k): k is string => Boolean(k)).map((k) => this.deps.storage.delete(k).catch(() => undefined)));
  }

  urlOf(file: Pick<FileRow, 'visibility' | 'storageKey' | 'variants'>, variant?: string): string {
    const key = (variant && file.variants[variant]) || file.storageKey;
    return file.visibility === 'public' ? this.publicUrl(key) : this.signedUrl(key);
  }
}

function guessType(mime: string): MediaType {
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'image';
}
