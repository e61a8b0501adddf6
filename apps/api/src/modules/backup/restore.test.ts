// Restore of hostile and broken archives (issue 25): entries that are not regular files or
// directories are refused (F2), built here with the `tar` binary as restore reads them.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RestoreRefusedError, restoreBackup } from '../../platform/backup';

let work: string;
let seq = 0;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-restore-'));
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const tar = (...args: string[]) => execFileSync('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });

interface ArchiveSpec {
  /** manifest.json's object (a Stagepass backup of `files` files by default), or null for none. */
  manifest?: Record<string, unknown> | null;
  /** db.tar: the migrated template (default), a path to another tar, or null for none. */
  db?: string | null;
  /** Symbolic links to add to db.tar: name → target. */
  dbLinks?: Record<string, string>;
  /** Regular files under files/: relative path → content. */
  files?: Record<string, string>;
  /** Symbolic links under the archive's top: relative path → target. */
  links?: Record<string, string>;
  /** Hard links under the archive's top: relative path → existing relative path. */
  hardLinks?: Record<string, string>;
}

/** A .tar.gz laid out like createBackup's (`tar -czf - -C staging .`), with whatever `spec` plants. */
async function archive(spec: ArchiveSpec = {}): Promise<string> {
  const n = seq++;
  const dir = path.join(work, `src-${n}`);
  await fs.mkdir(path.join(dir, 'files'), { recursive: true });
  const files = spec.files ?? { 'public/avatars/a.webp': 'avatar' };
  for (const [rel, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, 'files', rel)), { recursive: true });
    await fs.writeFile(path.join(dir, 'files', rel), content);
  }
  if (spec.db !== null) {
    await fs.copyFile(spec.db ?? inject('pgliteDump'), path.join(dir, 'db.tar'));
    if (spec.dbLinks) {
      const extra = path.join(work, `dblinks-${n}`);
      await fs.mkdir(extra);
      for (const [name, target] of Object.entries(spec.dbLinks)) await fs.symlink(target, path.join(extra, name));
      tar('-rf', path.join(dir, 'db.tar'), '-C', extra, ...Object.keys(spec.dbLinks));
    }
  }
  for (const [rel, target] of Object.entries(spec.links ?? {})) {
    await fs.mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await fs.symlink(target, path.join(dir, rel));
  }
  for (const [rel, existing] of Object.entries(spec.hardLinks ?? {})) await fs.link(path.join(dir, existing), path.join(dir, rel));
  const manifest = spec.manifest === undefined ? { kind: 'stagepass-backup', format: 1, createdAt: new Date().toISOString(), database: 'pglite', files: Object.keys(files).length } : spec.manifest;
  if (manifest) await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  const out = path.join(work, `archive-${n}.tar.gz`);
  tar('-czf', out, '-C', dir, '.');
  return out;
}

/** A new DATA_DIR path (not made yet) in its own parent, so what a restore leaves beside it shows. */
async function freshDataDir(): Promise<string> {
  const parent = path.join(work, `site-${seq++}`);
  await fs.mkdir(parent);
  return path.join(parent, 'data');
}

/** Every entry under `dir`: relative path → kind and content hash (links: their target). */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string) => {
    for (const e of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, e.name);
      const rel = path.relative(dir, p);
      if (e.isSymbolicLink()) out[rel] = `link ${await fs.readlink(p)}`;
      else if (e.isDirectory()) {
        out[rel] = 'dir';
        await walk(p);
      } else out[rel] = `file ${crypto.createHash('sha256').update(await fs.readFile(p)).digest('hex')}`;
    }
  };
  await walk(dir);
  return out;
}

describe('restore refuses archive entries that are not regular files or directories (F2)', () => {
  it.each([
    ['files/public/evil -> /etc', { links: { 'files/public/evil': '/etc' } }],
    ['a link that stays inside files/', { links: { 'files/public/alias.webp': 'avatars/a.webp' } }],
    ['a link beside files/ (.app-secret -> /etc/hostname)', { links: { '.app-secret': '/etc/hostname' } }],
    ['a hard link', { hardLinks: { 'files/public/b.webp': 'files/public/avatars/a.webp' } }],
    ['db.tar holding pg_evil -> /etc', { dbLinks: { pg_evil: '/etc' } }],
  ] as Array<[string, ArchiveSpec]>)('%s: refused, and nothing is planted', async (_what, spec) => {
    const file = await archive(spec);
    const dataDir = await freshDataDir();
    const err = await restoreBackup(file, dataDir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefusedError);
    expect((err as Error).message).toMatch(/link/);
    expect(await tree(dataDir)).toEqual({});
  });

  it('restores the same archive without the link', async () => {
    const dataDir = await freshDataDir();
    await restoreBackup(await archive(), dataDir);
    expect(await fs.readFile(path.join(dataDir, 'files', 'public', 'avatars', 'a.webp'), 'utf8')).toBe('avatar');
    expect(await fs.readFile(path.join(dataDir, 'db', 'PG_VERSION'), 'utf8')).toMatch(/^\d+/);
  });
});
