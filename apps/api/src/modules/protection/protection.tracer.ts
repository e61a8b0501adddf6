import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { count, desc, eq, sql } from 'drizzle-orm';
import { MARKED_RENDITIONS, type MarkedRendition, type MediaService } from '../media/media.service';
import type { Report, TraceResult, TraceStatus } from '@stagepass/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { uuidv7 } from '../../db/columns';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { isAdmin } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { badRequest, HttpError, notFound, unprocessable } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { imageHash } from '../media/screening.hash';
import { toSigned } from '../media/screening.service';
import type { ReportsService } from '../reports/reports.service';
import type { AdminUsersService } from '../users/admin-users.service';
import type { UsersService } from '../users/users.service';
import type { UserRow } from '../users/users.tables';
import { protectionHashes, protectionTraces, type TraceRow } from './protection.tables';
import type { ProtectionService } from './protection.service';
import { grayOf, type Gray } from './register';
import { decodeLeak, type LeakDecode } from './trace.core';
import type { VideoTracer } from './protection.video-tracer';
import { VARIANT_BITS } from '../media/hls.variants';

/** Candidates: the nearest indexed pictures within this many bits (a 10 % crop moves a 64-bit DCT hash by up to ~20; measured in the README). */
export const CANDIDATE_DISTANCE = 24;
const CANDIDATES = 5;

export interface TracerDeps {
  clock: Clock;
  config: Config;
  db: Db;
  media: MediaService;
  protection: ProtectionService;
  reports: ReportsService;
  adminUsers: AdminUsersService;
  storage: Storage;
  users: UsersService;
  videos: VideoTracer;
}

interface Found { fileId: string; ownerId: string; rendition: MarkedRendition; distance: number; decode: LeakDecode | null }

/**
 * The leak tracer (README.md "The tracer"): which item a leaked picture is (perceptual hash over
 * the index, then alignment on the item's renditions) and whose mark it carries.
 */
export class TracerService {
  constructor(private deps: TracerDeps) {}

  /** Traces an uploaded picture (a file on disk). */
  async traceFile(actor: UserRow, audit: AuditActor, path: string): Promise<TraceResult> {
    return this.trace(actor, audit, await sharp(path).toBuffer().catch(() => {
      throw new HttpError(415, 'This image could not be read', [{ field: 'file', message: 'The image is damaged or in an unsupported format' }]);
    }), 'upload');
  }

