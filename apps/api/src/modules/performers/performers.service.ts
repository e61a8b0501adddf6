import { and, desc, eq, inArray } from 'drizzle-orm';
import { AGE_MESSAGES, DOCUMENT_KINDS, birthDateProblem, type DocumentKind, type PerformerProfile, type RegisterPerformerInput, type UpdatePerformerInput } from '@stagepass/shared';
import { fieldError, HttpError, notFound } from '../../platform/errors';
import { adultProfileWithheld } from '../users/moderation.policy';
import { isAdmin } from '../../platform/auth';
import { recordOperatorRead, type OperatorRead } from '../../platform/audit';
import { hidesFromCountry, isBlockedBetween } from '../blocks/blocks.policy';
import type { UserRow } from '../users/users.tables';
import { files, type FileRow } from '../media/media.tables';
import { performerProfiles, type PerformerProfileRow } from './performers.tables';
import type { UsersService } from '../users/users.service';
import type { MediaService } from '../media/media.service';
import type { AuthService } from '../auth/auth.service';
import type { VerificationService } from './verification.service';
import type { ReceivedFile } from '../../platform/uploads';
import type { Storage } from '../../platform/storage';
import type { DbOrTx, Tx } from '../../db/client';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';

export { DOCUMENT_KINDS, type DocumentKind };

/** What PerformersService is built with (by the composition root, root.ts). */
export interface PerformersDeps {
  users: UsersService;
  media: MediaService;
  auth: AuthService;
  db: Db;
  /** Deletes the stored bytes of a registration's documents when its transaction fails. */
  storage: Pick<Storage, 'delete'>;
  verification: VerificationService;
  /** Today, for the creator's minimum age (birthDateProblem on the injected clock's calendar date). */
  clock: Clock;
  /**
   * Creator referrals (modules/referrals, commerce): a sign-up through a referral link is linked
   * to its referrer in the registration's transaction. Declared here, filled by the composition root.
   */
  referralLinks?: { attach(tx: Tx, referredId: string, code: string): Promise<void> };
}

/** Creator profiles: the user row plus performer_profiles, private identity documents, welcome video. */
export class PerformersService {
  constructor(private deps: PerformersDeps) {}

  async profileRow(userId: string): Promise<PerformerProfileRow> {
    const [p] = await this.deps.db.select().from(performerProfiles).where(eq(performerProfiles.userId, userId)).limit(1);
    if (p) return p;
    // A performer without a profile row (e.g. promoted by an operator) gets one on first use.
    const [created] = await this.deps.db.insert(performerProfiles).values({ userId }).onConflictDoNothing().returning();
    return created ?? (await this.profileRow(userId));
  }

  async documents(userId: string): Promise<FileRow[]> {
    return this.deps.db
      .select()
      .from(files)
      .where(and(eq(files.ownerId, userId), inArray(files.kind, DOCUMENT_KINDS as unknown as string[])))
      .orderBy(desc(files.createdAt))
      .limit(50);
  }

  async toProfile(user: UserRow): Promise<PerformerProfile> {
    const [p, docs] = await Promise.all([this.profileRow(user.id), this.documents(user.id)]);
    return {
      ...(await this.deps.users.current(user)),
      bio: p.bio, orientation: p.orientation, dateOfBirth: p.dateOfBirth, city: p.city, state: p.state, address: p.address,
      zipcode: p.zipcode, languages: p.languages, welcomeVideo: p.welcomeVideoKey ? this.deps.media.publicUrl(p.welcomeVideoKey) : null,
      verifiedDocument: p.verificationStatus === 'approved',
      verification: await this.deps.verification.stateOf(p),
      documents: docs.map((d) => ({ _id: d.id, kind: d.kind, name: d.originalName, url: this.deps.media.signedUrl(d.storageKey), createdAt: d.createdAt.toISOString() })),
    };
  }

  /**
   * Public creator page data for `viewer`, by id or username; fans and unknown ids → 404, and so is
   * a creator with a block either way with the viewer, or one who hides from the visitor's
   * `country` (resolved by the route from the request address). Owners and admins always see it.
   */
  async publicProfile(idOrUsername: string, viewer: UserRow | null, visit: { country?: string | null } = {}) {
    const user = await this.deps.users.findByIdOrUsername(idOrUsername);
    if (!user || !user.isPerformer) throw notFound('Creator not found');
    if (!(viewer && (viewer.id === user.id || isAdmin(viewer)))) {
      if (viewer && (await isBlockedBetween(this.deps.db, viewer.id, user.id))) throw notFound('Creator not found');
      if (await hidesFromCountry(this.deps.db, user.id, visit.country)) throw notFound('Creator not found');
      // Age assurance (legal README): an adult profile is absent for a caller the age rule restricts.
      if (adultProfileWithheld(user)) throw new HttpError(404, AGE_MESSAGES.verifyToSee, undefined, AGE_MESSAGES.restrictedCode);
    }
    const p = await this.profileRow(user.id);
    return this.deps.users.toPublicUser(user, { bio: p.bio, welcomeVideo: p.welcomeVideoKey ? this.deps.media.publicUrl(p.welcomeVideoKey) : null, verified: p.verificationStatus === 'approved' });
  }

