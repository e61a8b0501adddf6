import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LegalKind } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * Every version of the Terms of Service and the Privacy Policy the operator published (issue 28 §1):
 * the static page it is (site_pages by slug, at /page/{slug}), who published it and when. The
 * current version of a kind is its highest.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: idColumn(),
    kind: text('kind').$type<LegalKind>().notNull(),
    version: integer('version').notNull(),
    slug: text('slug').notNull(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('legal_documents_kind_version_uq').on(t.kind, t.version)],
);
export type LegalDocumentRow = typeof legalDocuments.$inferSelect;

/**
 * One row per acceptance: an account accepted version `version` of `kind` ('terms' | 'privacy'), or
 * confirmed being at least `version` years old (kind 'age'), at `accepted_at` (the injected clock)
 * from `ip`. The record the law asks for; the latest of each is also carried on users.legal_accepted.
 */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LegalKind | 'age'>().notNull(),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('legal_acceptances_user_kind_version_uq').on(t.userId, t.kind, t.version),
    index('legal_acceptances_kind_version_idx').on(t.kind, t.version),
  ],
);
export type LegalAcceptanceRow = typeof legalAcceptances.$inferSelect;
