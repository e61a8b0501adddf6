import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SCREENING_BLOCKED_MESSAGE } from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import type { Events } from '../../platform/events';
import type { ContentScanner, ScanVerdict } from '../../platform/content-scanner';
import { files, type FileRow } from './media.tables';
import { screeningBlocklist, screeningQuarantine } from './screening.tables';
import { MATCH_THRESHOLD, imageHash, videoFrameHashes } from './screening.hash';
import { demuxerFor, type MediaTools } from './media.processing';

/** Hex (16 digits, unsigned) ↔ the signed bigint PostgreSQL stores. */
export const toSigned = (hex: string): bigint => BigInt.asIntN(64, BigInt(`0x${hex}`));
export const toHex = (v: bigint | string | number): string => BigInt.asUintN(64, BigInt(v)).toString(16).padStart(16, '0');

/** The closest blocklist entry within MATCH_THRESHOLD bits of one of `hashes`. */
export interface BlocklistMatch {
  entryId: string;
  label: string;
  addedBy: string | null;
  hash: string;
  distance: number;
}

/**
 * The match: one scan of the blocklist with bit_count over XOR — exact for any threshold, linear in
 * the list's size (capped: README.md "Upload screening"). All of an upload's hashes in one query.
 */
export async function findMatch(db: Db | Tx, hashes: string[], threshold = MATCH_THRESHOLD): Promise<BlocklistMatch | null> {
  if (hashes.length === 0) return null;
  const probes = sql.join(hashes.map((h) => sql`(${toSigned(h).toString()}::bigint)`), sql`, `);
  const res = await db.execute<{ id: string; label: string; added_by: string | null; probe: string; d: number }>(sql`
    select b.id, b.label, b.added_by, p.h::text as probe, bit_count((b.hash # p.h)::bit(64))::int as d
    from ${screeningBlocklist} b, (values ${probes}) as p(h)
    where bit_count((b.hash # p.h)::bit(64)) <= ${threshold}
    order by d asc, b.id asc
    limit 1`);
  const r = res.rows[0];
  return r ? { entryId: String(r.id), label: String(r.label), addedBy: r.added_by ? String(r.added_by) : null, hash: toHex(r.probe), distance: Number(r.d) } : null;
}

interface ScreenDeps {
  db: Db;
  events: Events;
  log: FastifyBaseLogger;
  tools: MediaTools;
  scanner: ContentScanner | null;
}

/** What screening decided for one upload. `hashes` are kept on the file (to block it later in one click). */
export type ScreenResult = { blocked: false; hashes: string[] } | { blocked: true; hashes: string[] };

/**
 * The media job's screening step, before anything is rendered: hash (an image, or a video's key
 * frames), look the hashes up, then ask the external classifier when one is configured. A match or a
 * `block` verdict quarantines the file: in ONE transaction the file becomes `failed` with
 * SCREENING_BLOCKED_MESSAGE (so nothing is ever rendered or served), the quarantine row records the
 * match and `media.quarantined` is recorded (posts stopped, a report opened: their modules' handlers).
 */
export class UploadScreening {
  constructor(private deps: ScreenDeps) {}

  async screen(file: FileRow, src: string, workDir: string, signal?: AbortSignal): Promise<ScreenResult> {
    const type = file.mediaType;
    if (type !== 'image' && type !== 'video') return { blocked: false, hashes: [] };
    const firstFrame = path.join(workDir, 'screen-frame.png');
    const hashes = type === 'image'
      ? [await imageHash(src).catch(() => null)].filter((h): h is string => Boolean(h))
      : await videoFrameHashes(this.deps.tools, src, workDir, { keepFirst: firstFrame, signal, demuxer: demuxerFor(String(file.meta?.sourceMime ?? file.mimeType)) }).catch(() => []);
    // Unreadable: processing will fail it with its own reason.
    if (hashes.length === 0) return { blocked: false, hashes };
    const match = await findMatch(this.deps.db, hashes);
    let verdict: ScanVerdict | null = null;
    if (!match && this.deps.scanner) {
      verdict = await this.deps.scanner.scan(type === 'image' ? { path: src, contentType: String(file.meta?.sourceMime ?? file.mimeType) } : { path: firstFrame, contentType: 'image/png' });
    }
    if (!match && verdict?.verdict !== 'block') return { blocked: false, hashes };
    await this.deps.db.transaction(async (tx) => {
      const [held] = await tx
        .update(files)
        .set({ status: 'failed', error: SCREENING_BLOCKED_MESSAGE, meta: { ...file.meta, screeningHashes: hashes } })
        .where(and(eq(files.id, file.id), eq(files.status, 'processing')))
        .returning({ id: files.id });
      if (!held) return;
      const [q] = await tx
        .insert(screeningQuarantine)
        .values({
          fileId: file.id, ownerId: file.ownerId, entryId: match?.entryId ?? null, entryLabel: match?.label ?? `External classifier: ${verdict?.verdict}`,
          hash: match?.hash ?? null, distance: match?.distance ?? null, scanner: verdict, status: 'quarantined',
        })
        .onConflictDoUpdate({ target: screeningQuarantine.fileId, set: { entryId: match?.entryId ?? null, hash: match?.hash ?? null, distance: match?.distance ?? null, scanner: verdict, status: 'quarantined', decidedBy: null, decidedAt: null } })
        .returning();
      await this.deps.events.record(tx, 'media.quarantined', {
        fileId: file.id, ownerId: file.ownerId, fileKind: file.kind, quarantineId: q!.id, entryLabel: q!.entryLabel, distance: q!.distance, reporterId: match?.addedBy ?? null,
      });
    });
    this.deps.log.info({ fileId: file.id, entryId: match?.entryId, distance: match?.distance, verdict: verdict?.verdict }, 'upload quarantined by screening');
    return { blocked: true, hashes };
  }
}

/** Files whose stored hashes are known, by id (for "add to the blocklist"). */
export async function fileHashes(db: Db | Tx, fileIds: string[]): Promise<Map<string, { hashes: string[]; type: string | null }>> {
  const rows = fileIds.length ? await db.select({ id: files.id, meta: files.meta, mediaType: files.mediaType }).from(files).where(inArray(files.id, fileIds)) : [];
  return new Map(rows.map((r) => [r.id, { hashes: ((r.meta?.screeningHashes as string[] | undefined) ?? []).filter((h) => typeof h === 'string'), type: r.mediaType }]));
}
