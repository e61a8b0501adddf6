import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { PRODUCT_DOWNLOAD_TTL_SECONDS, isUuid, type ProductDownloadLink } from '@stagepass/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Storage } from '../../platform/storage';
import { HttpError, forbidden, notFound } from '../../platform/errors';
import { isAdmin, isAuditedOperator } from '../../platform/auth';
import { users, type UserRow } from '../users/users.tables';
import type { MediaService } from '../media/media.service';
import { canSeeProduct } from './products.policy';
import type { ProductsService } from './products.service';
import type { Productish } from './products.views';

/**
 * Who bought what, as the downloads need it — answered by the orders module (a commerce module,
 * which this content module may not import): root.ts passes OrdersService, whose methods fit.
 */
export interface DownloadRights {
  /** The buyer's order of the product that was not refunded, or null. */
  activeProductOrder(userId: string, productId: string): Promise<{ id: string } | null>;
  /** One more download on that order. */
  countOrderDownload(orderId: string): Promise<void>;
}

/** What ProductDownloads is built with (by the composition root, root.ts). */
export interface ProductDownloadsDeps {
  config: Pick<Config, 'APP_SECRET' | 'PUBLIC_API_URL'>;
  clock: Clock;
  db: Db;
  media: MediaService;
  storage: Storage;
  products: ProductsService;
  rights: DownloadRights;
}

const PURPOSE = 'product-download';
const SIG_RE = /^[A-Za-z0-9_-]{43}$/;

/** An open download: the bytes and how to name them. */
export interface OpenDownload {
  stream: Readable;
  size: number;
  mimeType: string;
  fileName: string;
}

/**
 * Digital products' downloads (README.md beside this file, "Downloads"). A buyer asks for a link
 * (GET …/products/{id}/download-link); the link is a URL to GET …/products/{id}/download with a
 * single-purpose token `<userId>.<expires>.<HMAC-SHA256 under APP_SECRET of
 * 'product-download', the product id, the user id and the expiry>`: bound to that product and that
 * buyer, valid PRODUCT_DOWNLOAD_TTL_SECONDS (5 minutes), and never a session token (it opens this
 * one file and nothing else). The download checks it again, and the buyer's right again (an order
 * refunded since the link was made → 403), then streams the file as an attachment.
 */
export class ProductDownloads {
  constructor(private deps: ProductDownloadsDeps) {}

  private sign(productId: string, userId: string, exp: number): string {
    return crypto.createHmac('sha256', this.deps.config.APP_SECRET).update(`${PURPOSE}\n${productId.toLowerCase()}\n${userId.toLowerCase()}\n${exp}`).digest('base64url');
  }

