import crypto from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import type { ReceivedFile } from '../../platform/uploads';
import { files, type FileRow } from './media.tables';
import { uuidv7 } from '../../db/columns';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../platform/errors';

/** Rendition presets for images: name → [width, height] (cover-cropped), output WebP. */
export const IMAGE_PRESETS = {
  avatar: { thumb: [96, 96], medium: [256, 256], large: [512, 512] },
  cover: { medium: [960, 320], large: [1920, 640] },
} as const;
export type ImagePreset = keyof typeof IMAGE_PRESETS;

/**
 * Stored files. Public files are served at stable URLs under /files/public/…; private ones only
 * through access-checked routes or signed URLs that expire (HMAC with APP_SECRET).
 */
export class MediaService {
  constructor(private ctx: Pick<AppContext, 'db' | 'storage' | 'config'>) {}

  publicUrl(key: string): string {
    return `${this.ctx.config.PUBLIC_API_URL}/files/${key}`;
  }

  /** A URL to a private key, valid for `ttlSeconds`. */
  signedUrl(key: string, ttlSeconds = 300): string {
    const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
    return `${this.ctx.config.PUBLIC_API_URL}/files/${key}?expires=${expires}&sig=${this.sign(key, expires)}`;
  }

  sign(key: string, expires: number): string {
    return crypto.createHmac('sha256', this.ctx.config.APP_SECRET).update(`${key}\n${expires}`).digest('base64url');
  }

  verify(key: string, expires: number, sig: string): boolean {
    if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
    const expected = Buffer.from(this.sign(key, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
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
        await this.ctx.storage.put(key, buf, 'image/webp');
        variants[name] = key;
      }
      const [row] = await this.ctx.db
        .insert(files)
        .values({
          id, ownerId, kind, visibility: 'public', originalName: upload.originalName, mimeType: 'image/webp',
          size: upload.size, storageKey: variants[Object.keys(variants).at(-1)!]!, status: 'ready', variants,
          meta: { width: meta.width, height: meta.height, sourceMime: upload.mime },
        })
        .returning();
      return row!;
    } catch (err) {
      await Promise.all(Object.values(variants).map((k) => this.ctx.storage.delete(k).catch(() => undefined)));
      throw err;
    }
  }

  /** Stores an upload as it is (documents, videos until the media pipeline processes them). */
  async storeRaw(ownerId: string, kind: string, visibility: 'public' | 'private', upload: ReceivedFile, db: DbOrTx = this.ctx.db): Promise<FileRow> {
    const id = uuidv7();
    const key = `${visibility}/${kind}/${id}/original.${upload.ext}`;
    await this.ctx.storage.putFile(key, upload.tmpPath, upload.mime);
    try {
      const [row] = await db
        .insert(files)
        .values({ id, ownerId, kind, visibility, originalName: upload.originalName, mimeType: upload.mime, size: upload.size, storageKey: key, status: 'ready' })
        .returning();
      return row!;
    } catch (err) {
      // No record, no bytes: the caller never learns this key, so nobody else would delete it.
      await this.ctx.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  async byId(id: string): Promise<FileRow | null> {
    const [row] = await this.ctx.db.select().from(files).where(eq(files.id, id)).limit(1);
    return row ?? null;
  }

  urlOf(file: Pick<FileRow, 'visibility' | 'storageKey' | 'variants'>, variant?: string): string {
    const key = (variant && file.variants[variant]) || file.storageKey;
    return file.visibility === 'public' ? this.publicUrl(key) : this.signedUrl(key);
  }
}
