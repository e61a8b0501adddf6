import { and, count, desc, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { CONTACT_ALREADY_ANSWERED, type ContactInput, type ContactMessage, type adminContactQuerySchema } from '@stagepass/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import type { Events } from '../../platform/events';
import { verifyRecaptcha } from '../reference/reference.service';
import type { SettingsService } from '../settings/settings.service';
import { contactMessages, type ContactMessageRow } from './site.tables';

/** What ContactService is built with (root.ts). */
export interface ContactDeps {
  clock: Clock;
  config: Pick<Config, 'RECAPTCHA_VERIFY_URL'>;
  db: Db;
  events: Events;
  settings: SettingsService;
}

const NOT_FOUND = 'Message not found';
type AdminQuery = z.infer<typeof adminContactQuerySchema>;
const SORT_COLUMNS = { createdAt: contactMessages.createdAt, updatedAt: contactMessages.updatedAt } as const;

/**
 * Contact messages (spec §7 POST /contact): anyone writes (reCAPTCHA when on, rate-limited by the
 * route); the message is stored and `contact.received` recorded in the same transaction, so the
 * operator's e-mail (site.handlers.ts) goes out from a job, never inside the request. Operators
 * read and answer them in the console; an answer is stored, audited and mailed the same way
 * (`contact.answered`).
 */
export class ContactService {
  constructor(private deps: ContactDeps) {}

  view(r: ContactMessageRow): ContactMessage {
    return {
      _id: r.id, name: r.name, email: r.email, message: r.message, userId: r.userId, status: r.status, readAt: r.readAt?.toISOString() ?? null,
      answer: r.answer, answeredAt: r.answeredAt?.toISOString() ?? null, answeredBy: r.answeredBy, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    };
  }

  /** POST /contact. */
  async send(input: ContactInput, from: { userId: string | null; ip: string | null }): Promise<void> {
    await verifyRecaptcha({ config: this.deps.config, settings: this.deps.settings }, input.recaptchaToken, from.ip);
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(contactMessages)
        .values({ name: input.name, email: input.email.toLowerCase(), message: input.message, userId: from.userId, ip: from.ip })
        .returning({ id: contactMessages.id });
      await this.deps.events.record(tx, 'contact.received', { messageId: row!.id });
    });
  }

  async list(q: AdminQuery): Promise<{ data: ContactMessage[]; total: number }> {
    const conds: SQL[] = [];
    if (q.status) conds.push(eq(contactMessages.status, q.status));
    if (q.q) {
      const p = containsPattern(q.q.toLowerCase());
      conds.push(or(sql`lower(${contactMessages.name}) like ${p}`, sql`${contactMessages.email} like ${p}`, sql`lower(${contactMessages.message}) like ${p}`)!);
    }
    const where = conds.length ? and(...conds) : undefined;
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(contactMessages).where(where).orderBy(dir(SORT_COLUMNS[q.sortBy]), dir(contactMessages.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(contactMessages).where(where),
    ]);
    return { data: rows.map((r) => this.view(r)), total: Number(n) };
  }

  async get(id: string): Promise<ContactMessage> {
    return this.view(await this.row(this.deps.db, id));
  }

  /** The stored row (handlers read it when they run). */
  async byId(id: string, db: DbOrTx = this.deps.db): Promise<ContactMessageRow | null> {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row ?? null;
  }

  private async row(db: DbOrTx, id: string): Promise<ContactMessageRow> {
    const row = await this.byId(id, db);
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  /** PUT /admin/contact/{id}/read: new ⇄ read; an answered message stays answered (no change, no entry). */
  async markRead(id: string, read: boolean, actor: AuditActor): Promise<ContactMessage> {
    const row = await this.deps.db.transaction(async (tx) => {
      const before = await this.row(tx, id);
      const to = read ? 'read' : 'new';
      if (before.status === 'answered' || before.status === to) return before;
      const [r] = await tx
        .update(contactMessages)
        .set({ status: to, readAt: read ? this.deps.clock.now() : null })
        .where(and(eq(contactMessages.id, id), ne(contactMessages.status, 'answered')))
        .returning();
      await recordAudit(tx, actor, { action: read ? 'contact.read' : 'contact.unread', targetType: 'contact', targetId: id, before: { status: before.status }, after: { status: to } });
      return r ?? before;
    });
    return this.view(row);
  }

  /** POST /admin/contact/{id}/answer: once (409 after); the sender is mailed by the `contact.answered` handler. */
  async answer(id: string, answer: string, actor: AuditActor): Promise<ContactMessage> {
    const row = await this.deps.db.transaction(async (tx) => {
      const before = await this.row(tx, id);
      const now = this.deps.clock.now();
      const [r] = await tx
        .update(contactMessages)
        .set({ status: 'answered', answer, answeredAt: now, answeredBy: actor.actorId, readAt: before.readAt ?? now })
        .where(and(eq(contactMessages.id, id), ne(contactMessages.status, 'answered')))
        .returning();
      if (!r) throw conflict(CONTACT_ALREADY_ANSWERED);
      await recordAudit(tx, actor, { action: 'contact.answer', targetType: 'contact', targetId: id, before: { status: before.status }, after: { status: 'answered', answer } });
      await this.deps.events.record(tx, 'contact.answered', { messageId: id });
      return r;
    });
    return this.view(row);
  }
}
