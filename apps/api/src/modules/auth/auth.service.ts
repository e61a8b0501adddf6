import { isUniqueViolation } from '../../db/errors';
import crypto from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { MESSAGES, TOKEN_LIFETIME_DAYS, type RegisterPerformerInput, type RegisterUserInput } from '@stagepass/shared';
import { hashToken, newToken } from '../../platform/auth';
import { HttpError, badRequest, conflict, forbidden, unauthorized, type FieldError } from '../../platform/errors';
import { mailLayout } from '../../platform/mailer';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../users/users.tables';
import { performerProfiles } from '../performers/performers.tables';
import { authTokens, sessions } from './auth.tables';
import { burnPasswordCheck, checkPassword, hashNewPassword } from './passwords';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/mailer';
import type { Queue } from '../../platform/queue';
import type { SettingsService } from '../settings/settings.service';
import type { FastifyBaseLogger } from 'fastify';

const DAY = 24 * 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 3 * DAY;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_TOKEN_TTL_MS = DAY;
/** An account without a password may change its e-mail only this soon after signing in. */
export const RECENT_LOGIN_MS = 15 * 60 * 1000;

export interface IssuedSession { token: string; expiresAt: string }

/**
 * Mails whose sending must not show in the answer's timing (whether the address has an account):
 * the route enqueues one of these and answers; a worker looks the address up and mails.
 */
export const AUTH_MAIL_JOB = 'auth.mail';
export type AuthMailJob =
  | { kind: 'verify-email'; userId: string }
  | { kind: 'resend-verification'; email: string }
  | { kind: 'reset-password'; email: string }
  | { kind: 'register-attempt'; email: string };

type MailTokenKind = 'verify-email' | 'reset-password' | 'change-email';

/** What AuthService is built with (by the composition root, root.ts). */
export interface AuthDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  queue: Queue;
  settings: SettingsService;
}

/**
 * Accounts and sessions: registration, login, logout, e-mail verification, password reset and
 * change. Rules in README.md beside this file.
 */
export class AuthService {
  constructor(private deps: AuthDeps) {}

  /** Registers the mail job (before the queue starts). */
  defineJobs() {
    this.deps.queue.define<AuthMailJob>({
      name: AUTH_MAIL_JOB, retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 60,
      handler: (job) => this.runMailJob(job),
    });
  }

  /** Enqueues a mail job: the caller answers without the lookup, token or SMTP work. */
  async enqueueMail(job: AuthMailJob) {
    await this.deps.queue.send(AUTH_MAIL_JOB, job);
  }

  async runMailJob(job: AuthMailJob) {
    switch (job.kind) {
      case 'verify-email': {
        const [user] = await this.deps.db.select().from(users).where(eq(users.id, job.userId)).limit(1);
        if (user) await this.sendVerificationEmail(user);
        return;
      }
      case 'resend-verification': {
        const user = await this.byEmail(job.email);
        if (user) await this.sendVerificationEmail(user);
        return;
      }
      case 'reset-password':
        return this.sendResetEmail(job.email);
      case 'register-attempt':
        return this.sendRegisterAttemptEmail(job.email);
    }
  }

  private async byEmail(email: string): Promise<UserRow | null> {
    const [user] = await this.deps.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
    return user ?? null;
  }

  /**
   * Registration conflicts (spec: say which username is taken, never whether an e-mail has an
   * account): a taken username → 409 naming `username`; a free username with a taken e-mail →
   * 'email-taken' (the route answers as for a new account and mails that address instead).
   */
  async registrationConflict(input: { username: string; email: string }): Promise<'email-taken' | null> {
    await this.assertAvailable(this.deps.db, { username: input.username });
    return (await this.byEmail(input.email)) ? 'email-taken' : null;
  }