  /**
   * GET …/products/{id}/download-link: for the owner and buyers with an order that was not
   * refunded — and an operator only on the audited path (`isAuditedOperator`: GET
   * /admin/content/product/{id}, which writes the read to the audit log with their reason first;
   * issue 28 §6). An operator anywhere else is refused as any other viewer who did not buy it.
   */
  async link(user: UserRow, productId: string): Promise<ProductDownloadLink> {
    const product = await this.digitalProduct(productId);
    if (!product) throw notFound('Product not found');
    const privileged = product.performerId === user.id || isAuditedOperator(user);
    if (!privileged && !(await this.deps.rights.activeProductOrder(user.id, product.id))) {
      // Buyers keep their download when the product is withdrawn later; everyone else sees the shop's rule.
      if (!(await canSeeProduct(this.deps.db, user, product))) throw notFound('Product not found');
      throw forbidden('Only buyers of this product can download it');
    }
    if (!product.digitalFileId) throw notFound('This product has no file yet');
    const exp = Math.floor(this.deps.clock.now().getTime() / 1000) + PRODUCT_DOWNLOAD_TTL_SECONDS;
    const token = `${user.id.toLowerCase()}.${exp}.${this.sign(product.id, user.id, exp)}`;
    return {
      url: `${this.deps.config.PUBLIC_API_URL}/performer-assets/products/${product.id}/download?token=${encodeURIComponent(token)}`,
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  /**
   * GET …/products/{id}/download?token=…: the file for a valid token of THIS product (another
   * product's token, a tampered one → 403; expired → 410), whose user still may download it.
   * Counts the download on the product and on the buyer's order.
   */
  async open(productId: string, token: string): Promise<OpenDownload> {
    const parts = token.split('.');
    const [userId, expText, sig] = parts as [string, string, string];
    if (parts.length !== 3 || !isUuid(userId) || !/^\d{1,12}$/.test(expText) || !SIG_RE.test(sig)) throw forbidden('This download link is not valid');
    const exp = Number(expText);
    const expected = Buffer.from(this.sign(productId, userId, exp));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw forbidden('This download link is not valid');
    if (exp * 1000 <= this.deps.clock.now().getTime()) throw new HttpError(410, 'This download link has expired: ask for a new one');
    const product = await this.digitalProduct(productId);
    if (!product?.digitalFileId) throw notFound('Product not found');
    let orderId: string | null = null;
    if (product.performerId !== userId) {
      const order = await this.deps.rights.activeProductOrder(userId, product.id);
      if (order) orderId = order.id;
      else {
        // A link of an operator who bought nothing was made on the audited path (`link` above, the
        // read already in the audit log): it opens while they are still an operator.
        const [u] = await this.deps.db.select({ roles: users.roles, twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
        if (!isAdmin(u)) throw forbidden('This download is no longer available');
      }
    }
    const file = await this.deps.media.byId(product.digitalFileId);
    const stat = file ? await this.deps.storage.stat(file.storageKey) : null;
    if (!file || !stat) throw notFound('File not found');
    const stream = await this.deps.storage.get(file.storageKey);
    if (orderId) {
      await this.deps.products.countDownload(product.id);
      await this.deps.rights.countOrderDownload(orderId);
    }
    const mimeType = file.mimeType || 'application/octet-stream';
    return { stream, size: stat.size, mimeType, fileName: downloadFileName(product.name, file.originalName ?? '', mimeType) };
  }

  private async digitalProduct(id: string): Promise<Productish | null> {
    const row = await this.deps.products.byId(id);
    return row && row.type === 'digital' ? row : null;
  }
}

/** Extensions of the types a digital product's file is most often stored as, for an upload named without one. */
const EXTENSION_OF_TYPE: Record<string, string> = {
  'application/pdf': 'pdf', 'application/zip': 'zip', 'application/epub+zip': 'epub', 'audio/mpeg': 'mp3', 'audio/wav': 'wav',
  'audio/x-wav': 'wav', 'audio/flac': 'flac', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/x-m4a': 'm4a', 'video/mp4': 'mp4',
  'video/quicktime': 'mov', 'video/webm': 'webm', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif',
  'text/plain': 'txt',
};
/** Characters file systems refuse (Windows' set) and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const UNSAFE_IN_FILE_NAME = /[\x00-\x1f\x7f"*/:<>?\\|]/g;

/**
 * The name a bought file downloads as (issue 26 §4.14): the PRODUCT's name — not the name the
 * creator's upload happened to have (`audio-77.mp3`) — with the upload's extension (else one
 * from its stored type), characters file systems refuse replaced by `_`. A name that already
 * ends with the extension keeps it once; an empty name falls back to the upload's name.
 */
export function downloadFileName(productName: string, originalName: string, mimeType: string): string {
  const base = productName.replace(UNSAFE_IN_FILE_NAME, '_').trim().slice(0, 150);
  const fromName = /\.([A-Za-z0-9]{1,8})$/.exec(originalName)?.[1]?.toLowerCase();
  const ext = fromName ?? EXTENSION_OF_TYPE[mimeType.toLowerCase()];
  if (!base) return originalName.replace(UNSAFE_IN_FILE_NAME, '_').trim() || (ext ? `download.${ext}` : 'download');
  if (!ext || base.toLowerCase().endsWith(`.${ext}`)) return base;
  return `${base}.${ext}`;
}

/** `Content-Disposition: attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266 / 5987). */
export function attachmentHeader(name: string): string {
  const clean = name.replace(/[\r\n"\\/]/g, '_').slice(0, 200) || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}
