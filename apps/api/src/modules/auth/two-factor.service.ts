import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  TWO_FACTOR_ACCOUNT_MAX_FAILURES, TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_MAX_FAILURES, TWO_FACTOR_MESSAGES,
  type RecoveryCodes, type TwoFactorChallenge, type TwoFactorProof, type TwoFactorSetup, type TwoFactorStatus,
} from '@stagepass/shared';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { hashToken, newToken } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { HttpError, badRequest, conflict, unauthorized } from '../../platform/errors';
import type { Realtime } from '../../platform/realtime';
import { USER_LIMIT_WINDOW_MS } from '../../platform/user-limits';
import type { SettingsService } from '../settings/settings.service';
import type { AccountWriter } from './accounts';
import type { UserRow } from '../users/users.tables';
import { sessions, twoFactorAddressFailures, twoFactorChallenges, twoFactorRecoveryCodes, twoFactorSecrets } from './auth.tables';
import { TOTP_DRIFT_STEPS, TOTP_PERIOD, decryptSecret, encryptSecret, hashRecoveryCode, newRecoveryCodes } from './two-factor.crypto';

/** What TwoFactorService is built with (by the composition root, root.ts). */
export interface TwoFactorDeps {
  /** Owner of `users.two_factor_enabled` (the flag the guards read). */
  accounts: Pick<AccountWriter, 'setTwoFactor'>;
  /** The time codes are checked at (tests move it). */
  clock: Clock;
  /** APP_SECRET: the key the secrets are encrypted with. */
  config: Pick<Config, 'APP_SECRET'>;
  db: Db;
  /** Turning 2FA on closes the account's other sessions' sockets. */
  realtime: Pick<Realtime, 'disconnectSessions'>;
  /** The site name: the issuer shown in the authenticator app. */
  settings: Pick<SettingsService, 'get'>;
}

type SecretRow = typeof twoFactorSecrets.$inferSelect;
/**
 * Where a proof is checked: on the account page (signed in: a wrong one is a 400 on the field), or
 * at sign-in (401), with the challenge and the client address its wrong codes also count against.
 */
type Attempt = { mode: 'account' } | { mode: 'login'; challengeId: string; address: string };
const ACCOUNT: Attempt = { mode: 'account' };
const CHALLENGE_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60 * 1000;

/**
 * Two-factor authentication (TOTP): setup, confirmation with recovery codes, turning it off, and
 * the code step of a sign-in (challenges). Rules in README.md ("Two-factor authentication").
 */
export class TwoFactorService {
  constructor(private deps: TwoFactorDeps) {}

