import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SignupRole } from '@stagepass/shared';
import { idColumn } from '../../db/columns';
import { users } from '../users/users.tables';

/** Login sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use e-mailed tokens: e-mail verification, password reset and e-mail change (hash stored).
 * `newEmail`: for `change-email`, the address the link was sent to (applied when confirmed).
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'verify-email' | 'reset-password' | 'change-email'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_kind_idx').on(t.userId, t.kind)],
);

/**
 * OAuth 1.0a request tokens (Twitter) between POST /auth/twitter/login and the callback: the
 * request-token secret must stay server-side and be readable by whichever API node serves the
 * callback. Short-lived (15 minutes), deleted when used; expired rows are swept on each new login.
 */
export const oauthRequests = pgTable(
  'oauth_requests',
  {
    token: text('token').primaryKey(),
    provider: text('provider').$type<'twitter'>().notNull(),
    secret: text('secret').notNull(),
    role: text('role').$type<SignupRole>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_requests_expires_idx').on(t.expiresAt)],
);
