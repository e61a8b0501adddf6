import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import {
  AGE_MESSAGES, ageRestricted, ageVerificationRequired, ageWebhookBodySchema,
  type AgeSession, type AgeStatus, type AgeVerificationState,
} from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { conflict, HttpError, notFound, unprocessable, zodDetails } from '../../platform/errors';
import type { Events } from '../../platform/events';
import type { ReceivedFile } from '../../platform/uploads';
import type { MediaService } from '../media/media.service';
import type { SettingsService } from '../settings/settings.service';
import type { UserRow } from '../users/users.tables';
import { ageVerifications, type AgeVerificationRow } from './age.tables';
import type { AgeVerifier } from './age.verifier';

/**
 * The `users` columns of age assurance (a module writes only its own tables): implemented by the
 * users module (users/user-accounts.ts, UserAccounts), which drops the account's cached sessions so
 * the per-request check sees the change on the next request.
 */
export interface AgeAccountWriter {
  setAgeStatus(tx: DbOrTx, userId: string, status: AgeStatus): Promise<void>;
  setAdultContent(tx: DbOrTx, userId: string, adult: boolean): Promise<void>;
}

/** What AgeService is built with (root.ts). */
export interface AgeDeps {
  accounts: AgeAccountWriter;
  clock: Clock;
  db: Db;
  events: Events;
  /** The private ID photo and selfie (media files), and their deletion after the decision. */
  media: Pick<MediaService, 'storeRaw' | 'byId' | 'byIds' | 'remove' | 'signedUrl'>;
  settings: Pick<SettingsService, 'all' | 'get'>;
  verifier: AgeVerifier;
  /** Where the fan comes back to, and where the provider calls back (PUBLIC_WEB_URL, PUBLIC_API_URL). */
  urls: { web: string; api: string };
}

/** Who is asking, for the place rule: the account (or null: a visitor) and the request address's country, resolved only when needed. */
export interface AgeViewer {
  user: UserRow | null;
  requestCountry: () => Promise<string | null>;
}

/** A decision, by an operator (audited by the caller) or by the webhook provider. */
export interface AgeDecision {
  status: 'approved' | 'rejected';
  reason: string | null;
  by: string | null;
}

/**
 * Age assurance by country (issue 28 §1; README.md "Age assurance"): where a viewer must verify,
 * whether adult content is withheld from them (the per-request check: no query — the places come
 * from the settings cache, the account's status from its session row), and a fan's verification
 * through the configured provider. The console's queue is AgeReview (age.review.ts).
 */
export class AgeService {
  constructor(private deps: AgeDeps) {}

  get provider() {
    return this.deps.verifier.provider;
  }

  /** The account is exempt from the age rule: creators (verified by KYC) and operators. */
  private exempt(user: UserRow | null): boolean {
    return Boolean(user && (user.isPerformer || isAdmin(user)));
  }

  /** The viewer is in a listed place (THE place rule, `ageVerificationRequired` in packages/shared). */
  async required(v: AgeViewer): Promise<boolean> {
    const places = await this.deps.settings.get('ageVerificationPlaces');
    if (!places.length) return false;
    if (ageVerificationRequired(places, { accountCountry: v.user?.country })) return true;
    return ageVerificationRequired(places, { requestCountry: await v.requestCountry() });
  }

  /** THE per-request decision: adult content is withheld from this viewer. */
  async restricted(v: AgeViewer): Promise<boolean> {
    if (this.exempt(v.user) || v.user?.ageStatus === 'approved') return false;
    return this.required(v);
  }

  /** GET /age-verification. */
  async state(v: AgeViewer): Promise<AgeVerificationState> {
    const { user } = v;
    const required = await this.required(v);
    const status: AgeStatus = user?.ageStatus ?? 'none';
    const latest = user ? await this.latest(user.id) : null;
    return {
      required,
      restricted: ageRestricted({ required, exempt: this.exempt(user), status }),
      status,
      provider: this.deps.verifier.provider,
      reason: status === 'rejected' ? (latest?.reason ?? null) : null,
      submittedAt: latest?.submittedAt.toISOString() ?? null,
      decidedAt: latest?.decidedAt?.toISOString() ?? null,
      signedIn: Boolean(user),
      adultProfile: user?.isPerformer ? user.adultContent : null,
    };
  }

