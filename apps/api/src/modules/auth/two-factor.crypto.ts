import crypto from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@stagepass/shared';

/**
 * The pure pieces of two-factor authentication: the secret's encryption at rest and the recovery
 * codes. The TOTP arithmetic itself is otplib's (two-factor.service.ts).
 */

/** TOTP step length (seconds) and how many steps either side of now a code may come from (clock drift). */
export const TOTP_PERIOD = 30;
export const TOTP_DRIFT_STEPS = 1;

/** The step a moment falls in (the counter RFC 6238 hashes). */
export const totpStep = (at: Date) => Math.floor(at.getTime() / 1000 / TOTP_PERIOD);

/** A 256-bit key for the secrets, derived from APP_SECRET (changing APP_SECRET makes stored secrets unreadable: users set 2FA up again). */
function secretKey(appSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', appSecret, 'stagepass', 'totp-secret-v1', 32));
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function encryptSecret(appSecret: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', secretKey(appSecret), iv);
  const ct = Buffer.concat([c.update(secret, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/** The secret, or null when it cannot be read (another APP_SECRET, tampered). */
export function decryptSecret(appSecret: string, stored: string): string | null {
  const [v, iv, tag, ct] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || !ct) return null;
  try {
    const d = crypto.createDecipheriv('aes-256-gcm', secretKey(appSecret), Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Letters and digits that cannot be confused when copied by hand (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One code: `xxxxx-xxxxx` from a 31-letter alphabet (~49 bits), enough that a SHA-256 needs no salt or slow hash. */
export function newRecoveryCode(): string {
  const pick = () => ALPHABET[crypto.randomInt(ALPHABET.length)];
  const part = () => Array.from({ length: 5 }, pick).join('');
  return `${part()}-${part()}`;
}

export const newRecoveryCodes = (n = RECOVERY_CODE_COUNT) => Array.from({ length: n }, newRecoveryCode);

/** The form a typed code is compared in: lower case, no spaces or dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

export const hashRecoveryCode = (code: string) => crypto.createHash('sha256').update(`stagepass-recovery:${normalizeRecoveryCode(code)}`).digest('hex');
