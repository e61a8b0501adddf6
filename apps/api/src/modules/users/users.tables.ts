import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AgeStatus, LegalAccepted, Locale } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';

/**
 * One row per account, fan or creator (isPerformer). Creator-only fields live in performer_profiles.
 * username and email are unique case-insensitively (they are stored lowercased, and the unique
 * indexes are on lower() as a second guard).
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    username: text('username'),
    email: text('email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    name: text('name').notNull().default(''),
    gender: text('gender'),
    country: text('country'),
    /** The language the account chose (packages/shared locales.ts; null: none chosen): its pages, e-mails and notifications. */
    locale: text('locale').$type<Locale>(),
    isPerformer: boolean('is_performer').notNull().default(false),
    roles: jsonb('roles').$type<string[]>().notNull().default(sql`'["user"]'::jsonb`),
    status: text('status').notNull().default('active'),
    verifiedEmail: boolean('verified_email').notNull().default(false),
    /** Storage keys of the avatar renditions ({thumb, medium, large}) and the cover ({medium, large}). */
    avatar: jsonb('avatar').$type<Record<string, string>>(),
    cover: jsonb('cover').$type<Record<string, string>>(),
    googleId: text('google_id'),
    twitterId: text('twitter_id'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The sign-in before the last one (null until the account signs in a second time): its first visit gets a first-time welcome. */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    /**
     * Two-factor authentication (TOTP) is on: logins need a code, and every live session of the
     * account was opened with one (turning it on ends the account's other sessions). The secret and
     * recovery codes are the auth module's (two_factor tables); this flag is here so the session
     * lookup carries it to the guards (admin routes, payouts) without another query.
     */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * The latest version of each legal document the account accepted and the minimum age it
     * confirmed (modules/legal: legal_acceptances is the record). Here so the session lookup carries
     * it to the terms gate without another query; written by the users module for the legal module.
     */
    legalAccepted: jsonb('legal_accepted').$type<LegalAccepted>().notNull().default(sql`'{}'::jsonb`),
    /**
     * Age assurance (modules/legal, README "Age assurance"): the account's age verification status
     * (none | pending | approved | rejected; age_verifications is the record) and, for a creator,
     * whether their profile — and so all its content — is adult. Here so the session lookup carries
     * them to the per-request age check, and content queries test the owner's row they already read.
     */
    ageStatus: text('age_status').$type<AgeStatus>().notNull().default('none'),
    adultContent: boolean('adult_content').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_uq').on(t.googleId),
    uniqueIndex('users_twitter_id_uq').on(t.twitterId),
    index('users_updated_at_idx').on(t.updatedAt),
    index('users_is_performer_idx').on(t.isPerformer, t.updatedAt),
    // The operator's user list: newest sign-up first, and the sign-up date filter.
    index('users_created_at_idx').on(t.createdAt),
  ],
);
export type UserRow = typeof users.$inferSelect;