  private async latest(userId: string, db: DbOrTx = this.deps.db): Promise<AgeVerificationRow | null> {
    const [row] = await db.select().from(ageVerifications).where(eq(ageVerifications.userId, userId)).orderBy(desc(ageVerifications.submittedAt)).limit(1);
    return row ?? null;
  }

  /** The checks before a fan starts a verification: in a listed place, not a creator or operator, not pending or approved. */
  private async assertMayStart(v: AgeViewer & { user: UserRow }): Promise<void> {
    if (this.exempt(v.user) || !(await this.required(v))) throw unprocessable(AGE_MESSAGES.notRequired);
    if (v.user.ageStatus === 'approved') throw conflict(AGE_MESSAGES.alreadyApproved);
    if (v.user.ageStatus === 'pending' && this.deps.verifier.provider === 'manual') throw conflict(AGE_MESSAGES.alreadyPending);
  }

  /**
   * The manual provider: the ID photo and the selfie, stored privately (media files), and a pending
   * request in the console's queue — one transaction; the stored bytes are deleted if it fails.
   */
  async submitManual(v: AgeViewer & { user: UserRow }, idPhoto: ReceivedFile, selfie: ReceivedFile): Promise<AgeVerificationState> {
    if (this.deps.verifier.provider !== 'manual') throw unprocessable(AGE_MESSAGES.wrongProvider);
    await this.assertMayStart(v);
    const user = v.user;
    const stored: Array<Awaited<ReturnType<AgeDeps['media']['storeRaw']>>> = [];
    try {
      await this.deps.db.transaction(async (tx) => {
        const id = await this.deps.media.storeRaw(user.id, 'age-id', 'private', idPhoto, tx);
        stored.push(id);
        const face = await this.deps.media.storeRaw(user.id, 'age-selfie', 'private', selfie, tx);
        stored.push(face);
        await tx.insert(ageVerifications).values({ userId: user.id, provider: 'manual', status: 'pending', idPhotoFileId: id.id, selfieFileId: face.id, submittedAt: this.deps.clock.now() });
        await this.deps.accounts.setAgeStatus(tx, user.id, 'pending');
      });
    } catch (err) {
      await Promise.all(stored.map((f) => this.deps.media.remove(f).catch(() => undefined)));
      throw err;
    }
    return this.state({ ...v, user: { ...user, ageStatus: 'pending' } });
  }

  /** The webhook provider: a session with the service, and its page to send the fan to. */
  async startSession(v: AgeViewer & { user: UserRow }): Promise<AgeSession> {
    const { verifier } = this.deps;
    if (verifier.provider !== 'webhook' || !verifier.start) throw unprocessable(AGE_MESSAGES.wrongProvider);
    await this.assertMayStart(v);
    const [row] = await this.deps.db
      .insert(ageVerifications)
      .values({ userId: v.user.id, provider: 'webhook', status: 'pending', submittedAt: this.deps.clock.now() })
      .returning();
    let started: { session: string; url: string };
    try {
      started = await verifier.start({
        reference: row!.id,
        userId: v.user.id,
        returnUrl: `${this.deps.urls.web}/age-verification`,
        callbackUrl: `${this.deps.urls.api}/age-verification/webhook`,
      });
    } catch (err) {
      await this.deps.db.delete(ageVerifications).where(eq(ageVerifications.id, row!.id));
      throw err;
    }
    await this.deps.db.transaction(async (tx) => {
      await tx.update(ageVerifications).set({ sessionRef: started.session }).where(eq(ageVerifications.id, row!.id));
      await this.deps.accounts.setAgeStatus(tx, v.user.id, 'pending');
    });
    return { url: started.url };
  }

