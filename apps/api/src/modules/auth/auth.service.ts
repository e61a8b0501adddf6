// Over 300 lines: the account flows the routes call (register, login, sessions, password, e-mail change and verification, reset, social login) and the mails their events and jobs send; each flow's pieces live beside it (accounts.ts, sessions.ts, mail-tokens.ts, auth.mails.ts, auth.handlers.ts, social-accounts.ts).
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES, TOKEN_LIFETIME_DAYS, type LoginAnswer, type TrackingTouch, type TwoFactorLoginInput } from '@stagepass/shared';
import { isUniqueViolation } from '../../db/errors';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Config } from '../../config';
import { HttpError, badRequest, conflict, forbidden, unauthorized } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import type { Queue } from '../../platform/queue';
import type { Events } from '../../platform/events';
import type { SettingsService } from '../settings/settings.service';
import { users, type UserRow } from '../users/users.tables';
import { passwords, type Passwords } from './passwords';
import { assertAvailable, decoyUser, insertAccount, userByEmail, userByLogin, type AccountWriter, type CreatorProfileWriter, type RegisterInput } from './accounts';
import type { Realtime } from '../../platform/realtime';
import type { SessionCache } from '../../platform/auth';
import { DAY, issueSession, purgeSessionClients, recentSessions, revokeAllSessions, revokeSession, sessionTimes, signInsPage, type IssuedSession } from './sessions';
import { EMAIL_CHANGE_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS, createMailToken, mailTokenOwner, takeMailToken } from './mail-tokens';
import { confirmEmailChangeMail, emailChangedNotice, registerAttemptMail, resetPasswordMail, verificationMail } from './auth.mails';
import { findOrCreateSocialUser, type SocialIdentity } from './social-accounts';
import type { TwoFactorService } from './two-factor.service';
import type { LegalService } from '../legal/legal.service';

export type { IssuedSession };

/** An account without a password may change its e-mail only this soon after signing in. */
export const RECENT_LOGIN_MS = 15 * 60 * 1000;

/**
 * Mails whose sending must not show in the answer's timing (whether the address has an account):
 * the route enqueues one of these and answers; a worker looks the address up and mails.
 */
export const AUTH_MAIL_JOB = 'auth.mail';
export type AuthMailJob =
  | { kind: 'resend-verification'; email: string }
  | { kind: 'reset-password'; email: string }
  | { kind: 'register-attempt'; email: string };

/** What AuthService is built with (by the composition root, root.ts). */
export interface AuthDeps {
  /** Owner of the `users` rows auth creates and updates (auth writes only its own tables): users/user-accounts.ts. */
  accounts: AccountWriter;
  config: Config;
  db: Db;
  events: Events;
  /** The sign-up confirmations (age, terms) recorded in the new account's transaction (modules/legal). */
  legal: Pick<LegalService, 'recordSignUp'>;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Owner of the creator profile row made with a creator's account: performers/performer-profiles.ts. */
  performerProfiles: CreatorProfileWriter;
  queue: Queue;
  /** The socket gateway: a revoked session's sockets are closed at once. */
  realtime: Pick<Realtime, 'disconnectSessions' | 'disconnectUser'>;
  /** The session cache: a revoked session is dropped on every node before the request answers. */
  sessions: Pick<SessionCache, 'evictSession' | 'evictUser'>;
  settings: SettingsService;
  /** Two-factor accounts: the password step answers a challenge; the code step opens the session. */
  twoFactor: Pick<TwoFactorService, 'challenge' | 'completeChallenge'>;
  /**
   * Tracking links (modules/tracking, commerce): the touches a sign-up form sent are attributed
   * with the new account, in its transaction. Declared here, filled by the composition root.
   */
  signUpAttribution?: { attach(tx: Tx, userId: string, touches: TrackingTouch[]): Promise<void> };
}

