import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_AVATAR, VERIFICATION_MESSAGES,
  type ApproveVerificationInput, type RejectVerificationInput, type VerificationItem, type VerificationQuery, type VerificationState, type VerificationStatus,
} from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { recordAudit, recordOperatorRead, type AuditActor, type OperatorRead } from '../../platform/audit';
import type { Events } from '../../platform/events';
import type { Clock } from '../../platform/clock';
import { files, type FileRow } from '../media/media.tables';
import type { MediaService } from '../media/media.service';
import type { SettingsService } from '../settings/settings.service';
import type { UsersService } from '../users/users.service';
import { users } from '../users/users.tables';
import { canSell, type SellerGate } from './performers.policy';
import { performerProfiles, type PerformerProfileRow } from './performers.tables';

/** How long the queue's document links last (seconds). */
export const QUEUE_URL_TTL = 300;
/** The two registration pictures the queue shows, by file kind. */
const PICTURES = { document: 'documentVerification', selfie: 'idVerification' } as const;

/** What VerificationService is built with (by the composition root, root.ts). */
export interface VerificationDeps {
  clock: Clock;
  db: Db;
  events: Events;
  media: MediaService;
  settings: SettingsService;
  users: UsersService;
}

const reviewer = alias(users, 'reviewer');
type ProfileState = Pick<PerformerProfileRow, 'verificationStatus' | 'verificationNote' | 'verificationSubmittedAt' | 'reviewedAt'>;

/**
 * Creator verification (KYC, README "Verification"): the operator's queue, approve / reject
 * (audited in the decision's transaction, the creator told through `performer.verification`),
 * a re-upload after a rejection, and THE selling rule for other modules (`SellerGate`).
 */
export class VerificationService implements SellerGate {
  constructor(private deps: VerificationDeps) {}

  private async status(performerId: string, db: DbOrTx): Promise<VerificationStatus> {
    const [p] = await db.select({ s: performerProfiles.verificationStatus }).from(performerProfiles).where(eq(performerProfiles.userId, performerId)).limit(1);
    return p?.s ?? 'pending';
  }

  /** Whether the creator may sell now (performers.policy.ts `canSell`). */
  async canSell(performerId: string, db: DbOrTx = this.deps.db): Promise<boolean> {
    const { requireCreatorVerification } = await this.deps.settings.all(db);
    return canSell(requireCreatorVerification ? await this.status(performerId, db) : 'approved', requireCreatorVerification);
  }

  async assertCanSell(performerId: string, db?: DbOrTx): Promise<void> {
    if (!(await this.canSell(performerId, db))) throw unprocessable(VERIFICATION_MESSAGES.creatorMustBeVerified);
  }

  async assertPayable(performerId: string, db?: DbOrTx): Promise<void> {
    if (!(await this.canSell(performerId, db))) throw unprocessable(VERIFICATION_MESSAGES.creatorNotVerified);
  }

  /** The creator's own view (GET /performers/me `verification`). */
  async stateOf(p: ProfileState): Promise<VerificationState> {
    const required = (await this.deps.settings.all()).requireCreatorVerification;
    return {
      status: p.verificationStatus,
      note: p.verificationNote,
      submittedAt: p.verificationSubmittedAt.toISOString(),
      reviewedAt: p.reviewedAt?.toISOString() ?? null,
      required,
      canSell: canSell(p.verificationStatus, required),
    };
  }

