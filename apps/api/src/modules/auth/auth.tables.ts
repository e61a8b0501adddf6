import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** The client that signed in (address, user agent): evidence in a card dispute; cleared after CLIENT_RECORD_DAYS. */
    clientIp: text('client_ip'),
    clientDevice: text('client_device'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // The purge of client records past their time (only rows still holding one).
    index('sessions_client_idx').on(t.createdAt).where(sql`${t.clientIp} is not null or ${t.clientDevice} is not null`),
  ],
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
    /** The sign-up confirmations (age, terms) given at the first step: an account created at the callback needs them. */
    consent: boolean('consent').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_requests_expires_idx').on(t.expiresAt)],
);

/**
 * A user's TOTP secret (two-factor authentication), encrypted with a key derived from APP_SECRET
 * (two-factor.crypto.ts). `confirmedAt` null: an enrolment started but not confirmed with a code
 * (the account's `users.two_factor_enabled` is still false). `lastUsedStep`: the time step of the
 * last accepted code — a code of that step or an earlier one is refused (no replay). Wrong codes
 * are counted per user in `failedCount` since `failedSince` (15-minute window, shared by every API
 * node through the database): over the limit the account's authenticator codes answer 429 (its
 * recovery codes still sign in: README "Wrong codes").
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  failedCount: integer('failed_count').notNull().default(0),
  failedSince: timestamp('failed_since', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of two-factor authentication: only their SHA-256 is stored. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/**
 * The short-lived step between a correct password (or social sign-in) and the code of a
 * two-factor account: the client holds the random challenge (only its SHA-256 is stored), and
 * trades it with a code for a session. Valid 5 minutes, once.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong codes sent with this challenge: at TWO_FACTOR_MAX_FAILURES it is used up. */
    failedCount: integer('failed_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * Wrong two-factor codes per client address (an IPv6 address counts by its /64), any account, in
 * a 15-minute window from `failedSince`: at TWO_FACTOR_MAX_FAILURES every code attempt from that
 * address answers 429. In the database so every API node sees the same count; rows of past
 * windows are swept when a challenge is made.
 */
export const twoFactorAddressFailures = pgTable(
  'two_factor_address_failures',
  {
    address: text('address').primaryKey(),
    failedCount: integer('failed_count').notNull().default(0),
    failedSince: timestamp('failed_since', { withTimezone: true }).notNull(),
  },
  (t) => [index('two_factor_address_failures_since_idx').on(t.failedSince)],
);
