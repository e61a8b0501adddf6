import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { lockDataDir, type Database } from '../db/client';

/**
 * Backups of an embedded site (README "Backup and restore"): one .tar.gz holding
 *   manifest.json   what this is (format, when, how many files)
 *   db.tar          the PGlite data directory (PGlite's dumpDataDir), restored as DATA_DIR/db
 *   files/…         DATA_DIR/files (uploads and their renditions)
 *   .app-secret     the generated secret of a site without APP_SECRET (signed links, encrypted 2FA secrets)
 * Consistent while the site runs: inside one database transaction (every other query and
 * transaction waits) a CHECKPOINT is taken, the files are snapshotted as hard links (cheap; a
 * file deleted or replaced afterwards keeps its snapshot) and the database is dumped. Uploads
 * write their file before their row, so the snapshot may hold an unreferenced file but never a row
 * without its file. The tar runs after the lock is released. With DATABASE_URL the database is
 * PostgreSQL's to back up (pg_dump): `BackupUnsupportedError` carries the guidance.
 */
export const BACKUP_FORMAT = 1;
export interface BackupManifest { kind: 'stagepass-backup'; format: number; createdAt: string; database: 'pglite'; files: number }

export const PG_GUIDANCE = `This site runs on PostgreSQL (DATABASE_URL): back the database up with PostgreSQL's own tools, and the files separately.
  Database:  pg_dump --format=custom --file=stagepass.dump "$DATABASE_URL"
  Restore:   pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" stagepass.dump
  Files:     DATA_DIR/files (tar it), or your S3 bucket's own versioning/replication when S3_BUCKET is set.
See README.md, "Backup and restore".`;

export class BackupUnsupportedError extends Error {}
export class RestoreRefusedError extends Error {}

/** The token the local backup CLI proves itself with (DATA_DIR/backup.token, readable by the site's user only). */
export async function backupToken(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'backup.token');
  try {
    const t = (await fs.readFile(file, 'utf8')).trim();
    if (t.length >= 32) return t;
  } catch {
    // first start: made below
  }
  await fs.mkdir(dataDir, { recursive: true });
  const token = crypto.randomBytes(32).toString('hex');
  await fs.writeFile(file, token, { mode: 0o600 });
  return token;
}