/**
 * Accounts and sessions: registration, login, logout, e-mail verification, password reset and
 * change, e-mail change, social sign-in. Rules in README.md beside this file. The pieces live
 * beside it by job: accounts.ts (account rows), sessions.ts (session tokens), mail-tokens.ts (e-mailed single-use tokens),
 * auth.mails.ts (the e-mails' texts), social-accounts.ts (finding or linking a social account),
 * passwords.ts (hashing).
 */
export class AuthService {
  private readonly passwords: Passwords;

  constructor(private deps: AuthDeps) {
    this.passwords = passwords(deps.config.PASSWORD_HASH_COST);
  }

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
      case 'resend-verification': {
        const user = await userByEmail(this.deps.db, job.email);
        if (user) await this.sendVerificationEmail(user);
        return;
      }
      case 'reset-password':
        return this.sendResetEmail(job.email);
      case 'register-attempt':
        return this.sendRegisterAttemptEmail(job.email);
    }
  }

  /**
   * Registration conflicts (spec: say which username is taken, never whether an e-mail has an
   * account): a taken username → 409 naming `username`; a free username with a taken e-mail →
   * 'email-taken' (the route answers as for a new account and mails that address instead).
   */
  async registrationConflict(input: { username: string; email: string }): Promise<'email-taken' | null> {
    await assertAvailable(this.deps.db, { username: input.username });
    return (await userByEmail(this.deps.db, input.email)) ? 'email-taken' : null;
  }

  /**
   * The answer to a registration whose e-mail already has an account: costs the same password
   * hash a real registration costs and queues the "someone tried to register" mail. Returns a
   * user row shaped like a new account's (never stored) so the answer looks the same.
   */
  async decoyRegistration(input: RegisterInput, isPerformer: boolean): Promise<UserRow> {
    await this.passwords.hashNew(input.password);
    await this.enqueueMail({ kind: 'register-attempt', email: input.email });
    return decoyUser(input, isPerformer);
  }

  private async sendRegisterAttemptEmail(email: string) {
    const user = await userByEmail(this.deps.db, email);
    if (!user) return;
    await this.deps.mailer.send({ to: user.email!, ...registerAttemptMail(await this.siteName(), this.deps.config.PUBLIC_WEB_URL, user.locale) });
  }

  /** 409 with field errors when the username or e-mail is taken (case-insensitively) by someone else. */
  async assertAvailable(db: DbOrTx, fields: { username?: string | null; email?: string | null }, exceptUserId?: string) {
    await assertAvailable(db, fields, exceptUserId);
  }

  /**
   * Creates a fan or creator account (creator: with profile row; accounts.ts) inside the caller's
   * transaction when given, and records `user.registered` with it. `verifyEmail`: the
   * verification link is mailed (by the event's handler, auth.handlers.ts) — the sign-up forms;
   * scripts and test factories pass false. The input's confirmations (age, terms: required by its
   * schema) are recorded with the account, from `ip` (the sign-up's client address).
   */
  async createAccount(input: RegisterInput, opts: { isPerformer: boolean; verifyEmail: boolean; tx?: Tx; ip?: string | null }): Promise<UserRow> {
    const passwordHash = await this.passwords.hashNew(input.password);
    const run = async (tx: Tx) => {
      const user = await insertAccount(this.deps, tx, input, passwordHash, opts.isPerformer);
      await this.deps.legal.recordSignUp(tx, user.id, opts.ip ?? null);
      await this.deps.events.record(tx, 'user.registered', { userId: user.id, isPerformer: opts.isPerformer, verifyEmail: opts.verifyEmail });
      // Stored with the account, so the attribution survives e-mail verification (tracking README).
      if (input.trackingTouches?.length && this.deps.signUpAttribution) await this.deps.signUpAttribution.attach(tx, user.id, input.trackingTouches);
      return user;
    };
    return opts.tx ? run(opts.tx) : this.deps.db.transaction(run);
  }

  async findByLogin(login: string): Promise<UserRow | null> {
    return userByLogin(this.deps.db, login);
  }

  /** A session, or for a two-factor account the challenge of the code step (`completeTwoFactorLogin`). */
  async login(input: { username: string; password: string; remember?: boolean }): Promise<LoginAnswer> {
    const user = await this.findByLogin(input.username);
    if (!user) {
      await this.passwords.burnCheck(input.password);
      throw unauthorized(MESSAGES.invalidCredentials);
    }
    if (!(await this.passwords.check(user.passwordHash, input.password))) throw unauthorized(MESSAGES.invalidCredentials);
    await this.assertMayLogin(user);
    if (user.twoFactorEnabled) return this.deps.twoFactor.challenge(user.id, Boolean(input.remember));
    return this.issueSession(user.id, Boolean(input.remember));
  }

  /** The code step: the challenge and a TOTP or recovery code → the session the first step asked for. */
  /** The code step; `clientAddress` (request.ip): wrong codes are also counted per address (two-factor.service.ts). */
  async completeTwoFactorLogin(input: TwoFactorLoginInput, clientAddress: string): Promise<IssuedSession> {
    const { userId, remember } = await this.deps.twoFactor.completeChallenge(input.challenge, input, clientAddress);
    const [user] = await this.deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw unauthorized(MESSAGES.invalidCredentials);
    await this.assertMayLogin(user);
    return this.issueSession(user.id, remember);
  }

  async assertMayLogin(user: UserRow) {
    if (user.status !== 'active') throw forbidden(user.status === 'suspended' ? MESSAGES.accountSuspended : MESSAGES.accountInactive);
    if (user.email && !user.verifiedEmail && (await this.deps.settings.get('requireEmailVerification'))) {
      throw forbidden(MESSAGES.emailNotVerified);
    }
  }

  /** A new session (sessions.ts). */
  async issueSession(userId: string, remember: boolean, db: DbOrTx = this.deps.db): Promise<IssuedSession> {
    const issued = await issueSession(db, userId, remember);
    await this.deps.accounts.recordLogin(userId, db);
    return issued;
  }

  async revokeSession(sessionId: string) {
    await revokeSession(this.deps.db, sessionId);
    await this.deps.sessions.evictSession(sessionId);
    await this.deps.realtime.disconnectSessions([sessionId]);
  }

  /** Inside a caller's transaction (`db` given) the caller closes the sockets after its commit. */
  async revokeAllSessions(userId: string, db?: DbOrTx) {
    await revokeAllSessions(db ?? this.deps.db, userId);
    await this.deps.sessions.evictUser(userId, db);
    if (!db) await this.deps.realtime.disconnectUser(userId);
  }

  /** 400 on `currentPassword` unless it is the account's password. */
  async assertCurrentPassword(user: UserRow, currentPassword: string | undefined) {
    if (!currentPassword) throw badRequest('Enter your current password', [{ field: 'currentPassword', message: 'Enter your current password' }]);
    if (!user.passwordHash || !(await this.passwords.check(user.passwordHash, currentPassword))) {
      throw badRequest('Your current password is not correct', [{ field: 'currentPassword', message: 'Your current password is not correct' }]);
    }
  }

  /** A user's latest sign-ins, newest first (sessions.ts `recentSessions`; ended: revoked or expired at `now`). */
  recentSessions(userId: string, limit: number, now: Date) {
    return recentSessions(this.deps.db, userId, limit, now);
  }

  signInsPage(userId: string, last: string | null, limit: number) {
    return signInsPage(this.deps.db, userId, last, limit);
  }

  /** Clears the kept client of sign-ins older than `before` (README "Client records"). */
  purgeClientRecords(before: Date): Promise<number> {
    return purgeSessionClients(this.deps.db, before);
  }

  /** Whether a session was issued "remembered" (365 days) rather than for one day. */
  async sessionRemembered(sessionId: string | null): Promise<boolean> {
    if (!sessionId) return false;
    const s = await sessionTimes(this.deps.db, sessionId);
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
    const passwordHash = await this.passwords.hashNew(input.password);
    const issued = await this.deps.db.transaction(async (tx) => {
      await this.deps.accounts.setPassword(tx, user.id, passwordHash);
      await this.revokeAllSessions(user.id, tx);
      return this.issueSession(user.id, remember, tx);
    });
    await this.deps.realtime.disconnectUser(user.id);
    return issued;
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
      const s = sessionId ? await sessionTimes(this.deps.db, sessionId) : null;
      if (!s || Date.now() - s.createdAt.getTime() > RECENT_LOGIN_MS) {
        throw badRequest('Log in again to change your e-mail address', [{ field: 'currentPassword', message: 'Log in again to change your e-mail address' }]);
      }
    }
  }

  /**
   * Records `user.email-change-requested`, whose handler mails a single-use confirmation link
   * (valid 1 day) to the new address; the account keeps its old address until the link is
   * followed. A newer request replaces an older unused link.
   */
  async startEmailChange(user: UserRow, email: string) {
    await this.deps.db.transaction((tx) => this.deps.events.record(tx, 'user.email-change-requested', { userId: user.id, email }));
  }

  /**
   * The handler of `user.email-change-requested`: the link to the new address — unless a later
   * request (`requestedAt`: the event's time) already has its link (handlers may run out of order).
   */
  async sendEmailChangeLink(userId: string, email: string, requestedAt?: Date) {
    const [user] = await this.deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) return;
    const token = await createMailToken(this.deps.db, user.id, 'change-email', EMAIL_CHANGE_TOKEN_TTL_MS, email, requestedAt);
    if (!token) return;
    await this.deps.mailer.send({ to: email, ...confirmEmailChangeMail(await this.siteName(), this.deps.config.PUBLIC_WEB_URL, user.username, token, user.locale) });
  }

  /**
   * Applies a confirmed e-mail change: the token works once and expires; the new address counts
   * as verified (the link proved it). The old address is told. 400 for a bad link, 409 when the
   * address was taken by another account meanwhile (the link then stays unused). The notice to the
   * old address is the handler of `user.email-changed`.
   */
  async confirmEmailChange(token: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await takeMailToken(tx, token, 'change-email');
      if (!row?.newEmail) throw badRequest(MESSAGES.emailChangeLinkInvalid, [{ field: 'token', message: MESSAGES.emailChangeLinkInvalid }]);
      await this.assertAvailable(tx, { email: row.newEmail }, row.userId);
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
      let updated: UserRow | undefined;
      try {
        updated = await this.deps.accounts.setVerifiedEmail(tx, row.userId, row.newEmail);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MESSAGES.emailTaken, [{ field: 'email', message: MESSAGES.emailTaken }]);
        throw err;
      }
      const oldEmail = before?.email ?? null;
      if (oldEmail && updated && oldEmail !== updated.email) {
        await this.deps.events.record(tx, 'user.email-changed', { userId: updated.id, oldEmail, newEmail: updated.email! });
      }
    });
  }

  /** The handler of `user.email-changed`: tells the old address. */
  async sendEmailChangedNotice(userId: string, oldEmail: string, newEmail: string) {
    const [user] = await this.deps.db.select({ username: users.username, locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
    await this.deps.mailer.send({ to: oldEmail, ...emailChangedNotice(await this.siteName(), this.deps.config.PUBLIC_WEB_URL, user?.username ?? null, newEmail, user?.locale) });
  }

  /** The handler of `user.registered` (when the sign-up asked for it): the verification link. */
  async sendVerificationEmailTo(userId: string) {
    const [user] = await this.deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (user) await this.sendVerificationEmail(user);
  }

  async sendVerificationEmail(user: Pick<UserRow, 'id' | 'email' | 'name' | 'verifiedEmail'> & Partial<Pick<UserRow, 'locale'>>) {
    if (!user.email || user.verifiedEmail) return;
    const token = await createMailToken(this.deps.db, user.id, 'verify-email', VERIFY_TOKEN_TTL_MS);
    await this.deps.mailer.send({ to: user.email, ...verificationMail(await this.siteName(), this.deps.config.PUBLIC_WEB_URL, user.name, token, user.locale) });
  }

  /** Re-sends the link: only enqueues, so the answer is the same (and as fast) whether or not the address exists. */
  async resendVerification(email: string) {
    await this.enqueueMail({ kind: 'resend-verification', email });
  }

  /**
   * Verifies the address of a mailed link. A link that no longer works (opened before, replaced by
   * a newer one, expired) of an account whose address IS verified answers `alreadyVerified` rather
   * than "invalid" (issue 26 §4.18): the person is told to log in. Otherwise → 400.
   */
  async verifyEmail(token: string): Promise<{ alreadyVerified: boolean }> {
    return this.deps.db.transaction(async (tx) => {
      const userId = (await takeMailToken(tx, token, 'verify-email'))?.userId;
      if (userId) {
        await this.deps.accounts.markEmailVerified(tx, userId);
        return { alreadyVerified: false };
      }
      const owner = await mailTokenOwner(tx, token, 'verify-email');
      const [user] = owner ? await tx.select({ verifiedEmail: users.verifiedEmail }).from(users).where(eq(users.id, owner)).limit(1) : [];
      if (user?.verifiedEmail) return { alreadyVerified: true };
      throw badRequest(MESSAGES.verifyTokenInvalid, [{ field: 'token', message: MESSAGES.verifyTokenInvalid }]);
    });
  }

  /** Queues a reset link: the answer is the same (and as fast) whether or not the address exists. */
  async forgotPassword(email: string) {
    await this.enqueueMail({ kind: 'reset-password', email });
  }

  /** The job: a reset link valid for one hour, for an active account with this address. */
  private async sendResetEmail(email: string) {
    const user = await userByEmail(this.deps.db, email);
    if (!user || user.status !== 'active') return;
    const token = await createMailToken(this.deps.db, user.id, 'reset-password', RESET_TOKEN_TTL_MS);
    await this.deps.mailer.send({ to: user.email!, ...resetPasswordMail(await this.siteName(), this.deps.config.PUBLIC_WEB_URL, token, user.locale) });
  }

  /** The handler of `user.password-reset-forced`: the reset link to the account's address (active accounts only). */
  async sendResetEmailTo(userId: string) {
    const [user] = await this.deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    if (user?.email) await this.sendResetEmail(user.email);
  }

  /** Sets a new password from a reset link: single use, expiring; revokes every session. Also proves the e-mail. */
  async resetPassword(token: string, password: string) {
    const passwordHash = await this.passwords.hashNew(password);
    const userId = await this.deps.db.transaction(async (tx) => {
      const id = (await takeMailToken(tx, token, 'reset-password'))?.userId;
      if (!id) throw badRequest(MESSAGES.resetTokenInvalid, [{ field: 'token', message: MESSAGES.resetTokenInvalid }]);
      await this.deps.accounts.setPassword(tx, id, passwordHash, { proveEmail: true });
      await this.revokeAllSessions(id, tx);
      return id;
    });
    await this.deps.realtime.disconnectUser(userId);
  }

  /**
   * Social sign-in: finds the account linked to the provider id, else links by verified e-mail,
   * else creates one (without username: the user lands on the account page to pick one).
   */
  async socialLogin(p: SocialIdentity): Promise<LoginAnswer> {
    let user: UserRow;
    try {
      user = await findOrCreateSocialUser(this.deps, this.deps.db, p);
    } catch (err) {
      // Two first sign-ins at once: the loser of the unique-index race reads the winner's row.
      if (!isUniqueViolation(err)) throw err;
      user = await findOrCreateSocialUser(this.deps, this.deps.db, p);
    }
    if (user.status !== 'active') throw forbidden(user.status === 'suspended' ? MESSAGES.accountSuspended : MESSAGES.accountInactive);
    if (user.twoFactorEnabled) return this.deps.twoFactor.challenge(user.id, true);
    return this.issueSession(user.id, true);
  }

  private siteName(): Promise<string> {
    return this.deps.settings.get('siteName');
  }
}

export { HttpError };