  /**
   * The answer to a registration whose e-mail already has an account: costs the same password
   * hash a real registration costs and queues the "someone tried to register" mail. Returns a
   * user row shaped like a new account's (never stored) so the answer looks the same.
   */
  async decoyRegistration(input: RegisterUserInput | RegisterPerformerInput, isPerformer: boolean): Promise<UserRow> {
    await hashNewPassword(input.password);
    await this.enqueueMail({ kind: 'register-attempt', email: input.email });
    const now = new Date();
    return {
      id: crypto.randomUUID(), username: input.username, email: input.email, firstName: input.firstName, lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`.trim(), gender: input.gender ?? null, country: input.country ?? null,
      isPerformer, roles: isPerformer ? ['user', 'performer'] : ['user'], verifiedEmail: false, status: 'active',
      avatar: null, cover: null, createdAt: now, updatedAt: now,
    } as unknown as UserRow;
  }

  private async sendRegisterAttemptEmail(email: string) {
    const user = await this.byEmail(email);
    if (!user) return;
    const site = await this.deps.settings.get('siteName');
    const web = this.deps.config.PUBLIC_WEB_URL;
    await this.deps.mailer.send({
      to: user.email!,
      subject: `Someone tried to register at ${site} with your address`,
      ...mailLayout(
        'You already have an account',
        `Someone (hopefully you) tried to create a new ${site} account with this e-mail address, which already has one. If it was you, log in at ${web}/auth/login — or choose a new password if you forgot it. If it was not you, you can ignore this e-mail: nothing was changed.`,
        { label: 'Reset my password', url: `${web}/auth/forgot-password` },
      ),
    });
  }

  /** 409 with field errors when the username or e-mail is taken (case-insensitively) by someone else. */
  async assertAvailable(db: DbOrTx, fields: { username?: string | null; email?: string | null }, exceptUserId?: string) {
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

  /**
   * Creates a fan or creator account (creator: with profile row) inside the caller's transaction
   * when given. A unique-index race between the check and the insert still ends as a 409.
   */
  async createAccount(
    input: RegisterUserInput | RegisterPerformerInput,
    opts: { isPerformer: boolean; tx?: DbOrTx },
  ): Promise<UserRow> {
    const passwordHash = await hashNewPassword(input.password);
    const run = async (tx: DbOrTx) => {
      await this.assertAvailable(tx, input);
      try {
        const [user] = await tx
          .insert(users)
          .values({
            username: input.username, email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName,
            name: `${input.firstName} ${input.lastName}`.trim(), gender: input.gender ?? null, country: input.country ?? null,
            isPerformer: opts.isPerformer, roles: opts.isPerformer ? ['user', 'performer'] : ['user'],
          })
          .returning();
        if (opts.isPerformer) {
          const p = input as RegisterPerformerInput;
          await tx.insert(performerProfiles).values({ userId: user!.id, orientation: p.orientation ?? null, dateOfBirth: p.dateOfBirth ?? null });
        }
        return user!;
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MESSAGES.usernameTaken, [{ field: 'username', message: MESSAGES.usernameTaken }]);
        throw err;
      }
    };
    return opts.tx ? run(opts.tx) : this.deps.db.transaction(run);
  }

  async findByLogin(login: string): Promise<UserRow | null> {
    const l = login.trim().toLowerCase();
    const [u] = await this.deps.db
      .select()
      .from(users)
      .where(or(sql`lower(${users.username}) = ${l}`, sql`lower(${users.email}) = ${l}`))
      .limit(1);
    return u ?? null;
  }

  async login(input: { username: string; password: string; remember?: boolean }): Promise<IssuedSession> {
    const user = await this.findByLogin(input.username);
    if (!user) {
      await burnPasswordCheck(input.password);
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    if (!(await checkPassword(user.passwordHash, input.password))) throw unauthorized(MESSAGES.invalidCredentials);
    await this.assertMayLogin(user);
    return this.issueSession(user.id, Boolean(input.remember));
  }

  async assertMayLogin(user: UserRow) {
    if (user.status !== 'active') throw forbidden(MESSAGES.accountInactive);
    if (user.email && !user.verifiedEmail && (await this.deps.settings.get('requireEmailVerification'))) {
      throw forbidden(MESSAGES.emailNotVerified);
    }
  }

  /** A random token; only its SHA-256 is stored. 365 days when remembered, else 1 day (spec §4). */
  async issueSession(userId: string, remember: boolean, db: DbOrTx = this.deps.db): Promise<IssuedSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + (remember ? TOKEN_LIFETIME_DAYS.remembered : TOKEN_LIFETIME_DAYS.session) * DAY);
    await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
    return { token, expiresAt: expiresAt.toISOString() };
  }

  async revokeSession(sessionId: string) {
    await this.deps.db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllSessions(userId: string, db: DbOrTx = this.deps.db) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** 400 on `currentPassword` unless it is the account's password. */
  async assertCurrentPassword(user: UserRow, currentPassword: string | undefined) {
    if (!currentPassword) throw badRequest('Enter your current password', [{ field: 'currentPassword', message: 'Enter your current password' }]);
    if (!user.passwordHash || !(await checkPassword(user.passwordHash, currentPassword))) {
      throw badRequest('Your current password is not correct', [{ field: 'currentPassword', message: 'Your current password is not correct' }]);
    }
  }

  /** Whether a session was issued "remembered" (365 days) rather than for one day. */
  async sessionRemembered(sessionId: string | null): Promise<boolean> {
    if (!sessionId) return false;
    const [s] = await this.deps.db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    return Boolean(s && s.expiresAt.getTime() - s.createdAt.getTime() > TOKEN_LIFETIME_DAYS.session * DAY + 60 * 60 * 1000);
  }

  /**
   * Changes the password of a signed-in user: the only way to change it while signed in. When the
   * account has a password the current one must be given (social-only accounts set their first
   * one without). Every session (the calling one too) is revoked and a fresh token is returned,
   * with the lifetime the calling session had (remembered or not).
   */
  async changePassword(user: UserRow, input: { password: string; currentPassword?: string }, sessionId: string | null): Promise<IssuedSession> {
    if (user.passwordHash) await this.assertCurrentPassword(user, input.currentPassword);
    const remember = await this.sessionRemembered(sessionId);
    const passwordHash = await hashNewPassword(input.password);
    return this.deps.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await this.revokeAllSessions(user.id, tx);
      return this.issueSession(user.id, remember, tx);
    });
  }

  // --- e-mailed single-use tokens -------------------------------------------------------------

  private async createMailToken(userId: string, kind: MailTokenKind, ttlMs: number, newEmail?: string): Promise<string> {
    const token = newToken();
    await this.deps.db.transaction(async (tx) => {
      // A new link replaces older unused ones of the same kind.
      await tx.update(authTokens).set({ usedAt: new Date() }).where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
      await tx.insert(authTokens).values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs), newEmail: newEmail ?? null });
    });
    return token;
  }

  /** Marks a token used and returns its row, or null when unknown/used/expired. Atomic: a token works once. */
  private async takeMailToken(token: string, kind: MailTokenKind, tx: DbOrTx): Promise<{ userId: string; newEmail: string | null } | null> {
    const [row] = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), sql`${authTokens.expiresAt} > now()`))
      .returning({ userId: authTokens.userId, newEmail: authTokens.newEmail });
    return row ?? null;
  }

  private async consumeMailToken(token: string, kind: MailTokenKind, tx: DbOrTx): Promise<string | null> {
    return (await this.takeMailToken(token, kind, tx))?.userId ?? null;
  }

  // --- e-mail change ----------------------------------------------------------------------------

  /**
   * Whether this user may ask for an e-mail change (before anything is written): the current
   * password (accounts without one: a login in the last 15 minutes). The caller also checks the
   * address is free (409). Attempts are rate-limited per user by the route.
   */
  async assertEmailChangeAllowed(user: UserRow, currentPassword: string | undefined, sessionId: string | null) {
    if (user.passwordHash) await this.assertCurrentPassword(user, currentPassword);
    else {
      const [s] = sessionId ? await this.deps.db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1) : [];
      if (!s || Date.now() - s.createdAt.getTime() > RECENT_LOGIN_MS) {
        throw badRequest('Log in again to change your e-mail address', [{ field: 'currentPassword', message: 'Log in again to change your e-mail address' }]);
      }
    }
  }

  /**
   * Mails a single-use confirmation link (valid 1 day) to the new address; the account keeps its
   * old address until the link is followed. A newer request replaces an older unused link.
   */
  async startEmailChange(user: UserRow, email: string) {
    const token = await this.createMailToken(user.id, 'change-email', EMAIL_CHANGE_TOKEN_TTL_MS, email);
    const site = await this.deps.settings.get('siteName');
    const url = `${this.deps.config.PUBLIC_WEB_URL}/auth/confirm-email?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({
      to: email,
      subject: `Confirm your new e-mail address for ${site}`,
      ...mailLayout('Confirm your new e-mail address', `You asked to use this address for your ${site} account${user.username ? ` @${user.username}` : ''}. It replaces the old one once you follow the link (valid for 1 day). If it was not you, ignore this e-mail.`, { label: 'Confirm my new address', url }),
    });
  }

  /**
   * Applies a confirmed e-mail change: the token works once and expires; the new address counts
   * as verified (the link proved it). The old address is told. 400 for a bad link, 409 when the
   * address was taken by another account meanwhile (the link then stays unused).
   */
  async confirmEmailChange(token: string): Promise<void> {
    const { oldEmail, user } = await this.deps.db.transaction(async (tx) => {
      const row = await this.takeMailToken(token, 'change-email', tx);
      if (!row?.newEmail) throw badRequest(MESSAGES.emailChangeLinkInvalid, [{ field: 'token', message: MESSAGES.emailChangeLinkInvalid }]);
      await this.assertAvailable(tx, { email: row.newEmail }, row.userId);
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
      let updated: UserRow | undefined;
      try {
        [updated] = await tx.update(users).set({ email: row.newEmail, verifiedEmail: true }).where(eq(users.id, row.userId)).returning();
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MESSAGES.emailTaken, [{ field: 'email', message: MESSAGES.emailTaken }]);
        throw err;
      }
      return { oldEmail: before?.email ?? null, user: updated! };
    });
    if (oldEmail && oldEmail !== user.email) {
      const site = await this.deps.settings.get('siteName');
      try {
        await this.deps.mailer.send({
          to: oldEmail,
          subject: `Your ${site} e-mail address was changed`,
          ...mailLayout('Your e-mail address was changed', `The e-mail address of your ${site} account${user.username ? ` @${user.username}` : ''} is now ${maskEmail(user.email!)}. Mail about your account no longer comes here. If you did not make this change, reset your password at ${this.deps.config.PUBLIC_WEB_URL}/auth/forgot-password using the new address, or contact support.`),
        });
      } catch (err) {
        this.deps.log.error({ err, userId: user.id }, 'e-mail change notice could not be sent');
      }
    }
  }