  async status(user: UserRow): Promise<TwoFactorStatus> {
    const row = await this.row(user.id);
    const [left] = await this.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, user.id), isNull(twoFactorRecoveryCodes.usedAt)));
    return {
      enabled: user.twoFactorEnabled,
      pending: Boolean(row && !row.confirmedAt),
      enabledAt: user.twoFactorEnabled && row?.confirmedAt ? row.confirmedAt.toISOString() : null,
      recoveryCodesLeft: user.twoFactorEnabled ? Number(left?.n ?? 0) : 0,
    };
  }

  /** A new secret (replacing an unconfirmed one), returned only here. 409 when 2FA is already on. */
  async setup(user: UserRow): Promise<TwoFactorSetup> {
    if (user.twoFactorEnabled) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    const secret = generateSecret();
    const stored = encryptSecret(this.deps.config.APP_SECRET, secret);
    const [row] = await this.deps.db
      .insert(twoFactorSecrets)
      .values({ userId: user.id, secret: stored })
      .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { secret: stored, lastUsedStep: null, createdAt: new Date() }, setWhere: isNull(twoFactorSecrets.confirmedAt) })
      .returning();
    if (!row) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    const otpauthUrl = generateURI({ issuer: await this.deps.settings.get('siteName'), label: user.email ?? user.username ?? user.id, secret, period: TOTP_PERIOD });
    return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
  }

  /**
   * Confirms the setup with a current code: 2FA on, 10 new recovery codes (returned only now), and
   * every other session of the account ended (so every live session was opened with a code).
   */
  async enable(user: UserRow, code: string, keepSessionId: string | null): Promise<RecoveryCodes> {
    if (user.twoFactorEnabled) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    const row = await this.row(user.id);
    if (!row || row.confirmedAt) throw conflict(TWO_FACTOR_MESSAGES.noEnrolment);
    await this.checkTotp(row, code, ACCOUNT);
    const codes = newRecoveryCodes();
    const ended = await this.deps.db.transaction(async (tx) => {
      await tx.update(twoFactorSecrets).set({ confirmedAt: this.now() }).where(eq(twoFactorSecrets.userId, user.id));
      await this.replaceRecoveryCodes(tx, user.id, codes);
      await this.deps.accounts.setTwoFactor(tx, user.id, true);
      return tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined))
        .returning({ id: sessions.id });
    });
    await this.deps.realtime.disconnectSessions(ended.map((s) => s.id));
    return { recoveryCodes: codes };
  }

  /** Turns 2FA off with a code or a recovery code: secret, recovery codes and open challenges are deleted. */
  async disable(user: UserRow, proof: TwoFactorProof): Promise<void> {
    const row = await this.row(user.id);
    if (!user.twoFactorEnabled || !row?.confirmedAt) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
    await this.checkProof(row, proof, ACCOUNT);
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
      await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, user.id));
      await this.deps.accounts.setTwoFactor(tx, user.id, false);
    });
  }

  /** For a sensitive step of the account (modules/privacy: deleting it): a current code or recovery code when 2FA is on (400 on the field otherwise); nothing when it is off. */
  async assertProof(user: UserRow, proof: TwoFactorProof): Promise<void> {
    const row = await this.row(user.id);
    if (!user.twoFactorEnabled || !row?.confirmedAt) return;
    await this.checkProof(row, proof, ACCOUNT);
  }

  /** New recovery codes after a current code; the old ones stop working. */
  async regenerateRecoveryCodes(user: UserRow, code: string): Promise<RecoveryCodes> {
    const row = await this.row(user.id);
    if (!user.twoFactorEnabled || !row?.confirmedAt) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
    await this.checkTotp(row, code, ACCOUNT);
    const codes = newRecoveryCodes();
    await this.deps.db.transaction((tx) => this.replaceRecoveryCodes(tx, user.id, codes));
    return { recoveryCodes: codes };
  }

  /**
   * The demo seed only (never in production; the secret is in the README's demo accounts): turns 2FA on with a FIXED, published
   * secret so people and the e2e tests can compute the demo operator's codes. No recovery codes.
   */
  async enableWithKnownSecret(userId: string, secret: string): Promise<void> {
    const stored = encryptSecret(this.deps.config.APP_SECRET, secret);
    await this.deps.db.transaction(async (tx) => {
      await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await tx
        .insert(twoFactorSecrets)
        .values({ userId, secret: stored, confirmedAt: this.now() })
        .onConflictDoUpdate({ target: twoFactorSecrets.userId, set: { secret: stored, confirmedAt: this.now(), lastUsedStep: null } });
      await this.deps.accounts.setTwoFactor(tx, userId, true);
    });
  }

  /** The code step of a sign-in: a random challenge valid 5 minutes, once (only its hash is stored). */
  async challenge(userId: string, remember: boolean): Promise<TwoFactorChallenge> {
    const now = this.now();
    await this.deps.db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, new Date(now.getTime() - CHALLENGE_MS)));
    await this.deps.db.delete(twoFactorAddressFailures).where(lt(twoFactorAddressFailures.failedSince, new Date(now.getTime() - USER_LIMIT_WINDOW_MS)));
    const challenge = newToken();
    const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
    await this.deps.db.insert(twoFactorChallenges).values({ userId, tokenHash: hashToken(challenge), remember, expiresAt });
    return { twoFactorRequired: true, challenge, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Trades a challenge and a proof for the account to sign in (the caller issues the session).
   * `clientAddress`: where the attempt comes from (request.ip). An address over its limit → 429
   * first; unknown, expired or used challenge → 401; wrong proof → 401 (counted per challenge,
   * per address and, for authenticator codes, per account); account over its limit → 429 for
   * authenticator codes only. README "Wrong codes".
   */
  async completeChallenge(challenge: string, proof: TwoFactorProof, clientAddress: string): Promise<{ userId: string; remember: boolean }> {
    const address = addressKey(clientAddress);
    await this.assertAddressNotLocked(address);
    const expired = () => unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
    const [ch] = await this.deps.db
      .select()
      .from(twoFactorChallenges)
      .where(and(eq(twoFactorChallenges.tokenHash, hashToken(challenge)), isNull(twoFactorChallenges.usedAt), gt(twoFactorChallenges.expiresAt, this.now())))
      .limit(1);
    if (!ch) throw expired();
    const row = await this.row(ch.userId);
    if (!row?.confirmedAt) throw expired();
    await this.checkProof(row, proof, { mode: 'login', challengeId: ch.id, address });
    const [taken] = await this.deps.db
      .update(twoFactorChallenges)
      .set({ usedAt: this.now() })
      .where(and(eq(twoFactorChallenges.id, ch.id), isNull(twoFactorChallenges.usedAt)))
      .returning({ id: twoFactorChallenges.id });
    if (!taken) throw expired();
    return { userId: ch.userId, remember: ch.remember };
  }

  // --- checks ------------------------------------------------------------------------------------

  private now(): Date {
    return this.deps.clock.now();
  }

  private async row(userId: string): Promise<SecretRow | null> {
    const [row] = await this.deps.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1);
    return row ?? null;
  }

  private async checkProof(row: SecretRow, proof: TwoFactorProof, attempt: Attempt): Promise<void> {
    if (proof.code) return this.checkTotp(row, proof.code, attempt);
    if (proof.recoveryCode) return this.checkRecoveryCode(row, proof.recoveryCode, attempt);
    throw badRequest(TWO_FACTOR_MESSAGES.proofMissing, [{ field: 'code', message: TWO_FACTOR_MESSAGES.proofMissing }]);
  }

  /**
   * A TOTP code of the current step (± one for clock drift), newer than the last accepted one: a
   * code works once (the step is claimed atomically, so two requests racing with it cannot both pass).
   */
  private async checkTotp(row: SecretRow, code: string, attempt: Attempt): Promise<void> {
    this.assertAccountNotLocked(row, attempt);
    const secret = decryptSecret(this.deps.config.APP_SECRET, row.secret);
    const result = secret
      ? await verify({ secret, token: code, epoch: Math.floor(this.now().getTime() / 1000), period: TOTP_PERIOD, epochTolerance: TOTP_PERIOD * TOTP_DRIFT_STEPS })
      : { valid: false as const };
    if (!result.valid || !('timeStep' in result)) return this.fail(row, 'code', TWO_FACTOR_MESSAGES.codeInvalid, attempt);
    const [claimed] = await this.deps.db
      .update(twoFactorSecrets)
      .set({ lastUsedStep: result.timeStep, failedCount: 0, failedSince: null })
      .where(and(eq(twoFactorSecrets.userId, row.userId), or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, result.timeStep))))
      .returning({ userId: twoFactorSecrets.userId });
    if (!claimed) throw this.refusal('code', TWO_FACTOR_MESSAGES.codeReused, attempt);
  }

  /**
   * An unused recovery code of the account, used up atomically. At sign-in the account's lock does
   * not apply (the owner's way in while someone burns the authenticator's tries: ~49 bits a code,
   * still limited per challenge and per address); on the account page it does.
   */
  private async checkRecoveryCode(row: SecretRow, code: string, attempt: Attempt): Promise<void> {
    if (attempt.mode === 'account') this.assertAccountNotLocked(row, attempt);
    const [used] = await this.deps.db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: this.now() })
      .where(and(eq(twoFactorRecoveryCodes.userId, row.userId), eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code)), isNull(twoFactorRecoveryCodes.usedAt)))
      .returning({ id: twoFactorRecoveryCodes.id });
    if (!used) return this.fail(row, 'recoveryCode', TWO_FACTOR_MESSAGES.recoveryCodeInvalid, attempt);
    await this.deps.db.update(twoFactorSecrets).set({ failedCount: 0, failedSince: null }).where(eq(twoFactorSecrets.userId, row.userId));
  }

  /** The account over TWO_FACTOR_ACCOUNT_MAX_FAILURES wrong codes in the 15-minute window: 429 whatever the code. */
  private assertAccountNotLocked(row: SecretRow, attempt: Attempt): void {
    const inWindow = row.failedSince && this.now().getTime() - row.failedSince.getTime() < USER_LIMIT_WINDOW_MS;
    if (!inWindow || row.failedCount < TWO_FACTOR_ACCOUNT_MAX_FAILURES) return;
    throw new HttpError(429, attempt.mode === 'login' ? TWO_FACTOR_MESSAGES.accountLocked : TWO_FACTOR_MESSAGES.tooManyCodes);
  }

  /** The client address over TWO_FACTOR_MAX_FAILURES wrong codes in its 15-minute window: 429 whatever the code or account. */
  private async assertAddressNotLocked(address: string): Promise<void> {
    const [row] = await this.deps.db.select().from(twoFactorAddressFailures).where(eq(twoFactorAddressFailures.address, address)).limit(1);
    const inWindow = row && this.now().getTime() - row.failedSince.getTime() < USER_LIMIT_WINDOW_MS;
    if (inWindow && row.failedCount >= TWO_FACTOR_MAX_FAILURES) throw new HttpError(429, TWO_FACTOR_MESSAGES.tooManyFromAddress);
  }

  /**
   * Counts a wrong code, then refuses (in the database: every API node sees the same counts). The
   * account counts authenticator codes, and on the account page recovery codes too; at sign-in the
   * address and the challenge count every wrong code, and the challenge's last one uses it up.
   */
  private async fail(row: SecretRow, field: 'code' | 'recoveryCode', message: string, attempt: Attempt): Promise<never> {
    const now = this.now();
    const windowStart = new Date(now.getTime() - USER_LIMIT_WINDOW_MS);
    if (field === 'code' || attempt.mode === 'account') {
      const fresh = sql`${twoFactorSecrets.failedSince} is null or ${twoFactorSecrets.failedSince} < ${windowStart.toISOString()}::timestamptz`;
      await this.deps.db
        .update(twoFactorSecrets)
        .set({
          failedCount: sql`case when ${fresh} then 1 else ${twoFactorSecrets.failedCount} + 1 end`,
          failedSince: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${twoFactorSecrets.failedSince} end`,
        })
        .where(eq(twoFactorSecrets.userId, row.userId));
    }
    if (attempt.mode === 'account') throw this.refusal(field, message, attempt);
    const stale = sql`${twoFactorAddressFailures.failedSince} < ${windowStart.toISOString()}::timestamptz`;
    await this.deps.db
      .insert(twoFactorAddressFailures)
      .values({ address: attempt.address, failedCount: 1, failedSince: now })
      .onConflictDoUpdate({
        target: twoFactorAddressFailures.address,
        set: {
          failedCount: sql`case when ${stale} then 1 else ${twoFactorAddressFailures.failedCount} + 1 end`,
          failedSince: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${twoFactorAddressFailures.failedSince} end`,
        },
      });
    const [ch] = await this.deps.db
      .update(twoFactorChallenges)
      .set({ failedCount: sql`${twoFactorChallenges.failedCount} + 1` })
      .where(eq(twoFactorChallenges.id, attempt.challengeId))
      .returning({ failedCount: twoFactorChallenges.failedCount });
    if (ch && ch.failedCount >= TWO_FACTOR_MAX_FAILURES) {
      await this.deps.db.update(twoFactorChallenges).set({ usedAt: now }).where(eq(twoFactorChallenges.id, attempt.challengeId));
      throw unauthorized(TWO_FACTOR_MESSAGES.challengeExhausted);
    }
    throw this.refusal(field, message, attempt);
  }

  private refusal(field: 'code' | 'recoveryCode', message: string, attempt: Attempt): HttpError {
    return attempt.mode === 'login' ? unauthorized(message) : badRequest(message, [{ field, message }]);
  }

  private async replaceRecoveryCodes(tx: DbOrTx, userId: string, codes: string[]): Promise<void> {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
  }
}

/**
 * The key an address is counted under: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64 — one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would be no limit at all.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.padStart(4, '0')).join(':')}::/64`;
}
