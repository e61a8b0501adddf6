/**
 * Backup and restore of an embedded (PGlite) site — README "Backup and restore".
 *
 *   npm run backup [-- --out FILE]       a consistent .tar.gz of the database and DATA_DIR/files
 *   npm run restore -- FILE [--force]    into DATA_DIR (a fresh one; --force replaces what is there)
 *
 * While the site runs, the backup asks the running API (POST /operator/backup on the loopback
 * address, with DATA_DIR/backup.token): PGlite belongs to that one process. When no API answers,
 * it opens DATA_DIR itself (refused if another process holds it). Restore never runs beside a
 * running site (the DATA_DIR lock). With DATABASE_URL both print the pg_dump / pg_restore guidance.
 *
 * Environment: DATA_DIR, API_PORT (or API_URL) as for the API. Exit code 0 on success, 1 on any error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { loadConfig } from '../apps/api/src/config';
import { DataDirLockedError, openDatabase } from '../apps/api/src/db/client';
import { PG_GUIDANCE, RestoreRefusedError, createBackup, restoreBackup } from '../apps/api/src/platform/backup';

class CliError extends Error {}

const USAGE = `Usage:
  npm run backup [-- --out FILE]
  npm run restore -- FILE [--force]`;

/**
 * The site's configuration (DATA_DIR, API_PORT, DATABASE_URL). The CLI needs no secret: a stand-in
 * keeps loadConfig from generating DATA_DIR/.app-secret (or refusing in production) on its behalf.
 */
const siteConfig = () => loadConfig(process.env, { APP_SECRET: process.env.APP_SECRET || 'backup-cli-uses-no-secret-0000000000000' });

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
}

/** Asks the running API; null when none answers on the address. */
async function viaApi(apiUrl: string, token: string, out: string): Promise<number | null> {
  let res: Response;
  try {
    res = await fetch(`${apiUrl}/operator/backup`, { method: 'POST', headers: { 'x-backup-token': token } });
  } catch {
    return null;
  }
  if (!res.ok || !res.body) {
    const text = await res.text().catch(() => '');
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON
    }
    throw new CliError(`The API at ${apiUrl} refused the backup (${res.status}): ${message || res.statusText}`);
  }
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), fs.createWriteStream(out));
  return Number(res.headers.get('x-backup-files') ?? 0);
}

async function backup(args: string[]): Promise<void> {
  const config = siteConfig();
  if (config.DATABASE_URL) throw new CliError(PG_GUIDANCE);
  const i = args.indexOf('--out');
  const out = path.resolve(i >= 0 && args[i + 1] ? args[i + 1]! : `stagepass-backup-${stamp()}.tar.gz`);
  const apiUrl = (process.env.API_URL || `http://127.0.0.1:${config.API_PORT}`).replace(/\/+$/, '');
  const tokenFile = path.join(config.DATA_DIR, 'backup.token');
  const token = fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : '';
  const files = token ? await viaApi(apiUrl, token, out) : null;
  if (files !== null) {
    console.log(`Backup of the running site written to ${out} (${files} files).`);
    return;
  }
  // No API answered: open DATA_DIR here (the lock refuses if the site runs elsewhere).
  let database;
  try {
    database = await openDatabase({ dataDir: config.DATA_DIR });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new CliError(`${err.message}\nThe site seems to run but did not answer at ${apiUrl}: set API_URL to its address.`);
    throw err;
  }
  try {
    const b = await createBackup(database, config.DATA_DIR);
    await pipeline(b.stream, fs.createWriteStream(out));
    await b.done;
    console.log(`Backup of ${config.DATA_DIR} written to ${out} (${b.manifest.files} files).`);
  } finally {
    await database.close();
  }
}

async function restore(args: string[]): Promise<void> {
  const config = siteConfig();
  if (config.DATABASE_URL) throw new CliError(PG_GUIDANCE);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new CliError(USAGE);
  try {
    const m = await restoreBackup(file, config.DATA_DIR, { force: args.includes('--force') });
    console.log(`Restored ${file} (taken ${m.createdAt}, ${m.files} files) into ${config.DATA_DIR}. Start the site with \`npm start\`.`);
  } catch (err) {
    if (err instanceof RestoreRefusedError) throw new CliError(err.message);
    throw err;
  }
}

const [cmd, ...rest] = process.argv.slice(2);
const task = cmd === 'backup' ? backup(rest) : cmd === 'restore' ? restore(rest) : Promise.reject(new CliError(USAGE));
task.then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof CliError ? err.message : err);
    process.exit(1);
  },
);
