import { count, desc, eq, ilike, inArray } from 'drizzle-orm';
import {
  BLOCKLIST_LABEL_MAX, type BlockFilesInput, type BlocklistEntry, type BlocklistQuery, type ImportBlocklistInput, type QuarantineQuery, type QuarantinedUpload,
} from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors';
import type { ContentKinds } from '../../platform/content-kinds';
import type { Events } from '../../platform/events';
import { files } from './media.tables';
import type { MediaService } from './media.service';
import { screeningBlocklist, screeningQuarantine, type BlocklistRow, type QuarantineRow } from './screening.tables';
import { fileHashes, toHex, toSigned } from './screening.service';
import { isHash } from './screening.hash';

/** The blocklist holds at most this many hashes: the match scans it whole (README.md "Upload screening"). */
export const BLOCKLIST_MAX_ENTRIES = 200_000;
/** Bad lines named in one 400 (the rest are counted). */
const MAX_LINE_ERRORS = 50;

export interface ScreeningAdminDeps {
  db: Db;
  events: Events;
  media: Pick<MediaService, 'enqueue' | 'signedUrl'>;
  /** The content-kind registry: an item's media files (one click from the Content section). */
  contentKinds: Pick<ContentKinds, 'get'>;
  /** Usernames of accounts by id (the console shows whose upload it is). */
  usernames(ids: string[]): Promise<Map<string, string | null>>;
}

type NewEntry = { hash: string; label: string; kind: 'image' | 'video-frame'; source: 'import' | 'removed'; fileId: string | null };

/** Parses an import (README.md "Upload screening" — the format): every bad line is reported, nothing is written. */
export function parseBlocklist(text: string): { entries: Array<{ hash: string; label: string }>; errors: Array<{ field: string; message: string }> } {
  const entries: Array<{ hash: string; label: string }> = [];
  const errors: Array<{ field: string; message: string }> = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const comma = line.indexOf(',');
    const hash = (comma < 0 ? line : line.slice(0, comma)).trim().toLowerCase().replace(/^0x/, '');
    let label = comma < 0 ? '' : line.slice(comma + 1).trim();
    if (label.startsWith('"') && label.endsWith('"') && label.length >= 2) label = label.slice(1, -1).replace(/""/g, '"');
    if (!isHash(hash)) errors.push({ field: `text.${i + 1}`, message: `Line ${i + 1}: not a 64-bit hash (16 hex digits)` });
    else if (label.length > BLOCKLIST_LABEL_MAX) errors.push({ field: `text.${i + 1}`, message: `Line ${i + 1}: the label is longer than ${BLOCKLIST_LABEL_MAX} characters` });
    else entries.push({ hash, label });
  });
  if (entries.length === 0 && errors.length === 0) errors.push({ field: 'text', message: 'No hashes in this file' });
  return { entries, errors };
}

/** The operator's side of screening: the blocklist and the quarantine. Every change is audited. */
export class ScreeningAdmin {
  constructor(private deps: ScreeningAdminDeps) {}

