import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { FieldCipher } from '../../platform/encryption';
import { forbidden, notFound } from '../../platform/errors';
import { isAdmin } from '../../platform/auth';
import type { ContentKinds } from '../../platform/content-kinds';
import type { Storage } from '../../platform/storage';
import type { UserRow } from '../users/users.tables';
import type { FileRow, HlsInfo } from './media.tables';
import { masterPlaylist } from './hls.package';
import { bSegmentName, variantOf } from './hls.variants';

/**
 * Encrypted HLS delivery (README.md "HLS"): per-viewer signed playlist and key URLs, the playlists
 * rewritten for the viewer at each fetch, and the AES-128 key served only after the content kind's
 * own access policy says the viewer may play the file — at EVERY key fetch.
 */

/** How long a playlist link works (long enough to watch and seek through a long video). */
export const HLS_PLAYLIST_TTL = 4 * 3600;
/** How long a key link in a served playlist works: the player fetches it right after the playlist. */
export const HLS_KEY_TTL = 10 * 60;
/** How long the segment links in a served playlist work (segments are encrypted; useless without the key). */
export const HLS_SEGMENT_TTL = 4 * 3600;
export const HLS_CONTENT_TYPE = 'application/vnd.apple.mpegurl';
/** The viewer part of a link made for nobody signed in (a free video). */
export const ANONYMOUS = '0';

const RENDITION_RE = /^\d{3,4}p$/;
export const isRenditionName = (s: string) => RENDITION_RE.test(s);

/** AAD of a file's sealed key: a sealed key copied onto another file does not open. */
export const hlsKeyAad = (fileId: string) => `hls-key:${fileId}`;

/**
 * The cipher of HLS keys at rest: DATA_ENCRYPTION_KEY when set (with its previous keys), else a key
 * derived from APP_SECRET (HKDF) — which also stays known as a previous key, so keys sealed before
 * DATA_ENCRYPTION_KEY was set still open.
 */
export function hlsKeyCipher(config: Pick<Config, 'APP_SECRET' | 'dataKey' | 'dataKeysPrevious'>): FieldCipher {
  const derived = Buffer.from(crypto.hkdfSync('sha256', config.APP_SECRET, 'stagepass', 'hls-content-keys', 32));
  return config.dataKey ? new FieldCipher(config.dataKey, [...config.dataKeysPrevious, derived]) : new FieldCipher(derived, config.dataKeysPrevious);
}

/** Every storage key of a file's HLS package (to delete it). */
export function hlsStorageKeys(hls: HlsInfo | null | undefined): string[] {
  if (!hls?.dir || !hls.renditions) return [];
  const keys = [`${hls.dir}/master.m3u8`, ...(hls.burnIn ? [`${hls.dir}/mark.png`] : [])];
  for (const r of hls.renditions) {
    keys.push(`${hls.dir}/${r.name}/index.m3u8`);
    for (let i = 0; i < r.segments; i++) {
      const name = `seg-${String(i).padStart(5, '0')}.ts`;
      keys.push(`${hls.dir}/${r.name}/${name}`, ...(hls.variants ? [`${hls.dir}/${r.name}/${bSegmentName(name)}`] : []));
    }
  }
  return keys;
}

export type HlsPurpose = 'playlist' | 'key';

/** Signs and checks the per-viewer links: HMAC(APP_SECRET) over purpose, file, viewer and expiry. */
export class HlsLinks {
  constructor(private deps: { secret: string; publicUrl: string; now?: () => number }) {}

  private now() {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  sign(purpose: HlsPurpose, fileId: string, viewer: string, expires: number): string {
    return crypto.createHmac('sha256', this.deps.secret).update(`hls\n${purpose}\n${fileId}\n${viewer}\n${expires}`).digest('base64url');
  }

  query(purpose: HlsPurpose, fileId: string, viewerId: string | null, ttl: number): string {
    const v = viewerId ?? ANONYMOUS;
    const e = Math.floor(this.now() / 1000) + ttl;
    return `v=${encodeURIComponent(v)}&e=${e}&s=${this.sign(purpose, fileId, v, e)}`;
  }

  /** The viewer's master playlist URL (what the API answers as a video's `hls`). */
  masterUrl(fileId: string, viewerId: string | null): string {
    return `${this.deps.publicUrl}/media/hls/${fileId}/master.m3u8?${this.query('playlist', fileId, viewerId, HLS_PLAYLIST_TTL)}`;
  }

  renditionUrl(fileId: string, rendition: string, viewerId: string | null): string {
    return `${this.deps.publicUrl}/media/hls/${fileId}/${rendition}/index.m3u8?${this.query('playlist', fileId, viewerId, HLS_PLAYLIST_TTL)}`;
  }

  keyUrl(fileId: string, viewerId: string | null): string {
    return `${this.deps.publicUrl}/media/hls/${fileId}/key?${this.query('key', fileId, viewerId, HLS_KEY_TTL)}`;
  }

  /** The viewer the link was made for (null: nobody signed in); 403 when the signature is wrong or expired. */
  verify(purpose: HlsPurpose, fileId: string, q: { v?: string; e?: number; s?: string }): string | null {
    const bad = () => forbidden('This link is invalid or has expired');
    if (!q.v || !q.e || !q.s || !Number.isFinite(q.e) || q.e < this.now() / 1000) throw bad();
    const expected = Buffer.from(this.sign(purpose, fileId, q.v, q.e));
    const given = Buffer.from(q.s);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw bad();
    return q.v === ANONYMOUS ? null : q.v;
  }
}

/** Whether a viewer may play a file (the owner, an operator, or an item's access policy says so). */
export interface PlaybackAccess {
  mayPlay(viewer: UserRow | null, file: FileRow): Promise<boolean>;
}

/**
 * Playback access through the content kinds (platform/content-kinds.ts): every kind that carries
 * media lists the items of the file's owner that carry the file (`itemsWithFile`), and the kind's
 * own `load` — its access policy, the one every other read uses — says whether the viewer may open
 * one of them. No copy of any rule here.
 */
export class ContentPlaybackAccess implements PlaybackAccess {
  constructor(private deps: { db: DbOrTx; contentKinds: ContentKinds }) {}

