import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { lockDataDir, openDatabase, runMigrations, type Database } from '../db/client';

/**
 * Backups of an embedded site (README "Backup and restore"): one .tar.gz holding
 *   manifest.json   what this is (format, when, how many files)
 *   db.tar          the PGlite data directory (PGlite's dumpDataDir), restored as DATA_DIR/db
 *   files/…         DATA_DIR/files (uploads and their renditions)
 *   .app-secret     the generated secret of a site without APP_SECRET (signed links, encrypted 2FA secrets)
 *   .records-key    the generated key of a site without RECORDS_KEY (co-performer records, modules/releases)
 *   .data-encryption-key  the generated key of a site without DATA_ENCRYPTION_KEY (tax ids, bank details)
 *   .vapid-keys.json      the generated Web Push key pair of a site without VAPID_* (browsers' push subscriptions are bound to it)
 * Consistent while the site runs: inside one database transaction (every other query and
 * transaction waits) a CHECKPOINT is taken, the files are snapshotted as hard links (cheap; a
 * file deleted or replaced afterwards keeps its snapshot) and the database is dumped. Uploads
 * write their file before their row, so the snapshot may hold an unreferenced file but never a row
 * without its file. The tar runs after the lock is released. With DATABASE_URL the database is
 * PostgreSQL's to back up (pg_dump): `BackupUnsupportedError` carries the guidance.
 */
export const BACKUP_FORMAT = 1;
/** `paths`: the files under files/ (relative), in backups made since restore checks them; `files` counts them. */
export interface BackupManifest { kind: 'stagepass-backup'; format: number; createdAt: string; database: 'pglite'; files: number; paths?: string[] }

export const PG_GUIDANCE = `This site runs on PostgreSQL (DATABASE_URL): back the database up with PostgreSQL's own tools, and the files separately.
  Database:  pg_dump --format=custom --file=stagepass.dump "$DATABASE_URL"
  Restore:   pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" stagepass.dump
  Files:     DATA_DIR/files (tar it), or your S3 bucket's own versioning/replication when S3_BUCKET is set.
See README.md, "Backup and restore".`;

/** The files a site generates into DATA_DIR when their variable is unset (secret and keys): a DATA_DIR holding only these counts as empty. */
const GENERATED_KEYS = ['.app-secret', '.records-key', '.data-encryption-key', '.vapid-keys.json'];

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

/**
 * Mirrors `from` into `to` as hard links (copies where the file system refuses links); answers the
 * files' paths relative to `to` (`/`-separated, sorted), which the manifest lists.
 */
