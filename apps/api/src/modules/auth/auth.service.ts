import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { MESSAGES, TOKEN_LIFETIME_DAYS, type RegisterPerformerInput, type RegisterUserInput } from '@stagepass/shared';
import type { AppContext } from '../../platform/context';
import { hashToken, newToken } from '../../platform/auth';
import { HttpError, badRequest, conflict, forbidden, unauthorized, type FieldError } from '../../platform/errors';
import { mailLayout } from '../../platform/mailer';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../users/users.tables';
import { performerProfiles } from '../performers/performers.tables';
import { authTokens, sessions } from './auth.tables';
import { burnPasswordCheck, checkPassword, hashNewPassword } from './passwords';

const DAY = 24 * 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 3 * DAY;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface IssuedSession { token: string; expiresAt: string }

/**
 * Accounts and sessions: registration, login, logout, e-mail verification, password reset and
 * change. Rules in README.md beside this file.
 */
export class AuthService {
  constructor(private ctx: Pick<AppContext, 'db' | 'settings' | 'mailer' | 'config' | 'log'>) {}

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
    return opts.tx ? run(opts.tx) : this.ctx.db.transaction(run);
  }

  async findByLogin(login: string): Promise<UserRow | null> {
    const l = login.trim().toLowerCase();
    const [u] = await this.ctx.db
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
    if (user.email && !user.verifiedEmail && (await this.ctx.settings.get('requireEmailVerification'))) {
      throw forbidden(MESSAGES.emailNotVerified);
    }
  }

  /** A random token; only its SHA-256 is stored. 365 days when remembered, else 1 day (spec §4). */
  async issueSession(userId: string, remember: boolean, db: DbOrTx = this.ctx.db): Promise<IssuedSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + (remember ? TOKEN_LIFETIME_DAYS.remembered : TOKEN_LIFETIME_DAYS.session) * DAY);
    await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt });
    await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
    return { token, expiresAt: expiresAt.toISOString() };
  }

  async revokeSession(sessionId: string) {
    await this.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllSessions(userId: string, db: DbOrTx = this.ctx.db) {
    await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /**
   * Changes the password of a signed-in user. When the account has a password the current one
   * must be given. Every session (the calling one too) is revoked and a fresh token is returned.
   */
  async changePassword(user: UserRow, input: { password: string; currentPassword?: string }, remember: boolean): Promise<IssuedSession> {
    if (user.passwordHash) {
      if (!input.currentPassword) throw badRequest('Enter your current password', [{ field: 'currentPassword', message: 'Enter your current password' }]);
      if (!(await checkPassword(user.passwordHash, input.currentPassword))) {
        throw badRequest('Your current password is not correct', [{ field: 'currentPassword', message: 'Your current password is not correct' }]);
      }
    }
    const passwordHash = await hashNewPassword(input.password);
    return this.ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await this.revokeAllSessions(user.id, tx);
      return this.issueSession(user.id, remember, tx);
    });
  }

  // --- e-mailed single-use tokens -------------------------------------------------------------

  private async createMailToken(userId: string, kind: 'verify-email' | 'reset-password', ttlMs: number): Promise<string> {
    const token = newToken();
    await this.ctx.db.transaction(async (tx) => {
      // A new link replaces older unused ones of the same kind.
      await tx.update(authTokens).set({ usedAt: new Date() }).where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
      await tx.insert(authTokens).values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
    });
    return token;
  }

  /** Marks a token used and returns its user id, or null when unknown/used/expired. Atomic: a token works once. */
  private async consumeMailToken(token: string, kind: 'verify-email' | 'reset-password', tx: DbOrTx): Promise<string | null> {
    const [row] = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), sql`${authTokens.expiresAt} > now()`))
      .returning({ userId: authTokens.userId });
    return row?.userId ?? null;
  }

  async sendVerificationEmail(user: Pick<UserRow, 'id' | 'email' | 'name' | 'verifiedEmail'>) {
    if (!user.email || user.verifiedEmail) return;
    const token = await this.createMailToken(user.id, 'verify-email', VERIFY_TOKEN_TTL_MS);
    const site = await this.ctx.settings.get('siteName');
    const url = `${this.ctx.config.PUBLIC_WEB_URL}/auth/verify-email?token=${encodeURIComponent(token)}`;
    await this.ctx.mailer.send({
      to: user.email,
      subject: `Verify your e-mail address for ${site}`,
      ...mailLayout(`Welcome to ${site}${user.name ? `, ${user.name}` : ''}!`, 'Please confirm your e-mail address. The link is valid for 3 days.', { label: 'Verify my e-mail', url }),
    });
  }

  /**
   * After the account change is committed: a mail server that is down must not turn a finished
   * registration into an error (a retry would then hit 409). The failure is logged; the user can
   * ask for a new link (POST /auth/email-verification).
   */
  async trySendVerificationEmail(user: Pick<UserRow, 'id' | 'email' | 'name' | 'verifiedEmail'>): Promise<boolean> {
    try {
      await this.sendVerificationEmail(user);
      return true;
    } catch (err) {
      this.ctx.log.error({ err, userId: user.id }, 'verification e-mail could not be sent');
      return false;
    }
  }

  /** Re-sends the link; answers the same whether or not the address exists. */
  async resendVerification(email: string) {
    const [user] = await this.ctx.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
    if (user) await this.sendVerificationEmail(user);
  }

  async verifyEmail(token: string) {
    await this.ctx.db.transaction(async (tx) => {
      const userId = await this.consumeMailToken(token, 'verify-email', tx);
      if (!userId) throw badRequest(MESSAGES.verifyTokenInvalid, [{ field: 'token', message: MESSAGES.verifyTokenInvalid }]);
      await tx.update(users).set({ verifiedEmail: true }).where(eq(users.id, userId));
    });
  }

  /** Sends a reset link valid for one hour; answers the same whether or not the address exists. */
  async forgotPassword(email: string) {
    const [user] = await this.ctx.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
    if (!user || user.status !== 'active') return;
    const token = await this.createMailToken(user.id, 'reset-password', RESET_TOKEN_TTL_MS);
    const site = await this.ctx.settings.get('siteName');
    const url = `${this.ctx.config.PUBLIC_WEB_URL}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await this.ctx.mailer.send({
      to: user.email!,
      subject: `Reset your ${site} password`,
      ...mailLayout('Reset your password', 'Someone (hopefully you) asked to reset your password. The link works once and expires in one hour. If it was not you, ignore this e-mail.', { label: 'Choose a new password', url }),
    });
  }

  /** Sets a new password from a reset link: single use, expiring; revokes every session. Also proves the e-mail. */
  async resetPassword(token: string, password: string) {
    const passwordHash = await hashNewPassword(password);
    await this.ctx.db.transaction(async (tx) => {
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
    return this.ctx.db.transaction(async (tx) => {
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

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export { HttpError };