  async blocklist(q: BlocklistQuery): Promise<{ data: BlocklistEntry[]; total: number }> {
    const where = q.q ? ilike(screeningBlocklist.label, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
    const [rows, [total]] = await Promise.all([
      this.deps.db.select().from(screeningBlocklist).where(where).orderBy(desc(screeningBlocklist.createdAt), desc(screeningBlocklist.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(screeningBlocklist).where(where),
    ]);
    return { data: rows.map(entryView), total: Number(total?.n ?? 0) };
  }

  async import(actor: AuditActor, input: ImportBlocklistInput) {
    const { entries, errors } = parseBlocklist(input.text);
    if (errors.length) {
      const shown = errors.slice(0, MAX_LINE_ERRORS);
      if (errors.length > shown.length) shown.push({ field: 'text', message: `…and ${errors.length - shown.length} more bad lines` });
      throw badRequest(`${errors.length} line${errors.length === 1 ? '' : 's'} could not be read: nothing was imported`, shown);
    }
    return this.add(actor, entries.map((e) => ({ ...e, kind: input.kind, source: 'import' as const, fileId: null })), 'screening.import');
  }

  /** A removed item's media onto the blocklist: the hashes kept on each file when it was screened. */
  async blockFiles(actor: AuditActor, input: BlockFilesInput) {
    const known = await fileHashes(this.deps.db, input.fileIds);
    const details: Array<{ field: string; message: string }> = [];
    const entries: NewEntry[] = [];
    input.fileIds.forEach((id, i) => {
      const f = known.get(id);
      if (!f) details.push({ field: `fileIds.${i}`, message: 'No such file' });
      else if (f.hashes.length === 0) details.push({ field: `fileIds.${i}`, message: 'This file has no picture hash (not a photo or video, or not screened yet)' });
      else for (const hash of f.hashes) entries.push({ hash, label: input.label, kind: f.type === 'video' ? 'video-frame' : 'image', source: 'removed', fileId: id });
    });
    if (details.length) throw badRequest('Some files cannot be blocked', details);
    return this.add(actor, entries, 'screening.block-files');
  }

  /** An item's media (a hidden post's) onto the blocklist: the files that were screened; the others (audio, plain pictures) are skipped. */
  async blockContent(actor: AuditActor, kind: string, id: string, label: string) {
    const provider = this.deps.contentKinds.get(kind);
    if (!provider?.mediaFileIds) throw unprocessable('This kind of item cannot list its media yet');
    const ids = await provider.mediaFileIds(this.deps.db, id);
    if (!ids) throw notFound('No such item');
    const known = await fileHashes(this.deps.db, ids);
    const entries: NewEntry[] = ids.flatMap((fileId) => {
      const f = known.get(fileId);
      return (f?.hashes ?? []).map((hash) => ({ hash, label, kind: f?.type === 'video' ? ('video-frame' as const) : ('image' as const), source: 'removed' as const, fileId }));
    });
    if (entries.length === 0) throw badRequest('This item has no screened picture or video', [{ field: 'id', message: 'No picture or video of this item has a hash' }]);
    return this.add(actor, entries, 'screening.block-files', undefined, { type: kind, id });
  }

  private async add(actor: AuditActor, entries: NewEntry[], action: string, tx?: Tx, target: { type: string; id: string | null } = { type: 'screening-blocklist', id: null }) {
    const run = async (t: Tx) => {
      const [current] = await t.select({ n: count() }).from(screeningBlocklist);
      if (Number(current?.n ?? 0) + entries.length > BLOCKLIST_MAX_ENTRIES) throw badRequest(`The blocklist holds at most ${BLOCKLIST_MAX_ENTRIES} hashes`, [{ field: 'text', message: 'Too many hashes' }]);
      let added = 0;
      // Batches of 1,000 rows; a hash already listed is left as it is.
      for (let i = 0; i < entries.length; i += 1000) {
        const rows = await t
          .insert(screeningBlocklist)
          .values(entries.slice(i, i + 1000).map((e) => ({ hash: toSigned(e.hash), kind: e.kind, source: e.source, label: e.label, addedBy: actor.actorId, fileId: e.fileId })))
          .onConflictDoNothing({ target: screeningBlocklist.hash })
          .returning({ id: screeningBlocklist.id });
        added += rows.length;
      }
      const result = { added, duplicates: entries.length - added };
      await recordAudit(t, actor, { action, targetType: target.type, targetId: target.id, after: { ...result, fileIds: [...new Set(entries.map((e) => e.fileId).filter(Boolean))] } });
      return result;
    };
    return tx ? run(tx) : this.deps.db.transaction(run);
  }

  async remove(actor: AuditActor, entryId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [gone] = await tx.delete(screeningBlocklist).where(eq(screeningBlocklist.id, entryId)).returning();
      if (!gone) throw notFound('No such blocklist entry');
      await recordAudit(tx, actor, { action: 'screening.remove', targetType: 'screening-blocklist', targetId: entryId, before: entryView(gone), after: null });
    });
  }

  async quarantine(q: QuarantineQuery): Promise<{ data: QuarantinedUpload[]; total: number }> {
    const where = eq(screeningQuarantine.status, q.status);
    const [rows, [total]] = await Promise.all([
      this.deps.db.select().from(screeningQuarantine).where(where).orderBy(desc(screeningQuarantine.createdAt), desc(screeningQuarantine.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(screeningQuarantine).where(where),
    ]);
    return { data: await this.views(rows), total: Number(total?.n ?? 0) };
  }

  /** A false positive: the file goes back into the pipeline, not screened again; the posts it stopped come back (`media.released`). */
  async release(actor: AuditActor, id: string, note?: string): Promise<QuarantinedUpload> {
    const { row, file } = await this.deps.db.transaction(async (tx) => {
      const q = await this.open(tx, id);
      const [f] = await tx.select().from(files).where(eq(files.id, q.fileId)).for('update');
      if (!f) throw notFound('The upload no longer exists');
      await tx.update(files).set({ status: 'uploaded', error: null, attempts: 0, meta: { ...f.meta, screeningCleared: true } }).where(eq(files.id, f.id));
      const [done] = await tx.update(screeningQuarantine).set({ status: 'released', decidedBy: actor.actorId, decidedAt: new Date() }).where(eq(screeningQuarantine.id, id)).returning();
      await this.deps.events.record(tx, 'media.released', { fileId: f.id, ownerId: f.ownerId, fileKind: f.kind, actorId: actor.actorId });
      await recordAudit(tx, actor, { action: 'screening.release', targetType: 'file', targetId: f.id, before: { status: 'quarantined', entryLabel: q.entryLabel, distance: q.distance }, after: { status: 'released', note: note ?? null } });
      return { row: done!, file: f };
    });
    await this.deps.media.enqueue(file);
    return (await this.views([row]))[0]!;
  }

  /** Stays blocked for good; the upload's own hashes join the blocklist (source `removed`). */
  async confirm(actor: AuditActor, id: string, label?: string): Promise<QuarantinedUpload> {
    const row = await this.deps.db.transaction(async (tx) => {
      const q = await this.open(tx, id);
      const known = (await fileHashes(tx, [q.fileId])).get(q.fileId);
      const entries: NewEntry[] = (known?.hashes ?? []).map((hash) => ({
        hash, label: label || q.entryLabel || 'Confirmed upload', kind: known?.type === 'video' ? 'video-frame' : 'image', source: 'removed', fileId: q.fileId,
      }));
      const added = entries.length ? await this.add(actor, entries, 'screening.block-files', tx, { type: 'file', id: q.fileId }) : { added: 0, duplicates: 0 };
      const [done] = await tx.update(screeningQuarantine).set({ status: 'confirmed', decidedBy: actor.actorId, decidedAt: new Date() }).where(eq(screeningQuarantine.id, id)).returning();
      await recordAudit(tx, actor, { action: 'screening.confirm', targetType: 'file', targetId: q.fileId, before: { status: 'quarantined' }, after: { status: 'confirmed', ...added } });
      return done!;
    });
    return (await this.views([row]))[0]!;
  }

  private async open(tx: Tx, id: string): Promise<QuarantineRow> {
    const [q] = await tx.select().from(screeningQuarantine).where(eq(screeningQuarantine.id, id)).for('update');
    if (!q) throw notFound('No such quarantined upload');
    if (q.status !== 'quarantined') throw conflict(`This upload was already ${q.status}`);
    return q;
  }

  /** Rows with their file (kind, type, the kept original for images) and owner: three queries for a page. */
  private async views(rows: QuarantineRow[]): Promise<QuarantinedUpload[]> {
    if (rows.length === 0) return [];
    const fileRows = await this.deps.db.select().from(files).where(inArray(files.id, rows.map((r) => r.fileId)));
    const byId = new Map(fileRows.map((f) => [f.id, f]));
    const names = await this.deps.usernames([...new Set(rows.map((r) => r.ownerId).filter((x): x is string => Boolean(x)))]);
    return rows.map((r) => {
      const f = byId.get(r.fileId);
      // Only an image that is still held is shown (its original, kept under private/ and never delivered to anyone else).
      const url = f && f.mediaType === 'image' && r.status !== 'released' && f.status === 'failed' ? this.deps.media.signedUrl(f.storageKey, 600) : null;
      return {
        _id: r.id, fileId: r.fileId, fileKind: f?.kind ?? '', mediaType: f?.mediaType ?? '', ownerId: r.ownerId, ownerUsername: r.ownerId ? (names.get(r.ownerId) ?? null) : null,
        status: r.status as QuarantinedUpload['status'], entryId: r.entryId, entryLabel: r.entryLabel, hash: r.hash, distance: r.distance, scanner: r.scanner ?? null, url,
        decidedBy: r.decidedBy, decidedAt: r.decidedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
      };
    });
  }
}

export function entryView(r: BlocklistRow): BlocklistEntry {
  return {
    _id: r.id, hash: toHex(r.hash), kind: r.kind as BlocklistEntry['kind'], source: r.source as BlocklistEntry['source'], label: r.label, addedBy: r.addedBy,
    fileId: r.fileId, createdAt: r.createdAt.toISOString(),
  };
}

