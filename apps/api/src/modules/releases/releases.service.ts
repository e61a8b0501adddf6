import fsp from 'node:fs/promises';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  RELEASE_CONSENT_TYPES, RELEASE_FILE_MAX_BYTES, RELEASE_FILES, RELEASE_ID_TYPES, RELEASE_MESSAGES, releaseDateErrors,
  type AdminRelease, type Release, type ReleaseFieldsInput, type ReleaseFile, type ReleaseLink, type ReleaseQuery, type ReleaseQueueItem, type ReleaseStatus,
} from '@stagepass/shared';
import { recordsKeyFor, type Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { uuidv7 } from '../../db/columns';
import { containsPattern } from '../../db/like';
import { recordAudit, recordRead, type AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { HttpError, badRequest, conflict, notFound, type FieldError } from '../../platform/errors';
import type { Events } from '../../platform/events';
import type { Storage } from '../../platform/storage.types';
import type { ReceivedFile } from '../../platform/uploads';
import { users, type UserRow } from '../users/users.tables';
import type { CoPerformersService } from './coperformers.service';
import { aadOf, RecordsCipher } from './releases.crypto';
import { itemViews } from './releases.items';
import { LINK_TTL_SECONDS, signLink } from './releases.links';
import { contentCoperformers, coperformerReleases, type ReleaseFiles, type ReleaseRow } from './releases.tables';

export interface ReleasesDeps {
  clock: Clock;
  config: Pick<Config, 'APP_SECRET' | 'PUBLIC_API_URL' | 'recordsKey' | 'NODE_ENV' | 'DATA_DIR'>;
  coPerformers: Pick<CoPerformersService, 'hideNaming' | 'itemsOfRelease'>;
  db: Db;
  events: Events;
  storage: Storage;
}

/** The answer when production runs without RECORDS_KEY (README "Encryption"). */
export const RECORDS_OFF = 'Consent records are turned off: the operator must set RECORDS_KEY (32 random bytes, base64) to keep them encrypted';

const today = (d: Date) => d.toISOString().slice(0, 10);
const ownerCard = (u: Pick<UserRow, 'name' | 'username'> | undefined, id: string) => ({ _id: id, name: u?.name || u?.username || '', username: u?.username ?? null });

/**
 * Co-performer releases (issue 28 §2): the creator's records and the operators' review, the
 * signed links to their decrypted files and the custodian's export (releases.export.ts). Who is
 * named on which item and the publish gate: coperformers.service.ts. Rules: README.md.
 */
export class ReleasesService {
  private sealer: RecordsCipher | null = null;

  constructor(private deps: ReleasesDeps) {}

  /** Whether records can be kept (a key: RECORDS_KEY, or the generated one outside production). */
  enabled(): boolean {
    return recordsKeyFor(this.deps.config) !== null;
  }

  /** The cipher, or 503 when the key is missing (production without RECORDS_KEY). */
  cipher(): RecordsCipher {
    if (this.sealer) return this.sealer;
    const key = recordsKeyFor(this.deps.config);
    if (!key) throw new HttpError(503, RECORDS_OFF);
    this.sealer = new RecordsCipher(key);
    return this.sealer;
  }

  // ---------------------------------------------------------------- the creator's records

  async list(owner: UserRow, q: ReleaseQuery): Promise<{ data: Release[]; total: number }> {
    const where = and(eq(coperformerReleases.ownerId, owner.id), q.status ? eq(coperformerReleases.status, q.status) : undefined) as SQL;
    const [rows, [total]] = await Promise.all([
      this.deps.db.select().from(coperformerReleases).where(where).orderBy(q.sort === 'asc' ? coperformerReleases.createdAt : desc(coperformerReleases.createdAt), desc(coperformerReleases.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(coperformerReleases).where(where),
    ]);
    const used = await this.usedOn(this.deps.db, rows.map((r) => r.id));
    const cipher = rows.length ? this.cipher() : null;
    return { data: rows.map((r) => this.view(cipher!, r, used.get(r.id) ?? 0)), total: Number(total?.n ?? 0) };
  }

  /**
   * POST /releases: the fields and files checked (400 with field errors), then sealed: the legal
   * name and date of birth in their columns, each file as encrypted bytes in private storage.
   */
  async create(owner: UserRow, fields: ReleaseFieldsInput, received: ReceivedFile[]): Promise<Release> {
    const cipher = this.cipher();
    const details: FieldError[] = releaseDateErrors(fields, today(this.deps.clock.now()));
    const byField = new Map(received.map((f) => [f.field, f]));
    const allowed: Record<ReleaseFile, readonly string[]> = { idFront: RELEASE_ID_TYPES, idBack: RELEASE_ID_TYPES, consent: RELEASE_CONSENT_TYPES };
    if (!byField.get('idFront')) details.push({ field: 'idFront', message: RELEASE_MESSAGES.idFrontRequired });
    if (!byField.get('consent')) details.push({ field: 'consent', message: RELEASE_MESSAGES.consentRequired });
    for (const name of RELEASE_FILES) {
      const f = byField.get(name);
      if (!f) continue;
      if (!allowed[name].includes(f.mime)) details.push({ field: name, message: name === 'consent' ? RELEASE_MESSAGES.consentFileType : RELEASE_MESSAGES.idFileType });
      else if (f.size > RELEASE_FILE_MAX_BYTES) details.push({ field: name, message: RELEASE_MESSAGES.fileTooLarge });
    }
    if (details.length) throw badRequest(details[0]!.message, details);

    const id = uuidv7();
    const files: ReleaseFiles = {};
    try {
      for (const name of RELEASE_FILES) {
        const f = byField.get(name);
        if (!f) continue;
        const key = `private/releases/${id}/${name}.bin`;
        await this.deps.storage.put(key, cipher.seal(await fsp.readFile(f.tmpPath), aadOf(id, name)), 'application/octet-stream');
        files[name] = { key, mime: f.mime, size: f.size };
      }
      const now = this.deps.clock.now();
      const [row] = await this.deps.db
        .insert(coperformerReleases)
        .values({
          id, ownerId: owner.id, status: 'pending', stageName: fields.stageName ?? null, signedAt: fields.signedAt, files, createdAt: now, updatedAt: now,
          legalNameEnc: cipher.sealText(fields.legalName, aadOf(id, 'legalName')), dateOfBirthEnc: cipher.sealText(fields.dateOfBirth, aadOf(id, 'dateOfBirth')),
        })
        .returning();
      return this.view(cipher, row!, 0);
    } catch (err) {
      // No record, no bytes.
      await Promise.all(Object.values(files).map((f) => this.deps.storage.delete(f.key).catch(() => undefined)));
      throw err;
    }
  }

  async get(owner: UserRow, id: string): Promise<Release> {
    const row = await this.own(owner, id);
    return this.view(this.cipher(), row, (await this.usedOn(this.deps.db, [row.id])).get(row.id) ?? 0);
  }

  /** DELETE /releases/{id}: pending or rejected, named nowhere. */
  async remove(owner: UserRow, id: string): Promise<void> {
    const row = await this.deps.db.transaction(async (tx) => {
      const [r] = await tx.select().from(coperformerReleases).where(and(eq(coperformerReleases.id, id), eq(coperformerReleases.ownerId, owner.id))).for('update');
      if (!r) throw notFound('Release not found');
      if (r.status === 'approved') throw conflict(RELEASE_MESSAGES.releaseApprovedKept);
      if ((await this.usedOn(tx, [r.id])).get(r.id)) throw conflict(RELEASE_MESSAGES.releaseInUse);
      await tx.delete(coperformerReleases).where(eq(coperformerReleases.id, r.id));
      return r;
    });
    await Promise.all(Object.values(row.files).map((f) => f && this.deps.storage.delete(f.key).catch(() => undefined)));
  }

  /** GET /releases/{id}/files/{file}: the owner's link (no audit: their own record). */
  async ownFileLink(owner: UserRow, id: string, file: ReleaseFile): Promise<ReleaseLink> {
    const row = await this.own(owner, id);
    return this.fileLink(row, file);
  }

  // ---------------------------------------------------------------- the operators' review

  /** GET /admin/releases: no personal fields. */
  async queue(q: ReleaseQuery): Promise<{ data: ReleaseQueueItem[]; total: number }> {
    const text = q.q?.trim();
    const where = and(
      q.status ? eq(coperformerReleases.status, q.status) : undefined,
      text ? or(ilike(coperformerReleases.stageName, containsPattern(text)), ilike(users.username, containsPattern(text))) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.deps.db.select({ r: coperformerReleases, u: { name: users.name, username: users.username } }).from(coperformerReleases).innerJoin(users, eq(users.id, coperformerReleases.ownerId))
        .where(where).orderBy(q.sort === 'asc' ? coperformerReleases.createdAt : desc(coperformerReleases.createdAt), desc(coperformerReleases.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(coperformerReleases).innerJoin(users, eq(users.id, coperformerReleases.ownerId)).where(where),
    ]);
    const used = await this.usedOn(this.deps.db, rows.map((x) => x.r.id));
    return { data: rows.map((x) => this.queueView(x.r, x.u, used.get(x.r.id) ?? 0)), total: Number(total?.n ?? 0) };
  }

  /** GET /admin/releases/{id}: decrypted, the read audited (release.read with the reason) before anything is answered. */
  async detail(actor: AuditActor, reason: string, id: string): Promise<AdminRelease> {
    const row = await this.byId(id);
    const cipher = this.cipher();
    await recordRead(this.deps.db, actor, { action: 'release.read', targetType: 'release', targetId: row.id, subjectIds: [row.ownerId], reason });
    const [[owner], refs] = await Promise.all([
      this.deps.db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, row.ownerId)),
      this.deps.coPerformers.itemsOfRelease(this.deps.db, row.id),
    ]);
    const items = await itemViews(this.deps.db, refs);
    return {
      ...this.view(cipher, row, refs.length),
      owner: ownerCard(owner, row.ownerId),
      items: refs.map((r) => items.get(`${r.kind}:${r.itemId}`)!),
      reviewedBy: row.reviewedBy,
    };
  }

  /** GET /admin/releases/{id}/files/{file}: a link, the read audited. */
  async adminFileLink(actor: AuditActor, reason: string, id: string, file: ReleaseFile): Promise<ReleaseLink> {
    const row = await this.byId(id);
    if (!row.files[file]) throw notFound('This record has no such file');
    await recordRead(this.deps.db, actor, { action: 'release.read', targetType: 'release', targetId: row.id, subjectIds: [row.ownerId], reason });
    return this.fileLink(row, file);
  }

  async approve(actor: AuditActor, id: string): Promise<ReleaseQueueItem> {
    return this.decide(actor, id, 'approved', null);
  }

  /** Rejects a pending or approved record; public items naming it are hidden in the same transaction. */
  async reject(actor: AuditActor, id: string, reason: string): Promise<ReleaseQueueItem> {
    return this.decide(actor, id, 'rejected', reason);
  }

  private async decide(actor: AuditActor, id: string, status: 'approved' | 'rejected', reason: string | null): Promise<ReleaseQueueItem> {
    const row = await this.deps.db.transaction(async (tx) => {
      const [r] = await tx.select().from(coperformerReleases).where(eq(coperformerReleases.id, id)).for('update');
      if (!r) throw notFound('Release not found');
      if (status === 'approved' && r.status !== 'pending') throw conflict(r.status === 'approved' ? 'This release is already approved' : 'A rejected release cannot be approved: the creator uploads a new one');
      if (status === 'rejected' && r.status === 'rejected') throw conflict('This release is already rejected');
      const now = this.deps.clock.now();
      const [saved] = await tx
        .update(coperformerReleases)
        .set({ status, rejectionReason: reason, reviewedBy: actor.actorId, reviewedAt: now, updatedAt: now })
        .where(eq(coperformerReleases.id, r.id))
        .returning();
      const hidden = status === 'rejected' ? await this.deps.coPerformers.hideNaming(tx, await this.deps.coPerformers.itemsOfRelease(tx, r.id), actor.actorId) : 0;
      await recordAudit(tx, actor, {
        action: status === 'approved' ? 'release.approve' : 'release.reject', targetType: 'release', targetId: r.id,
        before: { status: r.status }, after: { status, reason, hiddenItems: hidden }, subjectIds: [r.ownerId],
      });
      await this.deps.events.record(tx, 'release.decided', { releaseId: r.id, ownerId: r.ownerId, status, reason, hidden });
      return saved!;
    });
    const [owner] = await this.deps.db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, row.ownerId));
    return this.queueView(row, owner, (await this.usedOn(this.deps.db, [row.id])).get(row.id) ?? 0);
  }

  /**
   * POST /admin/releases/export: the link to the custodian's ZIP (releases.export.ts) of the
   * records of `status` (all when absent) that exist now; one audit row `release.export` with the
   * reason, naming every owner concerned.
   */
  async exportLink(actor: AuditActor, reason: string, status: ReleaseStatus | undefined): Promise<ReleaseLink & { count: number }> {
    this.cipher();
    const now = this.deps.clock.now();
    const where = status ? eq(coperformerReleases.status, status) : undefined;
    const [[total], owners] = await Promise.all([
      this.deps.db.select({ n: count() }).from(coperformerReleases).where(where),
      this.deps.db.selectDistinct({ id: coperformerReleases.ownerId }).from(coperformerReleases).where(where),
    ]);
    await recordRead(this.deps.db, actor, { action: 'release.export', targetType: 'release', targetId: null, subjectIds: owners.map((o) => o.id), reason });
    const expires = now.getTime() + LINK_TTL_SECONDS * 1000;
    const token = signLink(this.deps.config.APP_SECRET, { k: 'export', ...(status ? { s: status } : {}), u: now.getTime() }, expires);
    return { url: `${this.deps.config.PUBLIC_API_URL}/releases/download?t=${token}`, expiresAt: new Date(expires).toISOString(), mimeType: 'application/zip', count: Number(total?.n ?? 0) };
  }

  // ---------------------------------------------------------------- bytes

  /** The decrypted bytes of one file (the download route, after the link checked out). */
  async fileBytes(id: string, file: ReleaseFile): Promise<{ body: Buffer; mime: string }> {
    const [row] = await this.deps.db.select().from(coperformerReleases).where(eq(coperformerReleases.id, id));
    const f = row?.files[file];
    if (!row || !f) throw notFound('This file no longer exists');
    return { body: await this.openFile(row, file), mime: f.mime };
  }

  /** The decrypted bytes of a stored file of `row`. */
  async openFile(row: ReleaseRow, file: ReleaseFile): Promise<Buffer> {
    const f = row.files[file]!;
    const chunks: Buffer[] = [];
    for await (const c of await this.deps.storage.get(f.key)) chunks.push(Buffer.from(c as Buffer));
    return this.cipher().open(Buffer.concat(chunks), aadOf(row.id, file));
  }

  // ---------------------------------------------------------------- internals

  private fileLink(row: ReleaseRow, file: ReleaseFile): ReleaseLink {
    const f = row.files[file];
    if (!f) throw notFound('This record has no such file');
    const expires = this.deps.clock.now().getTime() + LINK_TTL_SECONDS * 1000;
    const token = signLink(this.deps.config.APP_SECRET, { k: 'file', r: row.id, f: file }, expires);
    return { url: `${this.deps.config.PUBLIC_API_URL}/releases/download?t=${token}`, expiresAt: new Date(expires).toISOString(), mimeType: f.mime };
  }

  private async own(owner: UserRow, id: string): Promise<ReleaseRow> {
    const [row] = await this.deps.db.select().from(coperformerReleases).where(and(eq(coperformerReleases.id, id), eq(coperformerReleases.ownerId, owner.id)));
    if (!row) throw notFound('Release not found');
    return row;
  }

  private async byId(id: string): Promise<ReleaseRow> {
    const [row] = await this.deps.db.select().from(coperformerReleases).where(eq(coperformerReleases.id, id));
    if (!row) throw notFound('Release not found');
    return row;
  }

  /** How many items name each release — one query. */
  private async usedOn(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: contentCoperformers.releaseId, n: count() }).from(contentCoperformers).where(inArray(contentCoperformers.releaseId, ids)).groupBy(contentCoperformers.releaseId);
    return new Map(rows.map((r) => [r.id!, Number(r.n)]));
  }

  private view(cipher: RecordsCipher, r: ReleaseRow, usedOn: number): Release {
    return {
      _id: r.id,
      status: r.status,
      stageName: r.stageName,
      legalName: cipher.openText(r.legalNameEnc, aadOf(r.id, 'legalName')),
      dateOfBirth: cipher.openText(r.dateOfBirthEnc, aadOf(r.id, 'dateOfBirth')),
      signedAt: r.signedAt,
      rejectionReason: r.rejectionReason,
      files: { idFront: Boolean(r.files.idFront), idBack: Boolean(r.files.idBack), consent: Boolean(r.files.consent) },
      usedOn,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
    };
  }

  private queueView(r: ReleaseRow, owner: Pick<UserRow, 'name' | 'username'> | undefined, usedOn: number): ReleaseQueueItem {
    return {
      _id: r.id,
      status: r.status,
      stageName: r.stageName,
      owner: ownerCard(owner, r.ownerId),
      files: { idFront: Boolean(r.files.idFront), idBack: Boolean(r.files.idBack), consent: Boolean(r.files.consent) },
      usedOn,
      rejectionReason: r.rejectionReason,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
    };
  }
}
