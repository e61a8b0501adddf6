import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { SessionCache } from '../../platform/auth';
import { DELETED_USER_NAME, type AgeStatus, type LegalAccepted } from '@stagepass/shared';
import type { AccountWriter } from '../auth/accounts';
import type { LegalAcceptedWriter } from '../legal/legal.service';
import type { AgeAccountWriter } from '../legal/age.service';
import { users, type UserRow } from './users.tables';

export type NewUserRow = typeof users.$inferInsert;

/** What UserAccounts is built with (by the composition root, root.ts). */
export interface UserAccountsDeps {
  db: Db;
  /** Every write here changes what a cached session holds: evicted after the write commits. */
  sessions: Pick<SessionCache, 'evictUser'>;
}

/**
 * The users table's writes that the auth module asks for (a module writes only its own tables):
 * creating accounts, credentials, the proof of an e-mail address, social links, the last login.
 * Built before AuthService (which UsersService itself depends on), so auth never writes `users`;
 * auth knows it only as the AccountWriter it declares (auth/accounts.ts).
 * Every method runs on the caller's transaction when given one, keeping auth's steps atomic.
 */
export class UserAccounts implements AccountWriter, LegalAcceptedWriter, AgeAccountWriter {
  constructor(private deps: UserAccountsDeps) {}

  /**
   * Account deletion (modules/privacy): the row stays as a tombstone so financial records keep their
   * keys, but everything that names the person goes — status 'deleted', name "Deleted user",
   * username `deleted-<id>`, no e-mail (it can register again), no password, social links, avatar,
   * cover or 2FA flag. Answers the storage keys of the avatar and cover renditions to delete.
   */
  async anonymise(tx: DbOrTx, userId: string): Promise<string[]> {
    const [before] = await tx.select({ avatar: users.avatar, cover: users.cover }).from(users).where(eq(users.id, userId));
    await tx.update(users).set({
      status: 'deleted', name: DELETED_USER_NAME, firstName: null, lastName: null, gender: null, country: null,
      username: `deleted-${userId.replace(/-/g, '').slice(-12)}`, email: null, verifiedEmail: false, passwordHash: null,
      googleId: null, twitterId: null, avatar: null, cover: null, twoFactorEnabled: false,
    }).where(eq(users.id, userId));
    await this.deps.sessions.evictUser(userId, tx);
    return [...Object.values(before?.avatar ?? {}), ...Object.values(before?.cover ?? {})];
  }

  /** Inserts an account; a unique-index violation (username, e-mail, social id) reaches the caller. */
  async create(tx: DbOrTx, values: NewUserRow): Promise<UserRow> {
    const [user] = await tx.insert(users).values(values).returning();
    return user!;
  }

  async recordLogin(userId: string, db: DbOrTx = this.deps.db): Promise<void> {
    // The last sign-in becomes the previous one: null until the second sign-in (CurrentUser.firstSignIn).
    await db.update(users).set({ previousLoginAt: sql`${users.lastLoginAt}`, lastLoginAt: new Date() }).where(eq(users.id, userId));
    await this.deps.sessions.evictUser(userId, db);
  }

  /** Sets the password hash; `proveEmail`: the way it was set (a mailed reset link) proves the address too. */
  async setPassword(tx: DbOrTx, userId: string, passwordHash: string, o: { proveEmail?: boolean } = {}): Promise<void> {
    await tx.update(users).set({ passwordHash, ...(o.proveEmail ? { verifiedEmail: true } : {}) }).where(eq(users.id, userId));
    await this.deps.sessions.evictUser(userId, tx);
  }

  async markEmailVerified(tx: DbOrTx, userId: string): Promise<void> {
    await tx.update(users).set({ verifiedEmail: true }).where(eq(users.id, userId));
    await this.deps.sessions.evictUser(userId, tx);
  }

  /** A confirmed new address (verified by the link); a unique-index violation reaches the caller. */
  async setVerifiedEmail(tx: DbOrTx, userId: string, email: string): Promise<UserRow | undefined> {
    const [row] = await tx.update(users).set({ email, verifiedEmail: true }).where(eq(users.id, userId)).returning();
    await this.deps.sessions.evictUser(userId, tx);
    return row;
  }

  /** Turns the two-factor flag on or off (the auth module keeps the secret; the guards read this flag from the session's user). */
  async setTwoFactor(tx: DbOrTx, userId: string, enabled: boolean): Promise<void> {
    await tx.update(users).set({ twoFactorEnabled: enabled }).where(eq(users.id, userId));
    await this.deps.sessions.evictUser(userId, tx);
  }

  /** Links a social identity to an account whose e-mail the provider vouched for; `clearPassword` when the address was never proven locally. */
  async linkSocial(tx: DbOrTx, userId: string, link: { googleId: string } | { twitterId: string }, o: { clearPassword: boolean }): Promise<UserRow> {
    const [row] = await tx
      .update(users)
      .set({ ...link, verifiedEmail: true, ...(o.clearPassword ? { passwordHash: null } : {}) })
      .where(eq(users.id, userId))
      .returning();
    await this.deps.sessions.evictUser(userId, tx);
    return row!;
  }

  /** Age assurance (modules/legal): the account's verification status, in the decision's transaction; the session cache sees it on the next request. */
  async setAgeStatus(tx: DbOrTx, userId: string, status: AgeStatus): Promise<void> {
    await tx.update(users).set({ ageStatus: status }).where(eq(users.id, userId));
    await this.deps.sessions.evictUser(userId, tx);
  }

  /** Age assurance (modules/legal): a creator marks their profile, and so all its content, adult. */
  async setAdultContent(tx: DbOrTx, userId: string, adult: boolean): Promise<void> {
    await tx.update(users).set({ adultContent: adult }).where(eq(users.id, userId));
    await this.deps.sessions.evictUser(userId, tx);
  }

  /** The legal module's record of what the account accepted, merged in (modules/legal); the session cache sees it on the next request. */
  async mergeLegalAccepted(tx: DbOrTx, userId: string, accepted: LegalAccepted): Promise<void> {
    await tx.update(users).set({ legalAccepted: sql`${users.legalAccepted} || ${JSON.stringify(accepted)}::jsonb` }).where(eq(users.id, userId));
    await this.deps.sessions.evictUser(userId, tx);
  }
}
