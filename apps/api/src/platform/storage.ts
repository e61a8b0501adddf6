import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Local disk under DATA_DIR/files by default; an S3-compatible driver
 * arrives with the media pipeline. Keys are relative paths like `avatars/<id>/medium.webp`.
 */
export interface Storage {
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  get(key: string, range?: { start: number; end?: number }): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
}

export class LocalStorage implements Storage {
  constructor(private root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`invalid storage key ${key}`);
    return full;
  }

  async put(key: string, body: Readable | Buffer): Promise<void> {
    const full = this.resolve(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    if (Buffer.isBuffer(body)) await fsp.writeFile(full, body);
    else await pipeline(body, fs.createWriteStream(full));
  }

  async putFile(key: string, filePath: string): Promise<void> {
    const full = this.resolve(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    await fsp.copyFile(filePath, full);
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<Readable> {
    return fs.createReadStream(this.resolve(key), range ? { start: range.start, end: range.end } : undefined);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await fsp.stat(this.resolve(key));
      return { size: s.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }
}
