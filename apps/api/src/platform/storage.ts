import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import type { Storage, StorageUsage } from './storage.types';

export type { Storage } from './storage.types';

/** The configured driver: S3 when S3_BUCKET is set, else DATA_DIR/files. */
export async function createStorage(config: Config): Promise<Storage> {
  if (!config.S3_BUCKET) return new LocalStorage(config.filesDir);
  const { S3Storage } = await import('./storage-s3');
  return new S3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined,
  });
}

/**
 * Files under a directory (DATA_DIR/files). A key is served, written or deleted only when its real
 * path is the key itself under the root's real path: a symbolic link anywhere below the root —
 * planted by a restored archive or by hand — is refused, whether it points outside the root
 * (`public/evil -> /etc`) or inside it (`public/x -> ../private/…` would skip the signature check).
 * The root itself may be reached through links (a DATA_DIR on a linked volume). Reads of a refused
 * key answer missing (`stat` null, `get` rejects); writes and deletes reject.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  private readonly rootPath: string;
  private realRoot: string | null = null;
  constructor(root: string) {
    this.rootPath = path.resolve(root);
  }

  /** The free and total bytes of the disk holding the root (made if missing). */
  async usage(): Promise<StorageUsage> {
    await fsp.mkdir(this.rootPath, { recursive: true });
    const s = await fsp.statfs(this.rootPath);
    return { driver: 'local', path: this.rootPath, freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
  }

  /** The key's path, once `confineSync` checked it (used by processing to read a source in place). */
  localPath(key: string): string {
    const full = this.resolve(key);
    this.confineSync(full);
    return full;
  }

  /** The key's lexical path under the root (no `..` out of it). */
  private resolve(key: string): string {
    const full = path.resolve(this.rootPath, key);
    if (!full.startsWith(this.rootPath + path.sep)) throw new Error(`invalid storage key ${key}`);
    return full;
  }

  /**
   * Refuses `full` when the real path of its deepest existing part (itself, or the nearest existing
   * parent of a file still to be written) is not that part's own path under the real root.
   */
  private async confine(full: string): Promise<void> {
    const realRoot = (this.realRoot ??= await fsp.realpath(this.rootPath).catch(() => null));
    if (!realRoot) return; // no root yet: nothing under it can be a link
    for (let part = full; part !== this.rootPath; part = path.dirname(part)) {
      let real: string;
      try {
        real = await fsp.realpath(part);
      } catch (err) {
        if (isMissing(err)) continue; // not there (yet): check its parent
        throw err;
      }
      return this.check(part, real, realRoot);
    }
  }

  private confineSync(full: string): void {
    let realRoot = this.realRoot;
    if (!realRoot) {
      try {
        realRoot = this.realRoot = fs.realpathSync(this.rootPath);
      } catch {
        return;
      }
    }
    for (let part = full; part !== this.rootPath; part = path.dirname(part)) {
      let real: string;
      try {
        real = fs.realpathSync(part);
      } catch (err) {
        if (isMissing(err)) continue;
        throw err;
      }
      return this.check(part, real, realRoot);
    }
  }

  private check(part: string, real: string, realRoot: string): void {
    const expected = path.join(realRoot, path.relative(this.rootPath, part));
    if (real === expected) return;
    const rel = path.relative(realRoot, real);
    const where = rel.startsWith('..') || path.isAbsolute(rel) ? 'outside the files root' : 'elsewhere in the files root';
    throw new StorageLinkError(`storage path ${path.relative(this.rootPath, part)} is a symbolic link (or under one) to ${where}: refused`);
  }

  /** Writes to a temp name and renames, so a reader never sees half a file and a failed write leaves none. */
  async put(key: string, body: Readable | Buffer): Promise<void> {
    const full = this.resolve(key);
    await this.confine(full);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    await this.confine(full);
    const tmp = `${full}.${crypto.randomBytes(6).toString('hex')}.part`;
    try {
      if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      await fsp.rename(tmp, full);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const full = this.resolve(key);
    await this.confine(full);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    await this.confine(full);
    const tmp = `${full}.${crypto.randomBytes(6).toString('hex')}.part`;
    try {
      await fsp.copyFile(filePath, tmp);
      await fsp.rename(tmp, full);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    const full = this.resolve(key);
    await this.confine(full);
    return fs.createReadStream(full, range ? { start: range.start, end: range.end } : undefined);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const full = this.resolve(key);
      await this.confine(full);
      const s = await fsp.stat(full);
      return { size: s.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    const full = this.resolve(key);
    await this.confine(full);
    await fsp.rm(full, { force: true });
  }
}

/** A key that resolves through a symbolic link under the files root. */
export class StorageLinkError extends Error {}

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');
