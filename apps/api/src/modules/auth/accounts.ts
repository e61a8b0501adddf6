import crypto from 'node:crypto';
import { or, sql } from 'drizzle-orm';
import { MESSAGES, type RegisterPerformerInput, type RegisterUserInput, type TrackingTouch } from '@stagepass/shared';
import { isUniqueViolation } from '../../db/errors';
import type { DbOrTx, Tx } from '../../db/client';
import { conflict, type FieldError } from '../../platform/errors';
import { users, type UserRow } from '../users/users.tables';
import type { Events } from '../../platform/events';
import type { LegalService } from '../legal/legal.service';

/** Account rows: finding one by e-mail or login, checking a username/e-mail is free, creating one. */

export type RegisterInput = RegisterUserInput | RegisterPerformerInput;

export type NewAccountRow = typeof users.$inferInsert;

/**
 * The `users` row writes auth asks for (a module writes only its own tables): creating accounts,
 * credentials, the proof of an e-mail address, two-factor flag, social links, the last login.
 * Implemented by the users module (users/user-accounts.ts, UserAccounts) and given by the
 * composition root: declared here, by the module that needs it, because the users module depends
 * on auth (e-mail change, availability) and auth must not depend on it back.
 * Every method runs on the caller's transaction when given one.
 */
export interface AccountWriter {
  /** Inserts an account; a unique-index violation (username, e-mail, social id) reaches the caller. */
  create(tx: DbOrTx, values: NewAccountRow): Promise<UserRow>;
  recordLogin(userId: string, db?: DbOrTx): Promise<void>;
  /** `proveEmail`: the way it was set (a mailed reset link) proves the address too. */
  setPassword(tx: DbOrTx, userId: string, passwordHash: string, o?: { proveEmail?: boolean }): Promise<void>;
  markEmailVerified(tx: DbOrTx, userId: string): Promise<void>;
  /** A confirmed new address; a unique-index violation reaches the caller. */
  setVerifiedEmail(tx: DbOrTx, userId: string, email: string): Promise<UserRow | undefined>;
  setTwoFactor(tx: DbOrTx, userId: string, enabled: boolean): Promise<void>;
  /** Links a social identity to an account whose e-mail the provider vouched for. */
  linkSocial(tx: DbOrTx, userId: string, link: { googleId: string } | { twitterId: string }, o: { clearPassword: boolean }): Promise<UserRow>;
}

/**
 * The creator profile row made with a creator's account (registration, social sign-in): the
 * performers module's write, implemented by performers/performer-profiles.ts (PerformerProfiles)
 * and given by the composition root — declared here because the performers module depends on auth.
 */
export interface CreatorProfileWriter {
  create(userId: string, o?: { orientation?: string | null; dateOfBirth?: string | null }, tx?: DbOrTx): Promise<void>;
}

/** The owners of the rows an account is made of (auth writes neither table itself). */
export interface AccountWriters {
  accounts: AccountWriter;
  /** `user.registered` of an account made by a social sign-in. */
  events: Events;
  /** The sign-up confirmations (age, terms) recorded with a new account (modules/legal). */
  legal: Pick<LegalService, 'recordSignUp'>;
  performerProfiles: CreatorProfileWriter;
  /** A new account's tracking-link touches, attributed in its transaction (modules/tracking; absent in scripts). */
  signUpAttribution?: { attach(tx: Tx, userId: string, touches: TrackingTouch[]): Promise<void> };
}

export async function userByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return user ?? null;
}

/** By username or e-mail, case-insensitively. */
export async function userByLogin(db: DbOrTx, login: string): Promise<UserRow | null> {
  const l = login.trim().toLowerCase();
  const [u] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${l}`, sql`lower(${users.email}) = ${l}`))
    .limit(1);
  return u ?? null;
}

/** 409 with field errors when the username or e-mail is taken (case-insensitively) by someone else. */
export async function assertAvailable(db: DbOrTx, fields: { username?: string | null; email?: string | null }, exceptUserId?: string) {
  const details: FieldError[] = [];
  if (fields.username) {
    const [u] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${fields.username.toLowerCase()}`).limit(1);
    if (u && u.id !== exceptUserId) details.push({ field: 'username', message: MESSAGES.usernameTaken });
  }
  if (fields.email) {
    const [u] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${fields.email.toLowerCase()}`).limit(1);
    if (u && u.id !== exceptUserId) details.push({ field: 'email', message: MESSAGES.emailTaken });
  }
  if (details.length) throw conflict(details.map((d) => d.message).join('. '), details);
}

const accountFields = (input: Omit<RegisterInput, 'ageConfirmed' | 'acceptTerms'>, isPerformer: boolean) => ({
  username: input.username, email: input.email, firstName: input.firstName, lastName: input.lastName,
  name: `${input.firstName} ${input.lastName}`.trim(), gender: input.gender ?? null, country: input.country ?? null,
  locale: input.locale ?? null, isPerformer, roles: isPerformer ? ['user', 'performer'] : ['user'],
});

/**
 * Inserts a fan or creator account (creator: with profile row) in `tx`, after checking the
 * username and e-mail are free. A unique-index race between the check and the insert still ends as a 409.
 */
export async function insertAccount(w: AccountWriters, tx: DbOrTx, input: RegisterInput, passwordHash: string, isPerformer: boolean): Promise<UserRow> {
  await assertAvailable(tx, input);
  try {
    const user = await w.accounts.create(tx, { ...accountFields(input, isPerformer), passwordHash });
    if (isPerformer) {
      const p = input as RegisterPerformerInput;
      await w.performerProfiles.create(user.id, { orientation: p.orientation, dateOfBirth: p.dateOfBirth }, tx);
    }
    return user;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MESSAGES.usernameTaken, [{ field: 'username', message: MESSAGES.usernameTaken }]);
    throw err;
  }
}

/** A user row shaped like a new account's, never stored (the answer to a registration whose e-mail has an account). */
export function decoyUser(input: RegisterInput, isPerformer: boolean): UserRow {
  const now = new Date();
  return {
    ...accountFields(input, isPerformer), id: crypto.randomUUID(), passwordHash: null, status: 'active', verifiedEmail: false,
    avatar: null, cover: null, googleId: null, twitterId: null, lastLoginAt: null, previousLoginAt: null, twoFactorEnabled: false, legalAccepted: {}, ageStatus: 'none', adultContent: false, createdAt: now, updatedAt: now,
  };
}