  /**
   * The provider's call back: the signature over the exact bytes first (wrong or missing → 401,
   * nothing read or written), then the body (400 with field errors), then the session (404).
   */
  async webhook(raw: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
    const { verifier } = this.deps;
    if (verifier.provider !== 'webhook' || !verifier.verify) throw notFound('No age verification provider calls back on this site');
    if (!verifier.verify(raw, signature)) throw new HttpError(401, AGE_MESSAGES.badSignature);
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new HttpError(400, 'The body is not JSON');
    }
    const body = ageWebhookBodySchema.safeParse(json);
    if (!body.success) throw new HttpError(400, 'Invalid call back', zodDetails(body.error));
    const [row] = await this.deps.db
      .select({ id: ageVerifications.id })
      .from(ageVerifications)
      .where(and(eq(ageVerifications.provider, 'webhook'), eq(ageVerifications.sessionRef, body.data.session)));
    if (!row) throw notFound(AGE_MESSAGES.unknownSession);
    const decided = await this.deps.db.transaction((tx) => this.decide(tx, row.id, { status: body.data.result, reason: body.data.reason?.trim() || null, by: null }));
    return { duplicate: decided === null };
  }

  /**
   * A decision on a pending request, in `tx` (the caller audits an operator's): the request, the
   * account's status (users.age_status), when its pictures go (now, or after
   * ageDocumentRetentionDays), and `age.verification` (the fan is notified). Null when the request
   * is not pending any more (the caller answers 409, or a duplicate call back).
   */
  async decide(tx: Tx, id: string, d: AgeDecision): Promise<{ before: AgeVerificationRow; after: AgeVerificationRow } | null> {
    const [before] = await tx.select().from(ageVerifications).where(eq(ageVerifications.id, id)).for('update');
    if (!before) throw notFound('Age verification not found');
    if (before.status !== 'pending') return null;
    const now = this.deps.clock.now();
    const days = (await this.deps.settings.all(tx)).ageDocumentRetentionDays;
    const hasFiles = Boolean(before.idPhotoFileId || before.selfieFileId);
    const [after] = await tx
      .update(ageVerifications)
      .set({ status: d.status, reason: d.reason, decidedAt: now, decidedBy: d.by, deleteFilesAt: hasFiles ? new Date(now.getTime() + days * 86_400_000) : null })
      .where(eq(ageVerifications.id, id))
      .returning();
    await this.deps.accounts.setAgeStatus(tx, before.userId, d.status);
    await this.deps.events.record(tx, 'age.verification', { userId: before.userId, status: d.status, reason: d.reason });
    return { before, after: after! };
  }

  /**
   * Deletes the pictures whose time has come (right after the decision by default; the sweep for
   * kept ones). Each request is claimed by a conditional UPDATE, so two nodes never both delete.
   */
  async purgeFiles(now: Date = this.deps.clock.now(), only?: string): Promise<number> {
    const due = await this.deps.db
      .update(ageVerifications)
      .set({ filesDeletedAt: now })
      .where(and(lte(ageVerifications.deleteFilesAt, now), isNull(ageVerifications.filesDeletedAt), only ? eq(ageVerifications.id, only) : undefined))
      .returning({ idPhoto: ageVerifications.idPhotoFileId, selfie: ageVerifications.selfieFileId });
    const ids = due.flatMap((r) => [r.idPhoto, r.selfie]).filter((x): x is string => Boolean(x));
    if (!ids.length) return due.length;
    for (const f of await this.deps.media.byIds(ids)) await this.deps.media.remove(f);
    return due.length;
  }

  /** A creator marks their profile adult (or not). */
  async setAdultProfile(v: AgeViewer & { user: UserRow }, adult: boolean): Promise<AgeVerificationState> {
    await this.deps.db.transaction((tx) => this.deps.accounts.setAdultContent(tx, v.user.id, adult));
    return this.state({ ...v, user: { ...v.user, adultContent: adult } });
  }
}
