// The local file storage serves only files whose real path is their own key under the real root:
// a symbolic link anywhere under the root (planted by a restored archive or by hand) is refused,
// whether it points outside the root or inside it (issue 25, F2).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from './storage';

let work: string;
let root: string;
let outside: string;
let storage: LocalStorage;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-storage-'));
  root = path.join(work, 'files');
  outside = path.join(work, 'host');
  await fs.mkdir(path.join(root, 'public', 'avatars'), { recursive: true });
  await fs.mkdir(path.join(root, 'private', 'feed-photo'), { recursive: true });
  await fs.mkdir(outside, { recursive: true });
  await fs.writeFile(path.join(outside, 'passwd'), 'root:x:0:0:host secret');
  await fs.writeFile(path.join(root, 'public', 'avatars', 'a.webp'), 'avatar');
  await fs.writeFile(path.join(root, 'private', 'feed-photo', 'paid.webp'), 'paid picture');
  // A directory link out of the root (`files/public/evil -> /etc` of the issue), a file link out of it,
  // and a link from public/ into private/ (inside the root, but it would skip the signature check).
  await fs.symlink(outside, path.join(root, 'public', 'evil'));
  await fs.symlink(path.join(outside, 'passwd'), path.join(root, 'public', 'passwd.webp'));
  await fs.symlink(path.join(root, 'private', 'feed-photo', 'paid.webp'), path.join(root, 'public', 'alias.webp'));
  await fs.symlink(path.join(root, 'private'), path.join(root, 'public', 'private-dir'));
  storage = new LocalStorage(root);
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

describe('LocalStorage and symbolic links', () => {
  it('serves, writes and deletes regular files as before', async () => {
    expect(await storage.stat('public/avatars/a.webp')).toEqual({ size: 6 });
    expect(await text(await storage.get('public/avatars/a.webp'))).toBe('avatar');
    await storage.put('public/avatars/new/b.webp', Buffer.from('bee'));
    expect(await storage.stat('public/avatars/new/b.webp')).toEqual({ size: 3 });
    expect(storage.localPath('public/avatars/new/b.webp')).toBe(path.join(root, 'public', 'avatars', 'new', 'b.webp'));
    await storage.delete('public/avatars/new/b.webp');
    expect(await storage.stat('public/avatars/new/b.webp')).toBeNull();
  });

  it('refuses a directory link that points outside the root: nothing read, written or deleted there', async () => {
    expect(await storage.stat('public/evil/passwd')).toBeNull();
    await expect(storage.get('public/evil/passwd')).rejects.toThrow(/outside|link/);
    expect(() => storage.localPath('public/evil/passwd')).toThrow(/outside|link/);
    await expect(storage.put('public/evil/planted', Buffer.from('x'))).rejects.toThrow(/outside|link/);
    await expect(storage.put('public/evil/sub/planted', Buffer.from('x'))).rejects.toThrow(/outside|link/);
    await expect(storage.delete('public/evil/passwd')).rejects.toThrow(/outside|link/);
    expect((await fs.readdir(outside)).sort()).toEqual(['passwd']);
    expect(await fs.readFile(path.join(outside, 'passwd'), 'utf8')).toBe('root:x:0:0:host secret');
  });

  it('refuses a file link that points outside the root', async () => {
    expect(await storage.stat('public/passwd.webp')).toBeNull();
    await expect(storage.get('public/passwd.webp')).rejects.toThrow(/outside|link/);
  });

  it('refuses a link that stays inside the root too (public/ → private/ would skip the signature)', async () => {
    expect(await storage.stat('public/alias.webp')).toBeNull();
    await expect(storage.get('public/alias.webp')).rejects.toThrow(/outside|link/);
    expect(await storage.stat('public/private-dir/feed-photo/paid.webp')).toBeNull();
    await expect(storage.get('public/private-dir/feed-photo/paid.webp', { start: 0 })).rejects.toThrow(/outside|link/);
  });

  it('works under a root that is itself reached through a link (a DATA_DIR on a linked volume)', async () => {
    const linkedRoot = path.join(work, 'linked-files');
    await fs.symlink(root, linkedRoot);
    const s = new LocalStorage(linkedRoot);
    expect(await text(await s.get('public/avatars/a.webp'))).toBe('avatar');
    await s.put('public/avatars/c.webp', Buffer.from('sea'));
    expect(await fs.readFile(path.join(root, 'public', 'avatars', 'c.webp'), 'utf8')).toBe('sea');
    expect(await s.stat('public/evil/passwd')).toBeNull();
  });

  it('answers a missing file as missing, also under a root not made yet', async () => {
    expect(await storage.stat('public/avatars/none.webp')).toBeNull();
    const fresh = new LocalStorage(path.join(work, 'not-yet'));
    expect(await fresh.stat('public/x.webp')).toBeNull();
    await fresh.put('public/x.webp', Buffer.from('x'));
    expect(await fresh.stat('public/x.webp')).toEqual({ size: 1 });
  });
});