  async mayPlay(viewer: UserRow | null, file: FileRow): Promise<boolean> {
    if (viewer && (viewer.id === file.ownerId || isAdmin(viewer))) return true;
    if (viewer && viewer.status !== 'active') return false;
    for (const kind of this.deps.contentKinds.kinds()) {
      const provider = this.deps.contentKinds.get(kind);
      if (!provider?.itemsWithFile) continue;
      const ids = await provider.itemsWithFile(this.deps.db, { id: file.id, ownerId: file.ownerId }, viewer);
      for (const id of ids) {
        const item = await provider.load(this.deps.db, viewer, id);
        if (item?.canView) return true;
      }
    }
    return false;
  }
}

/**
 * A viewer's forensic payload for a file (README "Forensic A/B variants"): VARIANT_BITS bits, or
 * null when the file is not marked for them (the owner, operators, forensic marking off) — then
 * every segment is variant A. Implemented by modules/protection (viewer codes, creators' choices).
 */
export interface VariantChooser {
  bits(file: FileRow, viewerId: string): Promise<Uint8Array | null>;
}

export interface HlsDeliveryDeps {
  storage: Storage;
  links: HlsLinks;
  cipher: FieldCipher;
  access: PlaybackAccess;
  /** A file row by id (null: none). */
  file: (id: string) => Promise<FileRow | null>;
  /** A viewer by id (null: none, e.g. deleted). */
  viewer: (id: string) => Promise<UserRow | null>;
  /** A signed URL of a private storage key (the segments). */
  signedUrl: (key: string, ttl: number) => string;
  /** Picks A or B per segment for a viewer; absent → A for everyone. */
  variants?: VariantChooser;
}

/** Serves the playlists and the key of a packaged video to the viewer a link was signed for. */
export class HlsDelivery {
  constructor(private deps: HlsDeliveryDeps) {}

  /** The file and viewer of a link, after the signature and the viewer's access are checked. */
  private async open(purpose: HlsPurpose, fileId: string, q: { v?: string; e?: number; s?: string }) {
    const viewerId = this.deps.links.verify(purpose, fileId, q);
    const file = await this.deps.file(fileId);
    if (!file || file.hlsStatus !== 'ready' || !file.hls?.dir || !file.hls.key) throw notFound('Video not found');
    const viewer = viewerId ? await this.deps.viewer(viewerId) : null;
    if (viewerId && !viewer) throw forbidden('You may not watch this video');
    if (!(await this.deps.access.mayPlay(viewer, file))) throw forbidden('You may not watch this video');
    return { file, viewerId, hls: file.hls as Required<Pick<HlsInfo, 'dir' | 'key' | 'renditions'>> & HlsInfo };
  }

  /** The master playlist, each rendition's URI signed for the viewer. */
  async master(fileId: string, q: { v?: string; e?: number; s?: string }): Promise<string> {
    const { file, viewerId, hls } = await this.open('playlist', fileId, q);
    return masterPlaylist(hls.renditions, (name) => this.deps.links.renditionUrl(file.id, name, viewerId));
  }

  /** A rendition's playlist: the key URI signed for the viewer (short-lived), the segments as signed storage URLs. */
  async rendition(fileId: string, rendition: string, q: { v?: string; e?: number; s?: string }): Promise<string> {
    const { file, viewerId, hls } = await this.open('playlist', fileId, q);
    if (!isRenditionName(rendition) || !hls.renditions.some((r) => r.name === rendition)) throw notFound('No such rendition');
    const stored = (await buffer(await this.deps.storage.get(`${hls.dir}/${rendition}/index.m3u8`))).toString('utf8');
    const keyUrl = this.deps.links.keyUrl(file.id, viewerId);
    // Segment j is A or B by bit j mod 48 of the viewer's payload (README "Forensic A/B variants").
    const bits = hls.variants && viewerId && this.deps.variants ? await this.deps.variants.bits(file, viewerId) : null;
    let j = 0;
    return stored
      .split('\n')
      .map((line) => {
        if (line.startsWith('#EXT-X-KEY:')) return line.replace(/URI="[^"]*"/, `URI="${keyUrl}"`);
        if (line && !line.startsWith('#')) {
          if (!/^seg-\d{5}\.ts$/.test(line.trim())) throw new Error(`Unexpected line in a stored playlist: ${line}`);
          const name = variantOf(bits, j++) === 'b' ? bSegmentName(line.trim()) : line.trim();
          return this.deps.signedUrl(`${hls.dir}/${rendition}/${name}`, HLS_SEGMENT_TTL);
        }
        return line;
      })
      .join('\n');
  }

  /** The 16-byte AES-128 key, after the viewer's access is checked again. */
  async key(fileId: string, q: { v?: string; e?: number; s?: string }): Promise<Buffer> {
    const { file, hls } = await this.open('key', fileId, q);
    return this.deps.cipher.open(Buffer.from(hls.key, 'base64'), hlsKeyAad(file.id));
  }
}
