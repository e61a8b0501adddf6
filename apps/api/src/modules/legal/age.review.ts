import { asc, count, desc, eq, ilike, or, sql, type SQL, and } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AgeQueueQuery, AgeReviewItem, RejectAgeInput } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { recordAudit, recordOperatorRead, type AuditActor, type OperatorRead } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import type { MediaService } from '../media/media.service';
import { users } from '../users/users.tables';
import { ageVerifications, type AgeVerificationRow } from './age.tables';
import type { AgeService } from './age.service';

/** How long the queue's picture links last (seconds). */
export const AGE_URL_TTL = 300;

export interface AgeReviewDeps {
  age: Pick<AgeService, 'decide' | 'purgeFiles'>;
  db: Db;
  media: Pick<MediaService, 'byIds' | 'signedUrl'>;
}

const fan = alias(users, 'age_fan');
const reviewer = alias(users, 'age_reviewer');

/**
 * The console's age verification queue (/admin/age-verifications; README "Age assurance"): the
 * requests with their pictures (signed, 5 minutes), approve / reject — audited (`age.approve`,
 * `age.reject`) in the decision's transaction, the fan notified, the pictures deleted right after
 * the decision unless `ageDocumentRetentionDays` keeps them.
 */
export class AgeReview {
  constructor(private deps: AgeReviewDeps) {}

  private select() {
    return this.deps.db
      .select({ row: ageVerifications, name: fan.name, username: fan.username, email: fan.email, country: fan.country, reviewerName: reviewer.name, reviewerUsername: reviewer.username })
      .from(ageVerifications)
      .innerJoin(fan, eq(fan.id, ageVerifications.userId))
      .leftJoin(reviewer, eq(reviewer.id, ageVerifications.decidedBy))
      .$dynamic();
  }

  /**
   * The queue, with the ID photo and selfie as signed links: handing those out opens the fans' ID
   * pictures, so with `read` (an operator's call) it is one audited read (`kyc.read`, subjects: the
   * fans whose pictures the page carries) before anything is answered.
   */
  async queue(q: AgeQueueQuery, read?: OperatorRead | null): Promise<{ data: AgeReviewItem[]; total: number }> {
    const conds: SQL[] = [];
    if (q.status) conds.push(eq(ageVerifications.status, q.status));
    if (q.q) {
      const pat = containsPattern(q.q);
      conds.push(or(ilike(fan.name, pat), ilike(fan.username, pat), ilike(fan.email, pat))!);
    }
    const where = conds.length ? and(...conds) : undefined;
    const dir = q.sort === 'asc' ? asc : desc;
    const order = q.sortBy === 'decidedAt' ? sql`${ageVerifications.decidedAt} ${sql.raw(q.sort)} nulls last` : dir(ageVerifications.submittedAt);
    const [rows, [total]] = await Promise.all([
      this.select().where(where).orderBy(order, dir(ageVerifications.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(ageVerifications).innerJoin(fan, eq(fan.id, ageVerifications.userId)).where(where),
    ]);
    const subjects = [...new Set(rows.filter((r) => !r.row.filesDeletedAt && (r.row.idPhotoFileId || r.row.selfieFileId)).map((r) => r.row.userId))];
    if (read && subjects.length) await recordOperatorRead(this.deps.db, read, { action: 'kyc.read', targetType: 'user', targetId: subjects.length === 1 ? subjects[0]! : null, subjectIds: subjects });
    return { data: await this.items(rows), total: Number(total?.n ?? 0) };
  }

  async approve(id: string, actor: AuditActor): Promise<AgeReviewItem> {
    return this.decide(id, actor, 'approved', null);
  }

  async reject(id: string, actor: AuditActor, input: RejectAgeInput): Promise<AgeReviewItem> {
    return this.decide(id, actor, 'rejected', input.reason.trim());
  }

  private async decide(id: string, actor: AuditActor, status: 'approved' | 'rejected', reason: string | null): Promise<AgeReviewItem> {
    await this.deps.db.transaction(async (tx) => {
      const changed = await this.deps.age.decide(tx, id, { status, reason, by: actor.actorId });
      if (!changed) throw conflict('This request was decided already');
      await recordAudit(tx, actor, {
        action: status === 'approved' ? 'age.approve' : 'age.reject',
        targetType: 'user',
        targetId: changed.before.userId,
        before: { request: id, status: changed.before.status },
        after: { request: id, status, reason },
      });
    });
    // Pictures kept 0 days go now (a later failure is picked up by the sweep: they are still due).
    await this.deps.age.purgeFiles(undefined, id).catch(() => undefined);
    const [row] = await this.select().where(eq(ageVerifications.id, id));
    if (!row) throw notFound('Age verification not found');
    return (await this.items([row]))[0]!;
  }

  private async items(rows: Array<{ row: AgeVerificationRow; name: string; username: string | null; email: string | null; country: string | null; reviewerName: string | null; reviewerUsername: string | null }>): Promise<AgeReviewItem[]> {
    const fileIds = rows.filter((r) => !r.row.filesDeletedAt).flatMap((r) => [r.row.idPhotoFileId, r.row.selfieFileId]).filter((x): x is string => Boolean(x));
    const files = new Map((await this.deps.media.byIds(fileIds)).map((f) => [f.id, f]));
    const pic = (fileId: string | null, deleted: Date | null) => {
      const f = fileId && !deleted ? files.get(fileId) : undefined;
      return f ? { url: this.deps.media.signedUrl(f.storageKey, AGE_URL_TTL), mimeType: f.mimeType } : null;
    };
    return rows.map(({ row: r, ...u }) => ({
      _id: r.id,
      userId: r.userId,
      name: u.name || u.username || '',
      username: u.username,
      email: u.email,
      country: u.country,
      provider: r.provider,
      status: r.status,
      reason: r.reason,
      submittedAt: r.submittedAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decidedBy: r.decidedBy ? { _id: r.decidedBy, name: u.reviewerName || u.reviewerUsername || '' } : null,
      idPhoto: pic(r.idPhotoFileId, r.filesDeletedAt),
      selfie: pic(r.selfieFileId, r.filesDeletedAt),
      filesDeletedAt: r.filesDeletedAt?.toISOString() ?? null,
    }));
  }
}