/** Same-length constant-time comparison of the presented token. */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** Mirrors `from` into `to` as hard links (copies where the file system refuses links); answers the number of files. */
async function linkTree(from: string, to: string): Promise<number> {
  let n = 0;
  await fs.mkdir(to, { recursive: true });
  for (const e of await fs.readdir(from, { withFileTypes: true }).catch(() => [])) {
    const src = path.join(from, e.name);
    const dst = path.join(to, e.name);
    if (e.isDirectory()) n += await linkTree(src, dst);
    else if (e.isFile()) {
      await fs.link(src, dst).catch(() => fs.copyFile(src, dst));
      n++;
    }
  }
  return n;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${code}): ${err.trim()}`))));
  });
}

const ENTRY_KINDS: Record<string, string> = { l: 'a symbolic link', h: 'a hard link', c: 'a character device', b: 'a block device', p: 'a FIFO', s: 'a socket' };

/**
 * Refuses an archive (`tar -tv`'s listing, names escaped so each entry is one line) holding any
 * entry that is not a regular file or a directory: a link would make the site serve, or PGlite
 * open, what it points at (issue 25: `files/public/evil -> /etc`, `db/pg_evil -> /etc`).
 */
function checkEntries(archive: string, label: string, gzip: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn('tar', [gzip ? '-tvzf' : '-tvf', archive, '--quoting-style=escape'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let refused: string | null = null;
    let rest = '';
    let err = '';
    const line = (l: string) => {
      if (!refused && l && l[0] !== '-' && l[0] !== 'd') {
        refused = `${label} holds ${ENTRY_KINDS[l[0]!] ?? `an entry of type '${l[0]}'`} (${l.replace(/^\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+/, '')}); a backup holds only regular files and directories`;
      }
    };
    p.stdout.setEncoding('utf8').on('data', (c: string) => {
      const lines = (rest + c).split('\n');
      rest = lines.pop()!;
      lines.forEach(line);
    });
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    p.on('error', reject);
    p.on('close', (code) => {
      line(rest);
      if (refused) reject(new RestoreRefusedError(refused));
      else if (code !== 0) reject(new RestoreRefusedError(`${label} is not a readable tar archive: ${oneLine(err)}`));
      else resolve();
    });
  });
}

/** tar's messages on one line, without its own "Removing leading '/'" notices. */
const oneLine = (s: string) => s.split('\n').filter((l) => l.trim() && !/Removing leading/.test(l)).join('; ').trim();

/**
 * Takes the consistent snapshot (above) and answers the archive as a gzip'd tar stream; the
 * staging directory (under DATA_DIR, so hard links work) is removed when the stream ends.
 */
export async function createBackup(database: Database, dataDir: string): Promise<{ manifest: BackupManifest; stream: Readable; done: Promise<void> }> {
  if (database.kind !== 'pglite' || !database.pglite) throw new BackupUnsupportedError(PG_GUIDANCE);
  const pglite = database.pglite;
  const staging = await fs.mkdtemp(path.join(dataDir, '.backup-'));
  try {
    let files = 0;
    const dump = await pglite.transaction(async (tx) => {
      await tx.query('CHECKPOINT');
      files = await linkTree(path.join(dataDir, 'files'), path.join(staging, 'files'));
      return pglite.dumpDataDir('none');
    });
    await fs.writeFile(path.join(staging, 'db.tar'), Buffer.from(await dump.arrayBuffer()));
    await fs.copyFile(path.join(dataDir, '.app-secret'), path.join(staging, '.app-secret')).catch(() => {});
    const manifest: BackupManifest = { kind: 'stagepass-backup', format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database: 'pglite', files };
    await fs.writeFile(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const tar = spawn('tar', ['-czf', '-', '--hard-dereference', '-C', staging, '.'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    tar.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const done = new Promise<void>((resolve, reject) => {
      tar.on('error', reject);
      tar.on('close', (code) => {
        void fs.rm(staging, { recursive: true, force: true });
        if (code === 0) resolve();
        else reject(new Error(`tar failed (${code}): ${err.trim()}`));
      });
    });
    done.catch(() => {});
    return { manifest, stream: tar.stdout, done };
  } catch (err) {
    await fs.rm(staging, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Restores an archive of `createBackup` into `dataDir`: refused when it holds anything (unless
 * `force`, which empties it first) and always while a process holds its lock (a running site).
 */
export async function restoreBackup(archive: string, dataDir: string, opts: { force?: boolean } = {}): Promise<BackupManifest> {
  await fs.access(archive).catch(() => {
    throw new RestoreRefusedError(`No backup file at ${archive}`);
  });
  const existing = (await fs.readdir(dataDir).catch(() => [] as string[])).filter((n) => n !== 'db.lock');
  // A fresh DATA_DIR may already hold the generated secret (loading the config makes it): the backup's replaces it.
  if (existing.some((n) => n !== '.app-secret') && !opts.force) throw new RestoreRefusedError(`${dataDir} is not empty: restore into a fresh DATA_DIR, or pass --force to replace what is there`);
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    throw new RestoreRefusedError((err as Error).message);
  }
  try {
    const staging = await fs.mkdtemp(path.join(dataDir, '.restore-'));
    try {
      await checkEntries(path.resolve(archive), archive, true);
      await run('tar', ['-xzf', path.resolve(archive), '-C', staging]);
      const manifest = JSON.parse(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8').catch(() => '{}')) as BackupManifest;
      if (manifest.kind !== 'stagepass-backup' || manifest.format !== BACKUP_FORMAT) throw new RestoreRefusedError(`${archive} is not a Stagepass backup (format ${BACKUP_FORMAT})`);
      await checkEntries(path.join(staging, 'db.tar'), `${archive}'s db.tar`, false);
      for (const name of existing) await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
      await fs.mkdir(path.join(dataDir, 'db'), { recursive: true });
      await run('tar', ['-xf', path.join(staging, 'db.tar'), '-C', path.join(dataDir, 'db')]);
      await fs.rename(path.join(staging, 'files'), path.join(dataDir, 'files')).catch(() => fs.mkdir(path.join(dataDir, 'files'), { recursive: true }));
      await fs.rename(path.join(staging, '.app-secret'), path.join(dataDir, '.app-secret')).catch(() => {});
      return manifest;
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}
