import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import {
  PRIVACY_EXPORT_DAYS, PRIVACY_MESSAGES as M, adminContentQuerySchema, HIDEABLE_KINDS,
  INTL_LOCALE, type DeleteAccountInput, type Locale, type PrivacyDownload, type PrivacyExport,
} from '@stagepass/shared';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { ContentKinds } from '../../platform/content-kinds';
import { HttpError, conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import { mailLayout, type Mailer } from '../../platform/mailer';
import { textsFor } from '../../platform/texts';
import type { Queue } from '../../platform/queue';
import type { Realtime } from '../../platform/realtime';
import type { Storage } from '../../platform/storage.types';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthService } from '../auth/auth.service';
import type { TwoFactorService } from '../auth/two-factor.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { UserAccounts } from '../users/user-accounts';
import { users, type UserRow } from '../users/users.tables';
import { buildExport, exportAreas, type ExportSources } from './privacy.export';
import { privacyExports, type PrivacyExportRow } from './privacy.tables';

export const PRIVACY_EXPORT_JOB = 'privacy.export';
/** The signed download link's life. */
export const PRIVACY_LINK_SECONDS = 300;
const PURPOSE = 'privacy-export';
const SIG_RE = /^[A-Za-z0-9_-]{43}$/;
const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

export interface PrivacyDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'APP_SECRET' | 'PUBLIC_API_URL' | 'PUBLIC_WEB_URL'>;
  storage: Storage;
  queue: Queue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  realtime: Pick<Realtime, 'disconnectUser'>;
  contentKinds: ContentKinds;
  accounts: Pick<UserAccounts, 'anonymise'>;
  auth: Pick<AuthService, 'assertCurrentPassword' | 'revokeAllSessions'>;
  twoFactor: Pick<TwoFactorService, 'assertProof'>;
  ledger: Pick<LedgerService, 'balances'>;
  notifications: Pick<NotificationsService, 'create' | 'forgetDevices'>;
  subscriptions: Pick<SubscriptionsService, 'cancelAllFor'>;
  /** Disputes, refunds and tax details for the export (their modules' services, README "Export"). */
  exportSources: ExportSources;
  /** The payments module: deletion waits for an open dispute, and clears closed disputes' evidence (README "Deletion"). */
  payments: {
    spendingPaused(userId: string): Promise<boolean>;
    forgetEvidence(tx: Tx, userId: string): Promise<number>;
  };
}

