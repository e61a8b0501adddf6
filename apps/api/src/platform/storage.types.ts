import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Local disk under DATA_DIR/files by default; any S3-compatible store when
 * S3_BUCKET is set (`storage-s3.ts`). Keys are relative paths like `public/avatars/<id>/medium.webp`.
 * Either way, delivery goes through our `/files/*` route, so access control stays ours.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The bytes, or the inclusive byte range `start..end`. */
  get(key: string, range?: { start: number; end?: number }): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * Where the bytes are and how much room is left (the console's System section): the free and
   * total bytes of the local disk, or the bucket's object count and bytes (listed up to a limit).
   */
  usage(): Promise<StorageUsage>;
  /** A path on this machine holding the bytes, when there is one (local disk) — saves a copy before processing. */
  localPath(key: string): string | null;
}

export type StorageUsage =
  | { driver: 'local'; path: string; freeBytes: number; totalBytes: number }
  | { driver: 's3'; bucket: string; objects: number; bytes: number; truncated: boolean };
