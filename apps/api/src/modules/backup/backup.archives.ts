import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { BACKUP_NAME_RE, type BackupFile } from '@stagepass/shared';
import type { Database } from '../../db/client';
import { BackupUnsupportedError, PG_GUIDANCE, createBackup } from '../../platform/backup';

/** What the kept archives are made from (the composition root). */
export interface BackupArchivesDeps {
  config: { DATA_DIR: string };
  database: Database;
}

/**
 * Backups kept on the site's own disk, for the console's System section (README "Kept backups"):
 * the same archive as `npm run backup` (platform/backup.ts `createBackup`), written to
 * `DATA_DIR/backups/<name>.tar.gz` (first as `.partial`, renamed when complete) with its manifest's
 * counts beside it (`<name>.json`). DATA_DIR/backups is not inside a backup (only DATA_DIR/files and
 * the database are). Embedded database only; on PostgreSQL `supported` is false.
 */
export class BackupArchives {
  readonly dir: string;
  constructor(private deps: BackupArchivesDeps) {
    this.dir = path.join(deps.config.DATA_DIR, 'backups');
  }

  get supported(): boolean {
    return this.deps.database.kind === 'pglite';
  }

  get guidance(): string | null {
    return this.supported ? null : PG_GUIDANCE;
  }

  /** Writes one backup of the running site; answers the kept file. */
  async write(): Promise<BackupFile> {
    if (!this.supported) throw new BackupUnsupportedError(PG_GUIDANCE);
    await fsp.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const b = await createBackup(this.deps.database, this.deps.config.DATA_DIR);
    const name = `stagepass-backup-${b.manifest.createdAt.replace(/[:.]/g, '-')}.tar.gz`;
    const file = path.join(this.dir, name);
    const partial = `${file}.partial`;
    try {
      await Promise.all([pipeline(b.stream, fs.createWriteStream(partial, { mode: 0o600 })), b.done]);
      await fsp.writeFile(path.join(this.dir, name.replace(/\.tar\.gz$/, '.json')), JSON.stringify({ createdAt: b.manifest.createdAt, files: b.manifest.files }), { mode: 0o600 });
      await fsp.rename(partial, file);
    } catch (err) {
      await fsp.rm(partial, { force: true });
      throw err;
    }
    const st = await fsp.stat(file);
    return { name, bytes: st.size, createdAt: b.manifest.createdAt, files: b.manifest.files };
  }

  /** The kept backups, newest first. */
  async list(): Promise<BackupFile[]> {
    const names = (await fsp.readdir(this.dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME_RE.test(n));
    const out = await Promise.all(
      names.map(async (name): Promise<BackupFile | null> => {
        const st = await fsp.stat(path.join(this.dir, name)).catch(() => null);
        if (!st?.isFile()) return null;
        const meta = await fsp.readFile(path.join(this.dir, name.replace(/\.tar\.gz$/, '.json')), 'utf8').then((t) => JSON.parse(t) as { createdAt?: string; files?: number }).catch(() => null);
        return { name, bytes: st.size, createdAt: meta?.createdAt ?? st.mtime.toISOString(), files: typeof meta?.files === 'number' ? meta.files : null };
      }),
    );
    return out.filter((b): b is BackupFile => b !== null).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
  }

  /** One kept backup to stream, or null (a name that is not a backup's, or none by that name). */
  async open(name: string): Promise<{ file: BackupFile; stream: Readable } | null> {
    if (!BACKUP_NAME_RE.test(name)) return null;
    const file = (await this.list()).find((b) => b.name === name);
    if (!file) return null;
    return { file, stream: fs.createReadStream(path.join(this.dir, name)) };
  }
}
