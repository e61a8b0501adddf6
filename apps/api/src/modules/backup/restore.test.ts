// Restore of hostile and broken archives (issue 25): entries that are not regular files or
// directories are refused (F2); a restore that fails leaves DATA_DIR as it was (F3). The archives
// are built here with the `tar` binary, as restore reads them.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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

const REPO = path.resolve(import.meta.dirname, '../../../../..');

/** `npm run restore -- …` (the operator CLI) with DATA_DIR=`dataDir`: exit code and output. */
function cliRestore(args: string[], dataDir: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, APP_SECRET: 'test-secret-test-secret-test-secret-000' };
    delete env.DATABASE_URL;
    const p = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', 'restore', ...args], { cwd: REPO, env });
    let out = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (out += c.toString()));
    p.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

let liveTemplate: Promise<string> | null = null;
/**
 * A site's DATA_DIR as it lives: restored from a good archive, then used (an upload, mail, the
 * backup token). Made once; each test gets its own copy.
 */
async function liveSite(): Promise<string> {
  liveTemplate ??= (async () => {
    const dir = await freshDataDir();
    await restoreBackup(await archive({ files: { 'public/avatars/a.webp': 'avatar', 'private/feed-photo/f1/large.webp': 'paid' } }), dir);
    await fs.writeFile(path.join(dir, 'files', 'public', 'avatars', 'later.webp'), 'uploaded after the backup');
    await fs.mkdir(path.join(dir, 'outbox'));
    await fs.writeFile(path.join(dir, 'outbox', 'welcome.eml'), 'Subject: hi');
    await fs.writeFile(path.join(dir, 'backup.token'), 'x'.repeat(64));
    return dir;
  })();
  const dataDir = await freshDataDir();
  await fs.cp(await liveTemplate, dataDir, { recursive: true });
  return dataDir;
}

/** A db.tar made from the migrated template with `change` applied to its extracted directory. */
async function templateDbTar(change: (dir: string) => Promise<void>): Promise<string> {
  const dir = path.join(work, `db-${seq++}`);
  await fs.mkdir(dir);
  tar('-xf', inject('pgliteDump'), '-C', dir);
  await change(dir);
  const out = `${dir}.tar`;
  tar('-cf', out, '-C', dir, '.');
  return out;
}

/** A db.tar of a PostgreSQL database that is not a Stagepass site's (a `users` table of its own). */
async function foreignDbTar(): Promise<string> {
  const db = new PGlite();
  await db.exec('create table users (x int)');
  const dump = await db.dumpDataDir('none');
  await db.close();
  const out = path.join(work, `foreign-${seq++}.tar`);
  await fs.writeFile(out, Buffer.from(await dump.arrayBuffer()));
  return out;
}

/** The entries beside `dataDir` (a restore must leave no staging directory there). */
const beside = async (dataDir: string) => (await fs.readdir(path.dirname(dataDir))).sort();