async function linkTree(from: string, to: string, prefix = ''): Promise<string[]> {
  const paths: string[] = [];
  await fs.mkdir(to, { recursive: true });
  for (const e of await fs.readdir(from, { withFileTypes: true }).catch(() => [])) {
    const src = path.join(from, e.name);
    const dst = path.join(to, e.name);
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) paths.push(...(await linkTree(src, dst, rel)));
    else if (e.isFile()) {
      await fs.link(src, dst).catch(() => fs.copyFile(src, dst));
      paths.push(rel);
    }
  }
  return paths.sort();
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (c: Buffer) => (err += c.toString()));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed (${code}): ${oneLine(err)}`))));
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
    let paths: string[] = [];
    const dump = await pglite.transaction(async (tx) => {
      await tx.query('CHECKPOINT');
      paths = await linkTree(path.join(dataDir, 'files'), path.join(staging, 'files'));
      return pglite.dumpDataDir('none');
    });
    await fs.writeFile(path.join(staging, 'db.tar'), Buffer.from(await dump.arrayBuffer()));
    await fs.copyFile(path.join(dataDir, '.app-secret'), path.join(staging, '.app-secret')).catch(() => {});
    await fs.copyFile(path.join(dataDir, '.records-key'), path.join(staging, '.records-key')).catch(() => {});
    await fs.copyFile(path.join(dataDir, '.data-encryption-key'), path.join(staging, '.data-encryption-key')).catch(() => {});
    await fs.copyFile(path.join(dataDir, '.vapid-keys.json'), path.join(staging, '.vapid-keys.json')).catch(() => {});
    const manifest: BackupManifest = { kind: 'stagepass-backup', format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database: 'pglite', files: paths.length, paths };
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
 * `force`) and always while a process holds its lock (a running site). Everything happens in a
 * staging directory beside `dataDir` (same file system): the archive is extracted and checked there
 * (`stageRestore`), and only a restore that passed every check is swapped in by two renames —
 * `dataDir` aside, the staged one in its place — after which the old one is removed. Any failure
 * removes the staging directory and leaves `dataDir` as it was, with a one-line reason.
 */
export async function restoreBackup(archive: string, dataDir: string, opts: { force?: boolean } = {}): Promise<BackupManifest> {
  await fs.access(archive).catch(() => {
    throw new RestoreRefusedError(`No backup file at ${archive}`);
  });
  const target = path.resolve(dataDir);
  const existed = await fs.stat(target).then(() => true, () => false);
  const existing = (await fs.readdir(target).catch(() => [] as string[])).filter((n) => n !== 'db.lock');
  // A fresh DATA_DIR may already hold the generated secret (loading the config makes it): the backup's replaces it.
  if (existing.some((n) => !GENERATED_KEYS.includes(n)) && !opts.force) throw new RestoreRefusedError(`${dataDir} is not empty: restore into a fresh DATA_DIR, or pass --force to replace what is there`);
  let release: () => void;
  try {
    release = lockDataDir(target);
  } catch (err) {
    throw new RestoreRefusedError((err as Error).message);
  }
  let staging: string | null = null;
  let swapped = false;
  try {
    staging = await fs.mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}.restore-`)).catch((err: Error) => {
      throw new RestoreRefusedError(`cannot stage the restore beside ${dataDir} (it needs write access to ${path.dirname(target)}): ${err.message}`);
    });
    const manifest = await stageRestore(path.resolve(archive), archive, staging);
    await swapIn(target, staging);
    swapped = true;
    return manifest;
  } catch (err) {
    if (err instanceof RestoreKeptError) {
      staging = null; // holds the previous DATA_DIR: never removed
      throw new RestoreRefusedError(err.message);
    }
    const reason = err instanceof RestoreRefusedError ? err.message : oneLine((err as Error).message);
    throw new RestoreRefusedError(`Restore of ${archive} failed, ${dataDir} is untouched: ${reason}`);
  } finally {
    if (staging) await fs.rm(staging, { recursive: true, force: true });
    release();
    if (!swapped && !existed) await fs.rmdir(target).catch(() => {}); // made by the lock, empty
  }
}

/** A swap that failed halfway and could not be undone: its message says where the previous DATA_DIR is. */
class RestoreKeptError extends Error {}

/**
 * Builds `staging/data` from the archive and checks it: entries (regular files and directories
 * only), the manifest, db.tar holding a database that PGlite opens and the site's migrations apply
 * to, and files/ holding what the manifest lists. Answers the manifest; throws the reason.
 */