  /** Which of `userIds` are approved creators (the verified badge on cards and profiles). */
  async approvedAmong(userIds: readonly string[], db: DbOrTx = this.deps.db): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const rows = await db
      .select({ id: performerProfiles.userId })
      .from(performerProfiles)
      .where(and(inArray(performerProfiles.userId, [...userIds]), eq(performerProfiles.verificationStatus, 'approved')));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * New identity documents from the creator (`tx`: the upload's transaction). After a rejection
   * they go back in the queue (pending, submitted now); pending and approved creators stay as
   * they are (a pending one keeps their place in the queue).
   */
  async resubmitted(userId: string, tx: DbOrTx): Promise<void> {
    await tx
      .update(performerProfiles)
      .set({ verificationStatus: 'pending', verificationSubmittedAt: this.deps.clock.now(), updatedAt: this.deps.clock.now() })
      .where(and(eq(performerProfiles.userId, userId), eq(performerProfiles.verificationStatus, 'rejected')));
  }

  /**
   * The operator's queue: one page of creators with their newest ID picture and selfie (signed, 5
   * minutes). Handing those out opens the creators' ID documents: one audited read (`kyc.read`,
   * the operator's reason, the creators whose pictures the page carries) when `read` is given.
   */
  async queue(q: VerificationQuery, read?: OperatorRead | null): Promise<{ data: VerificationItem[]; total: number }> {
    const conds: SQL[] = [eq(users.isPerformer, true)];
    if (q.status) conds.push(eq(performerProfiles.verificationStatus, q.status));
    if (q.q) {
      const pat = containsPattern(q.q);
      conds.push(or(ilike(users.name, pat), ilike(users.username, pat), ilike(users.email, pat))!);
    }
    const where = and(...conds);
    const dir = q.sort === 'asc' ? asc : desc;
    const col = q.sortBy === 'reviewedAt' ? performerProfiles.reviewedAt : performerProfiles.verificationSubmittedAt;
    const [rows, [total]] = await Promise.all([
      this.select().where(where).orderBy(q.sortBy === 'reviewedAt' ? sql`${col} ${sql.raw(q.sort)} nulls last` : dir(col), dir(users.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(performerProfiles).innerJoin(users, eq(users.id, performerProfiles.userId)).where(where),
    ]);
    const docs = await this.pictures(rows.map((r) => r.user.id));
    const subjects = [...new Set([...docs.values()].flatMap((f) => (f.ownerId ? [f.ownerId] : [])))];
    if (read && subjects.length) await recordOperatorRead(this.deps.db, read, { action: 'kyc.read', targetType: 'performer', targetId: subjects.length === 1 ? subjects[0]! : null, subjectIds: subjects });
    return { data: rows.map((r) => this.item(r, docs)), total: Number(total?.n ?? 0) };
  }

  /** Approve (id: the creator's user id). Audited `kyc.approve`; the creator is told. */
  async approve(performerId: string, actor: AuditActor, input: ApproveVerificationInput): Promise<VerificationItem> {
    return this.decide(performerId, actor, 'approved', input.note?.trim() || null);
  }

  /** Reject with the reason the creator is shown (also revokes an approval). Audited `kyc.reject`; the creator is told. */
  async reject(performerId: string, actor: AuditActor, input: RejectVerificationInput): Promise<VerificationItem> {
    return this.decide(performerId, actor, 'rejected', input.reason.trim());
  }

  private async decide(performerId: string, actor: AuditActor, status: 'approved' | 'rejected', note: string | null): Promise<VerificationItem> {
    await this.ensureProfile(performerId);
    await this.deps.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ status: performerProfiles.verificationStatus, note: performerProfiles.verificationNote })
        .from(performerProfiles)
        .where(eq(performerProfiles.userId, performerId))
        .for('update');
      if (!before) throw notFound('Creator not found');
      if (before.status === status) throw conflict(`This creator is already ${status}`);
      const now = this.deps.clock.now();
      await tx
        .update(performerProfiles)
        .set({ verificationStatus: status, verificationNote: note, reviewedAt: now, reviewedBy: actor.actorId, updatedAt: now })
        .where(eq(performerProfiles.userId, performerId));
      await recordAudit(tx, actor, { action: status === 'approved' ? 'kyc.approve' : 'kyc.reject', targetType: 'performer', targetId: performerId, before, after: { status, note } });
      await this.deps.events.record(tx, 'performer.verification', { performerId, status, reason: note });
    });
    const [row] = await this.select().where(eq(users.id, performerId));
    return this.item(row!, await this.pictures([performerId]));
  }

  /** A creator without a profile row (promoted by a script) gets one; a fan or an unknown id → 404. */
  private async ensureProfile(performerId: string): Promise<void> {
    const [u] = await this.deps.db.select({ isPerformer: users.isPerformer }).from(users).where(eq(users.id, performerId));
    if (!u?.isPerformer) throw notFound('Creator not found');
    await this.deps.db.insert(performerProfiles).values({ userId: performerId }).onConflictDoNothing();
  }

  private select() {
    return this.deps.db
      .select({ user: users, profile: performerProfiles, reviewerName: reviewer.name, reviewerUsername: reviewer.username })
      .from(performerProfiles)
      .innerJoin(users, eq(users.id, performerProfiles.userId))
      .leftJoin(reviewer, eq(reviewer.id, performerProfiles.reviewedBy))
      .$dynamic();
  }

  /** The newest document photo and selfie of each creator. */
  private async pictures(userIds: string[]): Promise<Map<string, FileRow>> {
    const byKey = new Map<string, FileRow>();
    if (!userIds.length) return byKey;
    const rows = await this.deps.db
      .select()
      .from(files)
      .where(and(inArray(files.ownerId, userIds), inArray(files.kind, Object.values(PICTURES))))
      .orderBy(desc(files.createdAt));
    for (const f of rows) if (!byKey.has(`${f.ownerId}:${f.kind}`)) byKey.set(`${f.ownerId}:${f.kind}`, f);
    return byKey;
  }

  private item(r: { user: typeof users.$inferSelect; profile: PerformerProfileRow; reviewerName: string | null; reviewerUsername: string | null }, docs: Map<string, FileRow>): VerificationItem {
    const pic = (kind: string) => {
      const f = docs.get(`${r.user.id}:${kind}`);
      return f ? { _id: f.id, name: f.originalName, mimeType: f.mimeType, url: this.deps.media.signedUrl(f.storageKey, QUEUE_URL_TTL), createdAt: f.createdAt.toISOString() } : null;
    };
    const p = r.profile;
    return {
      performerId: r.user.id,
      name: r.user.name || r.user.username || '',
      username: r.user.username,
      email: r.user.email,
      avatar: this.deps.users.avatarUrls(r.user)?.medium ?? DEFAULT_AVATAR,
      status: p.verificationStatus,
      note: p.verificationNote,
      submittedAt: p.verificationSubmittedAt.toISOString(),
      reviewedAt: p.reviewedAt?.toISOString() ?? null,
      reviewer: p.reviewedBy ? { _id: p.reviewedBy, name: r.reviewerName || r.reviewerUsername || '' } : null,
      document: pic(PICTURES.document),
      selfie: pic(PICTURES.selfie),
    };
  }
}