// Each case may open PGlite and run the migrations: seconds, more on a busy machine.
describe('a failed restore leaves DATA_DIR as it was (F3)', { timeout: 120_000 }, () => {
  const broken: Array<[string, () => Promise<string>, RegExp]> = [
    ['a gzip cut short', async () => {
      const good = await fs.readFile(await archive());
      const cut = path.join(work, `cut-${seq++}.tar.gz`);
      await fs.writeFile(cut, good.subarray(0, good.length >> 1));
      return cut;
    }, /not a readable tar archive/],
    ['no db.tar', () => archive({ db: null }), /db\.tar/],
    ['a db.tar cut short', async () => {
      const cut = path.join(work, `dbcut-${seq++}.tar`);
      await fs.writeFile(cut, (await fs.readFile(inject('pgliteDump'))).subarray(0, 1 << 20));
      return archive({ db: cut });
    }, /db\.tar is not a readable tar archive/],
    ['a db.tar without a database', async () => archive({ db: await templateDbTar(async (dir) => fs.rm(path.join(dir, 'PG_VERSION'))) }), /no database/],
    ['a database that does not open', async () => archive({ db: await templateDbTar(async (dir) => fs.writeFile(path.join(dir, 'global', 'pg_control'), crypto.randomBytes(8192))) }), /database does not open/],
    ['a database the migrations do not apply to', async () => archive({ db: await foreignDbTar() }), /migrations/],
    ['a file the manifest lists is missing', () => archive({ manifest: { kind: 'stagepass-backup', format: 1, createdAt: new Date().toISOString(), database: 'pglite', files: 2, paths: ['public/avatars/a.webp', 'public/avatars/b.webp'] } }), /public\/avatars\/b\.webp/],
    ['fewer files than the manifest counts', () => archive({ manifest: { kind: 'stagepass-backup', format: 1, createdAt: new Date().toISOString(), database: 'pglite', files: 3 } }), /3 files.*1/],
    ['no manifest', () => archive({ manifest: null }), /not a Stagepass backup/],
  ];

  it.each(broken)('--force over a live site with %s: refused on one line, DATA_DIR byte for byte untouched, nothing left beside it', async (_what, make, reason) => {
    const file = await make();
    const dataDir = await liveSite();
    const before = await tree(dataDir);
    const err = await restoreBackup(file, dataDir, { force: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RestoreRefusedError);
    const message = (err as Error).message;
    expect(message).toMatch(reason);
    expect(message).not.toContain('\n');
    expect(await tree(dataDir)).toEqual(before);
    expect(await beside(dataDir)).toEqual(['data']);
  });

  it('npm run restore -- corrupt.tar.gz --force over a live site: exit 1 with the reason on one line; the site is intact', async () => {
    const dataDir = await liveSite();
    const before = await tree(dataDir);
    const file = await archive({ db: await templateDbTar(async (dir) => fs.writeFile(path.join(dir, 'global', 'pg_control'), crypto.randomBytes(8192))) });
    const r = await cliRestore([file, '--force'], dataDir);
    expect(r.code).toBe(1);
    expect(r.out.trim().split('\n'), r.out).toHaveLength(1);
    expect(r.out).toMatch(/database does not open.*untouched|untouched.*database does not open/);
    expect(await tree(dataDir)).toEqual(before);
    expect(await beside(dataDir)).toEqual(['data']);
  });

  it('without --force, a broken archive leaves a fresh DATA_DIR empty (no half-written db/)', async () => {
    const dataDir = await freshDataDir();
    const file = await archive({ db: await foreignDbTar() });
    await expect(restoreBackup(file, dataDir)).rejects.toThrow(RestoreRefusedError);
    expect(await tree(dataDir)).toEqual({});
    expect(await beside(dataDir)).not.toContain(expect.stringMatching(/restore/));
  });

  it('a good archive --force replaces the live site wholly, and leaves nothing beside it', async () => {
    const dataDir = await liveSite();
    await restoreBackup(await archive({ files: { 'public/avatars/new.webp': 'new' } }), dataDir, { force: true });
    const after = await tree(dataDir);
    expect(Object.keys(after).filter((p) => !p.startsWith(`db${path.sep}`)).sort()).toEqual(['db', 'files', 'files/public', 'files/public/avatars', 'files/public/avatars/new.webp']);
    expect(after['db/PG_VERSION']).toMatch(/^file/);
    expect(await beside(dataDir)).toEqual(['data']);
  });

  it('never while another process holds the DATA_DIR lock (a running site), touching nothing', async () => {
    const dataDir = await liveSite();
    await fs.writeFile(path.join(dataDir, 'db.lock'), String(process.ppid));
    const before = await tree(dataDir);
    await expect(restoreBackup(await archive(), dataDir, { force: true })).rejects.toThrow(/in use by another process/);
    expect(await tree(dataDir)).toEqual(before);
    expect(await beside(dataDir)).toEqual(['data']);
  });
});
