import { PassThrough, type Readable } from 'node:stream';
import { once } from 'node:events';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import { RELEASE_FILES, type ReleaseStatus } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { csvSafe } from '../../platform/csv';
import { users } from '../users/users.tables';
import { aadOf, type RecordsCipher } from './releases.crypto';
import type { ReleasesService } from './releases.service';
import { coperformerReleases } from './releases.tables';

const PAGE = 100;
const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };
export const EXPORT_COLUMNS = [
  'release_id', 'status', 'legal_name', 'date_of_birth', 'stage_name', 'signed_at', 'owner_id', 'owner_username', 'owner_name',
  'created_at', 'reviewed_at', 'reviewed_by', 'rejection_reason', 'files',
] as const;

/**
 * The custodian of records' export (README "Export"): a ZIP streamed to the operator — `index.csv`
 * (one line per record, decrypted, spreadsheet-safe cells) and `records/<release id>/<file>.<ext>`
 * (each decrypted file). Records are read a page at a time, in id order, up to `until` (the moment
 * the audited link was made); each file is decrypted when the ZIP reaches it.
 */
export function exportZip(deps: { db: Db; releases: Pick<ReleasesService, 'openFile'>; cipher: RecordsCipher }, scope: { status?: ReleaseStatus; until: Date }): Readable {
  const zip = new ZipFile();
  const index = new PassThrough();
  zip.addReadStream(index, 'index.csv');
  const write = async (s: string) => {
    if (!index.write(s)) await once(index, 'drain');
  };
  const run = async () => {
    await write(stringify([[...EXPORT_COLUMNS]]));
    let last: string | null = null;
    const files: { row: typeof coperformerReleases.$inferSelect; name: (typeof RELEASE_FILES)[number] }[] = [];
    for (;;) {
      const rows = await deps.db
        .select({ r: coperformerReleases, username: users.username, name: users.name })
        .from(coperformerReleases)
        .innerJoin(users, eq(users.id, coperformerReleases.ownerId))
        .where(and(scope.status ? eq(coperformerReleases.status, scope.status) : undefined, lte(coperformerReleases.createdAt, scope.until), last ? gt(coperformerReleases.id, last) : undefined))
        .orderBy(asc(coperformerReleases.id))
        .limit(PAGE);
      for (const { r, username, name } of rows) {
        const names = RELEASE_FILES.filter((f) => r.files[f]);
        const cells = [
          r.id, r.status, deps.cipher.openText(r.legalNameEnc, aadOf(r.id, 'legalName')), deps.cipher.openText(r.dateOfBirthEnc, aadOf(r.id, 'dateOfBirth')),
          r.stageName ?? '', r.signedAt, r.ownerId, username ?? '', name, r.createdAt.toISOString(), r.reviewedAt?.toISOString() ?? '', r.reviewedBy ?? '',
          r.rejectionReason ?? '', names.map((f) => fileName(r.id, f, r.files[f]!.mime)).join(' '),
        ];
        await write(stringify([cells.map((c) => csvSafe(String(c)))]));
        for (const f of names) files.push({ row: r, name: f });
      }
      if (rows.length < PAGE) break;
      last = rows[rows.length - 1]!.r.id;
    }
    index.end();
    for (const f of files) zip.addReadStream(lazy(() => deps.releases.openFile(f.row, f.name)), fileName(f.row.id, f.name, f.row.files[f.name]!.mime));
  };
  run()
    .catch((err: unknown) => zip.outputStream.emit('error', err))
    .finally(() => zip.end());
  return zip.outputStream as unknown as Readable;
}

const fileName = (id: string, f: string, mime: string) => `records/${id}/${f}.${EXT[mime] ?? 'bin'}`;

/** A stream whose bytes are made only when the ZIP starts reading it (one decrypted file in memory at a time). */
function lazy(make: () => Promise<Buffer>): Readable {
  const out = new PassThrough();
  let started = false;
  out.on('resume', () => {
    if (started) return;
    started = true;
    make().then((b) => out.end(b), (err: unknown) => out.destroy(err as Error));
  });
  return out;
}