  async sendVerificationEmail(user: Pick<UserRow, 'id' | 'email' | 'name' | 'verifiedEmail'>) {
    if (!user.email || user.verifiedEmail) return;
    const token = await this.createMailToken(user.id, 'verify-email', VERIFY_TOKEN_TTL_MS);
    const site = await this.deps.settings.get('siteName');
    const url = `${this.deps.config.PUBLIC_WEB_URL}/auth/verify-email?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({
      to: user.email,
      subject: `Verify your e-mail address for ${site}`,
      ...mailLayout(`Welcome to ${site}${user.name ? `, ${user.name}` : ''}!`, 'Please confirm your e-mail address. The link is valid for 3 days.', { label: 'Verify my e-mail', url }),
    });
  }

  /** Re-sends the link: only enqueues, so the answer is the same (and as fast) whether or not the address exists. */
  async resendVerification(email: string) {
    await this.enqueueMail({ kind: 'resend-verification', email });
  }

  async verifyEmail(token: string) {
    await this.deps.db.transaction(async (tx) => {
      const userId = await this.consumeMailToken(token, 'verify-email', tx);
      if (!userId) throw badRequest(MESSAGES.verifyTokenInvalid, [{ field: 'token', message: MESSAGES.verifyTokenInvalid }]);
      await tx.update(users).set({ verifiedEmail: true }).where(eq(users.id, userId));
    });
  }

  /** Queues a reset link: the answer is the same (and as fast) whether or not the address exists. */
  async forgotPassword(email: string) {
    await this.enqueueMail({ kind: 'reset-password', email });
  }

  /** The job: a reset link valid for one hour, for an active account with this address. */
  private async sendResetEmail(email: string) {
    const user = await this.byEmail(email);
    if (!user || user.status !== 'active') return;
    const token = await this.createMailToken(user.id, 'reset-password', RESET_TOKEN_TTL_MS);
    const site = await this.deps.settings.get('siteName');
    const url = `${this.deps.config.PUBLIC_WEB_URL}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({
      to: user.email!,
      subject: `Reset your ${site} password`,
      ...mailLayout('Reset your password', 'Someone (hopefully you) asked to reset your password. The link works once and expires in one hour. If it was not you, ignore this e-mail.', { label: 'Choose a new password', url }),
    });
  }

