import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { idColumn } from '../db/columns';
import { users } from '../modules/users/users.tables';

/**
 * The operators' audit log (platform/audit.ts): one row per admin action, written in the SAME
 * transaction as the change it records (a failed action leaves none). Append-only: a trigger
 * (migration 0017) raises on UPDATE and DELETE, so not even the application can rewrite history.
 * `before`/`after` are JSON snapshots without secrets ('[secret]' stands in for them).
 * Operators' READS of private data are rows too (`recordRead`, migration 0042): `reason` is what the
 * operator typed, `subject_ids` the users whose private data was opened (their data export lists them).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    actorId: uuid('actor_id').notNull().references(() => users.id),
    /** What was done, `<domain>.<verb>`: 'user.suspend', 'kyc.approve', 'setting.update', ... */
    action: text('action').notNull(),
    /** What it was done to: 'user', 'performer', 'feed', 'setting', 'order', ... */
    targetType: text('target_type').notNull(),
    /** The record's id, or a setting's key; null for actions without one record. */
    targetId: text('target_id'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Why the operator did it: required for reads of private data (the console asks), else null. */
    reason: text('reason'),
    /** The users whose private data the entry concerns (a read's subjects); empty for other entries. */
    subjectIds: uuid('subject_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first, overall and per filter (the console's search: actor, action, target, dates).
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_action_idx').on(t.action, t.createdAt.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt.desc()),
    // "Which operator reads concern this user" (the subject filter, the user's data export).
    index('audit_log_subjects_idx').using('gin', t.subjectIds),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

