import crypto from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { MailFailure, MailFailuresQuery } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import type { Mail, MailOutcomeSink, Mailer } from '../../platform/mailer';
import { mailFailures, type MailFailureRow } from './system.tables';

export interface MailFailuresDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
}

const ERROR_CHARS = 500;
const fingerprintOf = (m: Mail) => crypto.createHash('sha256').update(`${m.to}\0${m.subject}\0${m.text}`).digest('hex');
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim().slice(0, ERROR_CHARS) || 'Unknown error';

export function mailFailureView(r: MailFailureRow): MailFailure {
  return {
    _id: r.id, to: r.toAddress, subject: r.subject, error: r.error, attempts: r.attempts, status: r.status,
    firstFailedAt: r.firstFailedAt.toISOString(), lastFailedAt: r.lastFailedAt.toISOString(), resolvedAt: r.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * E-mails that failed to send (README "Mail failures"). The Mailer tells this record of every send
 * (root.ts `mailer.reportTo`): a failure opens a row per distinct mail or counts one more attempt
 * on its open row; a later success of the same mail — the job's own retry, or the console's
 * Retry — closes it as `sent` and drops the stored mail.
 */
export class MailFailures implements MailOutcomeSink {
  constructor(private deps: MailFailuresDeps) {}

  async failed(mail: Mail, err: unknown): Promise<void> {
    const now = this.deps.clock.now();
    const stored = { to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}), ...(mail.headers ? { headers: mail.headers } : {}) };
    await this.deps.db
      .insert(mailFailures)
      .values({ fingerprint: fingerprintOf(mail), toAddress: mail.to, subject: mail.subject, mail: stored, error: errorText(err), firstFailedAt: now, lastFailedAt: now })
      .onConflictDoUpdate({
        target: mailFailures.fingerprint,
        targetWhere: sql`${mailFailures.status} = 'failed'`,
        set: { attempts: sql`${mailFailures.attempts} + 1`, error: errorText(err), lastFailedAt: now, mail: stored, updatedAt: now },
      });
  }

  async sent(mail: Mail): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db
      .update(mailFailures)
      .set({ status: 'sent', resolvedAt: now, mail: null, updatedAt: now })
      .where(and(eq(mailFailures.fingerprint, fingerprintOf(mail)), eq(mailFailures.status, 'failed')));
  }

  async list(q: MailFailuresQuery): Promise<{ data: MailFailure[]; total: number }> {
    const where = eq(mailFailures.status, q.status);
    const [rows, [total]] = await Promise.all([
      this.deps.db.select().from(mailFailures).where(where).orderBy(desc(mailFailures.lastFailedAt), desc(mailFailures.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(mailFailures).where(where),
    ]);
    return { data: rows.map(mailFailureView), total: total?.n ?? 0 };
  }

  private async open(id: string): Promise<MailFailureRow> {
    const [row] = await this.deps.db.select().from(mailFailures).where(eq(mailFailures.id, id));
    if (!row) throw notFound('No such mail failure');
    if (row.status !== 'failed' || !row.mail) throw conflict(`This e-mail is already ${row.status}`);
    return row;
  }

  /**
   * Sends the mail again through the Mailer (which closes the row on success or counts the attempt
   * on failure); answers the row as it is then. Audited either way (`system.mail-retry`).
   */
  async retry(actor: AuditActor, id: string): Promise<MailFailure> {
    const row = await this.open(id);
    const outcome = await this.deps.mailer.send(row.mail!).then(() => 'sent' as const, (err: unknown) => errorText(err));
    const [after] = await this.deps.db.select().from(mailFailures).where(eq(mailFailures.id, id));
    await this.deps.db.transaction((tx) =>
      recordAudit(tx, actor, { action: 'system.mail-retry', targetType: 'mail', targetId: id, before: { status: 'failed', attempts: row.attempts }, after: { outcome, status: after!.status } }),
    );
    return mailFailureView(after!);
  }

  /** Gives up on the mail: its content is deleted, the row kept as `discarded`. Audited (`system.mail-discard`). */
  async discard(actor: AuditActor, id: string): Promise<MailFailure> {
    await this.open(id);
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(mailFailures)
        .set({ status: 'discarded', resolvedAt: now, mail: null, updatedAt: now })
        .where(and(eq(mailFailures.id, id), eq(mailFailures.status, 'failed')))
        .returning();
      if (!row) throw conflict('This e-mail is no longer failed');
      await recordAudit(tx, actor, { action: 'system.mail-discard', targetType: 'mail', targetId: id, before: { status: 'failed' }, after: { status: 'discarded' } });
      return mailFailureView(row);
    });
  }
}