  /** Sets a new password from a reset link: single use, expiring; revokes every session. Also proves the e-mail. */
  async resetPassword(token: string, password: string) {
    const passwordHash = await hashNewPassword(password);
    await this.deps.db.transaction(async (tx) => {
      const userId = await this.consumeMailToken(token, 'reset-password', tx);
      if (!userId) throw badRequest(MESSAGES.resetTokenInvalid, [{ field: 'token', message: MESSAGES.resetTokenInvalid }]);
      await tx.update(users).set({ passwordHash, verifiedEmail: true }).where(eq(users.id, userId));
      await this.revokeAllSessions(userId, tx);
    });
  }

  /**
   * Social sign-in: finds the account linked to the provider id, else links by verified e-mail,
   * else creates one (without username: the user lands on the account page to pick one).
   */
  async socialLogin(p: { provider: 'google' | 'twitter'; subject: string; email?: string | null; emailVerified?: boolean; name?: string; role: 'user' | 'performer' }): Promise<IssuedSession> {
    let user: UserRow;
    try {
      user = await this.findOrCreateSocialUser(p);
    } catch (err) {
      // Two first sign-ins at once: the loser of the unique-index race reads the winner's row.
      if (!isUniqueViolation(err)) throw err;
      user = await this.findOrCreateSocialUser(p);
    }
    if (user.status !== 'active') throw forbidden(MESSAGES.accountInactive);
    return this.issueSession(user.id, true);
  }