/** Issue 28 §5 Personal data: exports and account deletion (README). */
/** The export's end in the reader's language: English keeps its `toUTCString()`, the others their long date (UTC). */
function exportUntil(at: Date, locale: Locale): string {
  if (locale === 'en') return at.toUTCString();
  return `${new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

export class PrivacyService {
  constructor(private deps: PrivacyDeps) {}

  defineJobs(): void {
    this.deps.queue.define<{ exportId: string }>({
      name: PRIVACY_EXPORT_JOB, retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 1800, singletonPerKey: true,
      handler: (job) => this.runExport(job.exportId),
      onDead: async (job) => {
        await this.deps.db.update(privacyExports).set({ status: 'failed', error: 'The export could not be prepared' }).where(and(eq(privacyExports.id, job.exportId), eq(privacyExports.status, 'pending')));
      },
    });
  }

  view(r: PrivacyExportRow): PrivacyExport {
    const expired = r.status === 'ready' && r.expiresAt && r.expiresAt <= this.deps.clock.now();
    return {
      _id: r.id, status: expired ? 'expired' : r.status, byOperator: Boolean(r.requestedBy && r.requestedBy !== r.userId),
      createdAt: r.createdAt.toISOString(), readyAt: r.readyAt?.toISOString() ?? null, expiresAt: r.expiresAt?.toISOString() ?? null, size: r.size ?? null,
    };
  }

  /** GET /privacy/exports */
  async latest(userId: string): Promise<PrivacyExport | null> {
    const [r] = await this.deps.db.select().from(privacyExports).where(eq(privacyExports.userId, userId)).orderBy(desc(privacyExports.createdAt)).limit(1);
    return r ? this.view(r) : null;
  }

  /** POST /privacy/exports (and the operator's, audited): one pending per user (409), then the job. */
  async request(userId: string, actor?: AuditActor & { reason: string }): Promise<PrivacyExport> {
    const row = await this.deps.db.transaction(async (tx) => {
      const [u] = await tx.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, userId)).for('update');
      if (!u || u.status === 'deleted') throw notFound('User not found');
      const [pending] = await tx.select({ id: privacyExports.id }).from(privacyExports).where(and(eq(privacyExports.userId, userId), eq(privacyExports.status, 'pending'))).limit(1);
      if (pending) throw conflict(M.exportRunning);
      const [r] = await tx.insert(privacyExports).values({ userId, requestedBy: actor?.actorId ?? userId, createdAt: this.deps.clock.now() }).returning();
      if (actor) await recordAudit(tx, actor, { action: 'privacy.export', targetType: 'user', targetId: userId, after: { exportId: r!.id, reason: actor.reason } });
      return r!;
    });
    await this.deps.queue.send(PRIVACY_EXPORT_JOB, { exportId: row.id }, { singletonKey: row.id });
    return this.view(row);
  }

  /** The areas of a user's export with this site's sources (tests read one area without building the ZIP). */
  exportAreas(userId: string) {
    return exportAreas(this.deps.db, userId, this.deps.exportSources);
  }

  /** The job: the ZIP into private storage, the row ready, then the notification and the e-mail. */
  async runExport(exportId: string): Promise<void> {
    const [row] = await this.deps.db.select().from(privacyExports).where(eq(privacyExports.id, exportId));
    if (!row || row.status !== 'pending') return;
    const key = `private/privacy-exports/${row.userId}/${row.id}.zip`;
    const size = await buildExport({ db: this.deps.db, storage: this.deps.storage, sources: this.deps.exportSources }, row.userId, key);
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + PRIVACY_EXPORT_DAYS * 86_400_000);
    const [owner] = await this.deps.db.select({ isPerformer: users.isPerformer }).from(users).where(eq(users.id, row.userId));
    const page = owner?.isPerformer ? '/creator/account#your-data' : '/user/account#your-data';
    const email = await this.deps.db.transaction(async (tx) => {
      const [done] = await tx.update(privacyExports).set({ status: 'ready', fileKey: key, size, readyAt: now, expiresAt }).where(and(eq(privacyExports.id, row.id), eq(privacyExports.status, 'pending'))).returning();
      if (!done) return null;
      await this.deps.notifications.create(tx, [{
        userId: row.userId, type: 'privacy', text: (l) => textsFor(l).notifications.exportReady(exportUntil(expiresAt, l)), link: page, noEmail: true,
      }]);
      const [u] = await tx.select({ email: users.email, name: users.name, locale: users.locale }).from(users).where(eq(users.id, row.userId));
      return u?.email ? u : null;
    });
    if (!email) return;
    const url = `${this.deps.config.PUBLIC_WEB_URL}${page}`;
    // In the reader's language (users.locale).
    const t = textsFor(email.locale).privacyMail;
    const mail = mailLayout(t.exportTitle, t.exportBody(email.name ?? '', PRIVACY_EXPORT_DAYS), { label: t.exportAction, url });
    await this.deps.mailer.send({ to: email.email!, subject: t.exportTitle, ...mail });
  }

  private sign(exportId: string, userId: string, exp: number): string {
    return crypto.createHmac('sha256', this.deps.config.APP_SECRET).update(`${PURPOSE}\n${exportId.toLowerCase()}\n${userId.toLowerCase()}\n${exp}`).digest('base64url');
  }

  private async ready(userId: string, id: string): Promise<PrivacyExportRow> {
    const [r] = await this.deps.db.select().from(privacyExports).where(and(eq(privacyExports.id, id), eq(privacyExports.userId, userId)));
    if (!r) throw notFound('Export not found');
    if (r.status === 'pending' || r.status === 'failed') throw conflict(M.exportNotReady);
    if (r.status === 'expired' || !r.fileKey || (r.expiresAt && r.expiresAt <= this.deps.clock.now())) throw new HttpError(410, M.exportExpired);
    return r;
  }

  /** POST /privacy/exports/{id}/link: the owner only (another user's id → 404). */
  async link(user: UserRow, id: string): Promise<PrivacyDownload> {
    const r = await this.ready(user.id, id);
    const exp = Math.floor(this.deps.clock.now().getTime() / 1000) + PRIVACY_LINK_SECONDS;
    const token = `${user.id.toLowerCase()}.${exp}.${this.sign(r.id, user.id, exp)}`;
    return { url: `${this.deps.config.PUBLIC_API_URL}/privacy/exports/${r.id}/file?token=${encodeURIComponent(token)}`, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** GET /privacy/exports/{id}/file?token=…: the ZIP for a valid token of THIS export. */
  async open(id: string, token: string): Promise<{ stream: Readable; size: number; fileName: string }> {
    const parts = token.split('.');
    const [userId, expText, sig] = parts as [string, string, string];
    if (parts.length !== 3 || !isUuid(userId) || !/^\d{1,12}$/.test(expText) || !SIG_RE.test(sig)) throw forbidden('This download link is not valid');
    const exp = Number(expText);
    const expected = Buffer.from(this.sign(id, userId, exp));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw forbidden('This download link is not valid');
    if (exp * 1000 <= this.deps.clock.now().getTime()) throw new HttpError(410, 'This download link has expired: ask for a new one');
    const r = await this.ready(userId, id);
    const stat = await this.deps.storage.stat(r.fileKey!);
    if (!stat) throw new HttpError(410, M.exportExpired);
    return { stream: await this.deps.storage.get(r.fileKey!), size: stat.size, fileName: `stagepass-data-${r.createdAt.toISOString().slice(0, 10)}.zip` };
  }

  /** The sweep: ready exports past their expiry lose their file and become expired. */
  async purgeExpired(): Promise<number> {
    const due = await this.deps.db.select().from(privacyExports).where(and(eq(privacyExports.status, 'ready'), lte(privacyExports.expiresAt, this.deps.clock.now()))).orderBy(asc(privacyExports.expiresAt)).limit(100);
    for (const r of due) {
      if (r.fileKey) await this.deps.storage.delete(r.fileKey).catch((err) => this.deps.log.warn({ err, key: r.fileKey }, 'privacy export file delete failed'));
      await this.deps.db.update(privacyExports).set({ status: 'expired', fileKey: null }).where(eq(privacyExports.id, r.id));
    }
    return due.length;
  }

  // ── Deletion ────────────────────────────────────────────────────────────────────────────────
  /** POST /privacy/delete-account: the password, the 2FA proof when on, then `erase`. */
  async deleteOwn(user: UserRow, input: DeleteAccountInput): Promise<void> {
    if (user.passwordHash) await this.deps.auth.assertCurrentPassword(user, input.password);
    await this.deps.twoFactor.assertProof(user, { code: input.code });
    if (user.roles.includes('admin')) throw unprocessable('An administrator account is deleted by another operator, once its administrator role is removed');
    await this.erase(user.id, null);
  }

  /** POST /admin/users/{id}/delete: on the user's request, audited. */
  async adminDelete(actor: AuditActor, id: string, reason: string): Promise<void> {
    if (id === actor.actorId) throw unprocessable('You cannot delete your own account here');
    const [u] = await this.deps.db.select({ roles: users.roles }).from(users).where(eq(users.id, id));
    if (!u) throw notFound('User not found');
    if (u.roles.includes('admin')) throw unprocessable('Remove the administrator role first');
    await this.erase(id, { ...actor, reason });
  }

  /**
   * The deletion itself (README "Deletion"): a positive earnings balance refuses (422); renewals
   * off (Stripe included); then in one transaction the profile anonymised, sessions revoked, push
   * devices forgotten, the creator's content hidden through the content-kind registry and the
   * operator's audit entry;
   * after the commit sockets closed and avatar/cover files deleted. Ledger, orders and tax data stay.
   */
  private async erase(userId: string, actor: (AuditActor & { reason: string }) | null): Promise<void> {
    const [u] = await this.deps.db.select().from(users).where(eq(users.id, userId));
    if (!u) throw notFound('User not found');
    if (u.status === 'deleted') throw conflict('This account is already deleted');
    const earnings = (await this.deps.ledger.balances(this.deps.db, 'earnings', [userId])).get(userId) ?? 0;
    if (earnings > 0) throw unprocessable(M.settleBalance);
    if (await this.deps.payments.spendingPaused(userId)) throw unprocessable(M.disputeOpen);
    await this.deps.subscriptions.cancelAllFor(userId);
    const content = u.isPerformer ? await this.visibleContent(userId) : [];
    const keys = await this.deps.db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).for('update');
      if (!locked || locked.status === 'deleted') throw conflict('This account is already deleted');
      const again = (await this.deps.ledger.balances(tx, 'earnings', [userId])).get(userId) ?? 0;
      if (again > 0) throw unprocessable(M.settleBalance);
      for (const item of content) await this.deps.contentKinds.get(item.kind)!.setHidden!(tx, item.id, { by: actor?.actorId ?? userId, reason: 'Account deleted' });
      await this.deps.payments.forgetEvidence(tx, userId);
      const k = await this.deps.accounts.anonymise(tx, userId);
      await this.deps.auth.revokeAllSessions(userId, tx);
      await this.deps.notifications.forgetDevices(tx, userId);
      if (actor) {
        await recordAudit(tx, actor, {
          action: 'privacy.delete', targetType: 'user', targetId: userId,
          before: { username: u.username, email: u.email, status: u.status }, after: { status: 'deleted', reason: actor.reason },
        });
      }
      return k;
    });
    await this.deps.realtime.disconnectUser(userId);
    for (const key of keys) await this.deps.storage.delete(key).catch((err) => this.deps.log.warn({ err, key }, 'deleted account file delete failed'));
  }

  /** The creator's items not hidden yet (feeds, videos, galleries, products), read a page at a time before the deletion's transaction. */
  private async visibleContent(performerId: string): Promise<Array<{ kind: (typeof HIDEABLE_KINDS)[number]; id: string }>> {
    const out: Array<{ kind: (typeof HIDEABLE_KINDS)[number]; id: string }> = [];
    for (const kind of HIDEABLE_KINDS) {
      const provider = this.deps.contentKinds.get(kind);
      if (!provider?.adminList || !provider.setHidden) continue;
      for (let offset = 0; ; offset += 50) {
        const page = await provider.adminList(adminContentQuerySchema.parse({ kind, performerId, hidden: 'false', limit: 50, offset }));
        out.push(...page.data.map((d) => ({ kind, id: d._id })));
        if (page.data.length < 50) break;
      }
    }
    return out;
  }
}