  /**
   * Traces an address of this site's storage: `/files/marked/{file}/{rendition}?v={viewer}` (the
   * copy that viewer is served), or `/files/{public|private}/…` (the stored bytes). Signatures and
   * expiry are not needed (leaked links have usually expired); creators only their own files.
   */
  async traceUrl(actor: UserRow, audit: AuditActor, raw: string): Promise<TraceResult> {
    const bad = (message: string) => badRequest(message, [{ field: 'url', message }]);
    let url: URL;
    try {
      url = new URL(raw, this.deps.config.PUBLIC_API_URL);
    } catch {
      throw bad('Not an address');
    }
    if (url.origin !== new URL(this.deps.config.PUBLIC_API_URL).origin) throw bad("Not an address of this site's storage");
    const path = decodeURIComponent(url.pathname);
    const marked = /^\/files\/marked\/([0-9a-f-]{36})\/(thumb|medium|large)$/i.exec(path);
    let bytes: Buffer;
    if (marked) {
      const viewerId = url.searchParams.get('v') ?? '';
      const file = await this.deps.media.byId(marked[1]!);
      if (!file || (!isAdmin(actor) && file.ownerId !== actor.id)) throw bad('No picture of yours at this address');
      const user = await this.deps.users.byId(viewerId).catch(() => null);
      if (!user) throw bad('No picture of yours at this address');
      bytes = (await this.deps.protection.serveMarked(file.id, marked[2] as MarkedRendition, user.id)).body;
    } else {
      const key = /^\/files\/((public|private)\/[^?#]+)$/.exec(path)?.[1];
      if (!key || key.includes('..')) throw bad("Not an address of this site's storage");
      const stat = await this.deps.storage.stat(key);
      if (!stat) throw bad('Nothing is stored at this address');
      bytes = await buffer(await this.deps.storage.get(key));
    }
    return this.trace(actor, audit, bytes, url.pathname + (marked ? `?v=${url.searchParams.get('v') ?? ''}` : ''));
  }

  private async trace(actor: UserRow, audit: AuditActor, bytes: Buffer, source: string): Promise<TraceResult> {
    const scope = isAdmin(actor) ? 'admin' : 'creator';
    const leak = await grayOf(bytes).catch(() => {
      throw new HttpError(415, 'This image could not be read', [{ field: 'file', message: 'The image is damaged or in an unsupported format' }]);
    });
    const hash = await imageHash(bytes).catch(() => null);
    const found = hash ? await this.find(leak, hash, scope === 'admin' ? null : actor.id) : null;
    const identified = found?.decode?.identified ? found.decode : null;
    const viewerId = identified ? await this.deps.protection.viewerOfCode(identified.code) : null;
    const status: TraceStatus = !found ? 'no_match' : viewerId ? 'identified' : 'unidentified';
    return this.record(actor, audit, {
      mediaKind: 'image', status, source, fileId: found?.fileId ?? null, rendition: found?.rendition ?? null, distance: found?.distance ?? null, viewerId,
      code: viewerId ? identified!.code : null, confidence: found ? (found.decode?.confidence ?? 0) : null, segments: null, bitsRead: null, offsetSeconds: null,
    });
  }

  /**
   * Traces an uploaded video clip (a file on disk): the video (frame hashes), the clip's place in
   * it, and the A/B variants it carries (README "The video tracer"). 415 when it is not a video.
   */
  async traceVideoFile(actor: UserRow, audit: AuditActor, path: string): Promise<TraceResult> {
    const found = await this.deps.videos.find(path, isAdmin(actor) ? null : actor.id);
    const read = found?.read ?? null;
    const status: TraceStatus = !found ? 'no_match' : found.viewerId ? 'identified' : 'unidentified';
    return this.record(actor, audit, {
      mediaKind: 'video', status, source: 'upload', fileId: found?.file.id ?? null, rendition: found ? 'video' : null, distance: found?.distance ?? null,
      // An all-A (unmarked) stream reads every bit confidently but spells no valid check: no mark was read, confidence 0.
      viewerId: found?.viewerId ?? null, code: found?.viewerId ? read!.code : null, confidence: found ? (read?.checkValid ? read.confidence : 0) : null,
      segments: read?.segments ?? null, bitsRead: read?.bitsRead ?? null, offsetSeconds: read ? Math.round(read.offset * 10) / 10 : null,
    });
  }

  /** Records a run (its row and the audit entry, one transaction) and answers it. */
  private async record(actor: UserRow, audit: AuditActor, r: Omit<TraceRow, 'id' | 'actorId' | 'scope' | 'createdAt'>): Promise<TraceResult> {
    const scope = isAdmin(actor) ? 'admin' : 'creator';
    const row: TraceRow = { ...r, id: uuidv7(), actorId: actor.id, scope, source: r.source.slice(0, 500), createdAt: this.deps.clock.now() };
    await this.deps.db.transaction(async (tx) => {
      await tx.insert(protectionTraces).values(row);
      await recordAudit(tx, audit, {
        action: 'protection.trace', targetType: 'file', targetId: row.fileId,
        after: { trace: row.id, kind: row.mediaKind, status: row.status, source: row.source, viewerId: row.viewerId, confidence: row.confidence, scope },
        subjectIds: row.viewerId ? [row.viewerId] : [],
      });
    });
    return (await this.views([row]))[0]!;
  }

  /** The nearest indexed items; for each, its renditions (nearest size first) until one decodes a viewer. */
  private async find(leak: Gray, hash: string, ownerId: string | null): Promise<Found | null> {
    const probe = toSigned(hash).toString();
    const res = await this.deps.db.execute<{ file_id: string; owner_id: string; d: number }>(sql`
      select h.file_id, h.owner_id, bit_count((h.hash # ${probe}::bigint)::bit(64))::int as d
      from ${protectionHashes} h
      where h.media_kind = 'image' ${ownerId ? sql`and h.owner_id = ${ownerId}` : sql``}
        and bit_count((h.hash # ${probe}::bigint)::bit(64)) <= ${CANDIDATE_DISTANCE}
      order by d asc limit ${CANDIDATES}`);
    const rows = (res as unknown as { rows?: Array<{ file_id: string; owner_id: string; d: number }> }).rows ?? (res as unknown as Array<{ file_id: string; owner_id: string; d: number }>);
    let best: Found | null = null;
    const files = new Map((await this.deps.media.byIds(rows.map((r) => r.file_id))).map((f) => [f.id, f]));
    for (const r of rows) {
      const file = files.get(r.file_id);
      if (!file) continue;
      const renditions: Array<{ name: MarkedRendition; ref: Gray }> = [];
      for (const name of MARKED_RENDITIONS) {
        const key = file.variants?.[name];
        if (key && (await this.deps.storage.stat(key))) renditions.push({ name, ref: await grayOf(await buffer(await this.deps.storage.get(key))) });
      }
      // Nearest in size first: a leak usually comes from the rendition it is about as large as.
      renditions.sort((a, b) => Math.abs(Math.log(a.ref.w / leak.w)) - Math.abs(Math.log(b.ref.w / leak.w)));
      for (const { name, ref } of renditions) {
        const decode = await decodeLeak(ref, leak, this.deps.protection.key);
        if (!decode) continue;
        const here: Found = { fileId: file.id, ownerId: file.ownerId ?? '', rendition: name, distance: Number(r.d), decode };
        if (decode.identified && (await this.deps.protection.viewerOfCode(decode.code))) return here;
        if (!best || (best.decode?.confidence ?? 0) < decode.confidence) best = here;
      }
    }
    return best;
  }

  async list(actor: UserRow, q: { offset: number; limit: number }): Promise<{ data: TraceResult[]; total: number }> {
    const where = isAdmin(actor) ? eq(protectionTraces.scope, 'admin') : eq(protectionTraces.actorId, actor.id);
    const [rows, [total]] = await Promise.all([
      this.deps.db.select().from(protectionTraces).where(where).orderBy(desc(protectionTraces.createdAt), desc(protectionTraces.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(protectionTraces).where(where),
    ]);
    return { data: await this.views(rows), total: Number(total?.n ?? 0) };
  }

  /** A trace the caller may act on: an operator's (any operator's), or the creator's own. */
  private async own(actor: UserRow, id: string): Promise<TraceRow> {
    const [row] = await this.deps.db.select().from(protectionTraces).where(eq(protectionTraces.id, id)).limit(1);
    if (!row || (isAdmin(actor) ? row.scope !== 'admin' : row.actorId !== actor.id)) throw notFound('Trace not found');
    return row;
  }

  /** Opens a report (copyright) on the identified viewer's account. */
  async report(actor: UserRow, id: string, description?: string): Promise<Report> {
    const row = await this.own(actor, id);
    if (!row.viewerId) throw unprocessable('This trace named nobody');
    const text = description?.trim() || `Leak tracer: a copy of file ${row.fileId} carried this account's forensic mark (confidence ${((row.confidence ?? 0) * 100).toFixed(1)} %, trace ${row.id}).`;
    return this.deps.reports.create(actor, { target: 'user', targetId: row.viewerId, reason: 'copyright', description: text.slice(0, 1000) });
  }

  /** Operator: suspends the identified viewer (the Users section's suspension, audited there). */
  async suspend(actor: UserRow, audit: AuditActor, id: string, reason: string): Promise<TraceResult> {
    const row = await this.own(actor, id);
    if (!row.viewerId) throw unprocessable('This trace named nobody');
    await this.deps.adminUsers.suspend(audit, row.viewerId, { reason });
    return (await this.views([row]))[0]!;
  }

  private async views(rows: TraceRow[]): Promise<TraceResult[]> {
    const userIds = rows.map((r) => r.viewerId).filter((x): x is string => Boolean(x));
    const files = new Map((await this.deps.media.byIds(rows.map((r) => r.fileId).filter((x): x is string => Boolean(x)))).map((f) => [f.id, f]));
    const owners = [...new Set([...files.values()].map((f) => f.ownerId).filter((x): x is string => Boolean(x)))];
    const people = new Map((await this.deps.users.byIds([...userIds, ...owners])).map((u) => [u.id, u]));
    return rows.map((r) => {
      const file = r.fileId ? files.get(r.fileId) : undefined;
      const owner = file?.ownerId ? people.get(file.ownerId) : undefined;
      const viewer = r.viewerId ? people.get(r.viewerId) : undefined;
      const itemUrl = owner ? `${this.deps.config.PUBLIC_WEB_URL.replace(/\/$/, '')}/${owner.username ?? ''}` : '';
      return {
        _id: r.id,
        mediaKind: r.mediaKind,
        status: r.status,
        item: file?.ownerId && r.rendition ? { fileId: file.id, ownerId: file.ownerId, ownerUsername: owner?.username ?? '', rendition: r.rendition, distance: r.distance ?? 0 } : null,
        viewer: viewer ? { _id: viewer.id, username: viewer.username ?? '', name: viewer.name ?? '', status: viewer.status } : null,
        video: r.mediaKind === 'video' && r.segments !== null ? { segments: r.segments, bitsRead: r.bitsRead ?? 0, bitsNeeded: VARIANT_BITS, offsetSeconds: r.offsetSeconds ?? 0 } : null,
        confidence: r.confidence,
        source: r.source,
        createdAt: r.createdAt.toISOString(),
        noticeDraft: file
          ? [
              'To the site operator / abuse team,',
              '',
              `I am the owner (or authorised to act for the owner) of the copyrighted ${r.mediaKind === 'video' ? 'video' : 'photograph'} published at ${itemUrl} (${owner?.username ?? ''}), available only to paying members.`,
              'A copy of it has been published without authorisation at: [address where the copy was found]',
              '',
              'I have a good-faith belief that this use is not authorised by the copyright owner, its agent, or the law. The information in this notice is accurate, and under penalty of perjury, I am authorised to act on behalf of the owner.',
              'Please remove or disable access to the copy.',
              '',
              'Name: [your name]    Contact: [your e-mail]    Signature: [your name]',
            ].join('\n')
          : null,
      } satisfies TraceResult;
    });
  }
}