  /**
   * Linking by e-mail needs the provider to vouch for the address. When the local account never
   * proved that address itself, whoever registered it may not own it: its password is cleared and
   * its sessions revoked before linking, so a squatter cannot keep access to the owner's account.
   */
  private async findOrCreateSocialUser(p: { provider: 'google' | 'twitter'; subject: string; email?: string | null; emailVerified?: boolean; name?: string; role: 'user' | 'performer' }): Promise<UserRow> {
    const col = p.provider === 'google' ? users.googleId : users.twitterId;
    const link = p.provider === 'google' ? { googleId: p.subject } : { twitterId: p.subject };
    return this.deps.db.transaction(async (tx) => {
      const [linked] = await tx.select().from(users).where(eq(col, p.subject)).limit(1);
      if (linked) return linked;
      if (p.email && p.emailVerified) {
        const [byEmail] = await tx.select().from(users).where(sql`lower(${users.email}) = ${p.email.toLowerCase()}`).limit(1);
        if (byEmail) {
          const squatted = !byEmail.verifiedEmail;
          const [u] = await tx
            .update(users)
            .set({ ...link, verifiedEmail: true, ...(squatted ? { passwordHash: null } : {}) })
            .where(eq(users.id, byEmail.id))
            .returning();
          if (squatted) await this.revokeAllSessions(byEmail.id, tx);
          return u!;
        }
      }
      const isPerformer = p.role === 'performer';
      const [u] = await tx
        .insert(users)
        .values({
          email: p.email && p.emailVerified ? p.email.toLowerCase() : null, verifiedEmail: Boolean(p.email && p.emailVerified),
          name: p.name ?? '', isPerformer, roles: isPerformer ? ['user', 'performer'] : ['user'], ...link,
        })
        .returning();
      if (isPerformer) await tx.insert(performerProfiles).values({ userId: u!.id });
      return u!;
    });
  }
}

/** `j***@example.com`: enough for the owner to recognise, not a full address in someone's inbox. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local!.slice(0, 1)}***@${domain}`;
}

export { HttpError };