  /**
   * Profile edit: user and creator fields in one transaction, after the checks of
   * UsersService.checkEdit (reserved username only when it changes; a new e-mail needs the current
   * password and is applied only when the link mailed to it is followed). Never the password:
   * that changes through PUT /auth/users/me/password only.
   */
  async update(user: UserRow, input: UpdatePerformerInput, sessionId: string | null): Promise<{ row: UserRow; pendingEmail: string | null }> {
    this.assertOldEnough(input.dateOfBirth);
    const { bio, orientation, dateOfBirth, city, state, address, zipcode, languages, password: _password, ...userFields } = input;
    const pendingEmail = await this.deps.users.checkEdit(user, userFields, sessionId);
    const row = await this.deps.db.transaction(async (tx) => {
      const updated = await this.deps.users.applyEdit(user, userFields, tx);
      const patch = Object.fromEntries(
        Object.entries({ bio, orientation, dateOfBirth, city, state, address, zipcode, languages }).filter(([, v]) => v !== undefined),
      );
      await tx.insert(performerProfiles).values({ userId: user.id, ...patch }).onConflictDoUpdate({ target: performerProfiles.userId, set: { ...patch, updatedAt: new Date() } });
      return updated;
    });
    if (pendingEmail) await this.deps.auth.startEmailChange(row, pendingEmail);
    return { row, pendingEmail };
  }

  /**
   * A creator's registration (POST /auth/performers/register): the account (AuthService.createAccount:
   * user row, profile row, `user.registered`) and its identity documents, in one transaction. An
   * e-mail that has an account already gets the answer a new account gets (AuthService.decoyRegistration)
   * and nothing is stored. When the transaction fails, the documents' stored bytes are deleted too.
   */
  async registerCreator(input: RegisterPerformerInput, documents: ReceivedFile[], ip: string | null = null): Promise<UserRow> {
    this.assertOldEnough(input.dateOfBirth);
    const { auth } = this.deps;
    if ((await auth.registrationConflict(input)) === 'email-taken') return auth.decoyRegistration(input, true);
    const keys: string[] = [];
    try {
      return await this.deps.db.transaction(async (tx) => {
        const user = await auth.createAccount(input, { isPerformer: true, verifyEmail: true, tx, ip });
        // Only a new creator account is ever referred (a fan who later becomes a creator is not).
        if (input.referralCode && this.deps.referralLinks) await this.deps.referralLinks.attach(tx, user.id, input.referralCode);
        for (const f of documents) keys.push((await this.addDocument(user.id, f.field as DocumentKind, f, tx)).storageKey);
        return user;
      });
    } catch (err) {
      await Promise.all(keys.map((k) => this.deps.storage.delete(k)));
      throw err;
    }
  }

  /**
   * The creator's minimum age on the injected clock's date (the schema checked it on the server's
   * own date already): real calendar dates — the 18th birthday tomorrow is still too young.
   */
  private assertOldEnough(dateOfBirth: string | undefined): void {
    const problem = dateOfBirth ? birthDateProblem(dateOfBirth, this.deps.clock.now()) : null;
    if (problem) throw fieldError('dateOfBirth', problem);
  }

  /**
   * Stores a private document. A new ID picture or selfie after a rejection puts the creator back
   * in the verification queue (VerificationService.resubmitted), in the same transaction.
   */
  async addDocument(userId: string, kind: DocumentKind, upload: ReceivedFile, db?: DbOrTx): Promise<FileRow> {
    const store = async (tx: DbOrTx) => {
      const f = await this.deps.media.storeRaw(userId, kind, 'private', upload, tx);
      if (kind !== 'other') await this.deps.verification.resubmitted(userId, tx);
      return f;
    };
    return db ? store(db) : this.deps.db.transaction(store);
  }

  /** A private document: its owner or an operator only (others get 404, not a hint it exists). */
  async documentFor(fileId: string, viewer: UserRow, read: OperatorRead | null): Promise<FileRow> {
    const f = await this.deps.media.byId(fileId);
    if (!f || !(DOCUMENT_KINDS as readonly string[]).includes(f.kind) || (f.ownerId !== viewer.id && !read)) throw notFound('Document not found');
    // An operator opening a creator's document: audited with their reason (none → 400, nothing answered).
    if (f.ownerId !== viewer.id && read) await recordOperatorRead(this.deps.db, read, { action: 'kyc.read', targetType: 'file', targetId: f.id, subjectIds: f.ownerId ? [f.ownerId] : [] });
    return f;
  }

  async setWelcomeVideo(userId: string, upload: ReceivedFile): Promise<string> {
    const f = await this.deps.media.storeRaw(userId, 'welcome-videos', 'public', upload);
    await this.deps.db.insert(performerProfiles).values({ userId, welcomeVideoKey: f.storageKey }).onConflictDoUpdate({ target: performerProfiles.userId, set: { welcomeVideoKey: f.storageKey, updatedAt: new Date() } });
    return this.deps.media.publicUrl(f.storageKey);
  }
}