async function stageRestore(archive: string, label: string, staging: string): Promise<BackupManifest> {
  const unpacked = path.join(staging, 'archive');
  const next = path.join(staging, 'data');
  await fs.mkdir(unpacked);
  await fs.mkdir(path.join(next, 'db'), { recursive: true });
  await checkEntries(archive, label, true);
  await run('tar', ['-xzf', archive, '-C', unpacked]);
  const manifest = JSON.parse(await fs.readFile(path.join(unpacked, 'manifest.json'), 'utf8').catch(() => '{}')) as BackupManifest;
  if (manifest.kind !== 'stagepass-backup' || manifest.format !== BACKUP_FORMAT) throw new RestoreRefusedError(`${label} is not a Stagepass backup (format ${BACKUP_FORMAT})`);

  const dbTar = path.join(unpacked, 'db.tar');
  if (!(await fs.stat(dbTar).then((st) => st.isFile(), () => false))) throw new RestoreRefusedError(`${label} holds no db.tar (the database)`);
  await checkEntries(dbTar, `${label}'s db.tar`, false);
  await run('tar', ['-xf', dbTar, '-C', path.join(next, 'db')]);
  // Without PG_VERSION, opening would create an empty database: the backup's is missing.
  if (!(await fs.stat(path.join(next, 'db', 'PG_VERSION')).then((st) => st.isFile(), () => false))) throw new RestoreRefusedError(`${label}'s db.tar holds no database (no PG_VERSION)`);

  const filesDir = path.join(unpacked, 'files');
  if (await fs.stat(filesDir).then((st) => st.isDirectory(), () => false)) await fs.rename(filesDir, path.join(next, 'files'));
  else await fs.mkdir(path.join(next, 'files'));
  const present = new Set(await regularFiles(path.join(next, 'files')));
  const missing = (manifest.paths ?? []).filter((p) => !present.has(p));
  if (missing.length) throw new RestoreRefusedError(`${label} lacks ${missing.length} of the files its manifest lists (files/${missing.slice(0, 3).join(', files/')}${missing.length > 3 ? ', …' : ''})`);
  if (typeof manifest.files === 'number' && manifest.files !== present.size) throw new RestoreRefusedError(`${label}'s manifest counts ${manifest.files} files, the archive holds ${present.size}`);
  await fs.rename(path.join(unpacked, '.app-secret'), path.join(next, '.app-secret')).catch(() => {});
  await fs.rename(path.join(unpacked, '.records-key'), path.join(next, '.records-key')).catch(() => {});
  await fs.rename(path.join(unpacked, '.data-encryption-key'), path.join(next, '.data-encryption-key')).catch(() => {});
  await fs.rename(path.join(unpacked, '.vapid-keys.json'), path.join(next, '.vapid-keys.json')).catch(() => {});

  await verifyDatabase(next);
  // The staged DATA_DIR is ours from the moment it is swapped in (the lock of a running site's kind).
  await fs.writeFile(path.join(next, 'db.lock'), String(process.pid));
  return manifest;
}

/** Files under `dir` (relative, `/`-separated); refuses anything that is neither file nor directory. */
async function regularFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await regularFiles(path.join(dir, e.name), rel)));
    else if (e.isFile()) out.push(rel);
    else throw new RestoreRefusedError(`files/${rel} is not a regular file or directory`);
  }
  return out;
}

/** PGlite opens the staged database and the site's migrations apply (what the next start does). */
async function verifyDatabase(dataDir: string): Promise<void> {
  let database: Database;
  try {
    database = await openDatabase({ dataDir });
  } catch (err) {
    throw new RestoreRefusedError(`the backup's database does not open: ${oneLine((err as Error).message)}`);
  }
  try {
    await runMigrations(database);
  } catch (err) {
    throw new RestoreRefusedError(`the site's migrations do not apply to the backup's database: ${oneLine((err as Error).message)}`);
  } finally {
    await database.close();
  }
}

/**
 * `target` aside into the staging directory, the staged DATA_DIR in its place: two renames on one
 * file system. A failure of the second puts `target` back; should that fail too, the error says
 * where the previous DATA_DIR is, and it is kept.
 */
async function swapIn(target: string, staging: string): Promise<void> {
  const aside = path.join(staging, 'previous');
  await fs.rename(target, aside).catch((err: Error) => {
    throw new RestoreRefusedError(`cannot move ${target} aside (a mount point, or another file system than ${path.dirname(target)}?): ${err.message}`);
  });
  try {
    await fs.rename(path.join(staging, 'data'), target);
  } catch (err) {
    const reason = oneLine((err as Error).message);
    await fs.rename(aside, target).catch(() => {
      throw new RestoreKeptError(`Restore failed while swapping (${reason}) and ${target} could not be put back: the previous DATA_DIR is at ${aside}`);
    });
    throw new RestoreRefusedError(`cannot move the restored data into ${target}: ${reason}`);
  }
}
