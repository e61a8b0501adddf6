import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn, timestamps } from '../../db/columns';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per running API or worker process (README "Nodes"): written at start, refreshed by its
 * heartbeat on the injected clock, deleted on a clean stop. A node whose heartbeat stopped (killed)
 * drops out of the list after missing three beats and its row is removed a day later.
 */
export const systemNodes = pgTable(
  'system_nodes',
  {
    id: uuid('id').primaryKey(),
    role: text('role').$type<'api' | 'worker'>().notNull(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    version: text('version').notNull(),
    commit: text('commit'),
    /** Sockets connected to this node at its last beat. */
    sockets: integer('sockets').notNull().default(0),
    startedAt: at('started_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (t) => [index('system_nodes_last_seen_idx').on(t.lastSeenAt)],
);
export type SystemNodeRow = typeof systemNodes.$inferSelect;

/** What is kept of a mail to send it again: the Mailer's `Mail` (platform/mailer.ts). Dropped once sent or discarded. */
export interface StoredMail { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> }

/**
 * E-mails the mailer failed to send (README "Mail failures"): one open row per distinct mail
 * (`fingerprint`: recipient + subject + text), its attempts counted. A later send of the same mail
 * that succeeds (a job's own retry, or the console's Retry) closes it (`sent`); the operator may
 * discard it. The mail itself is kept only while the row is open.
 */
export const mailFailures = pgTable(
  'mail_failures',
  {
    id: idColumn(),
    fingerprint: text('fingerprint').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    mail: jsonb('mail').$type<StoredMail>(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull().default(1),
    status: text('status').$type<'failed' | 'sent' | 'discarded'>().notNull().default('failed'),
    firstFailedAt: at('first_failed_at').notNull(),
    lastFailedAt: at('last_failed_at').notNull(),
    resolvedAt: at('resolved_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('mail_failures_open_uq').on(t.fingerprint).where(sql`${t.status} = 'failed'`),
    index('mail_failures_status_idx').on(t.status, t.lastFailedAt),
  ],
);
export type MailFailureRow = typeof mailFailures.$inferSelect;
