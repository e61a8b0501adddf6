import { hash, verify } from '@node-rs/argon2';
/** Argon2id (the package's const enum value; inlined for isolatedModules). */
const ARGON2ID = 2;
import { PREHASH_PATTERN, passwordSchema } from '@stagepass/shared';
import crypto from 'node:crypto';
import { fieldError } from '../../platform/errors';

/**
 * Passwords are stored as argon2id(prehash(password)), where prehash is the SHA-256 the web client
 * computes when `clientPasswordHashing` is on (packages/shared/src/password.ts). A password that
 * arrives plain is pre-hashed here, so both kinds of client agree and the flag can be flipped
 * without locking anyone out. Strength rules apply to plain passwords (a pre-hashing client checks
 * them before hashing).
 */
export function prehashSync(password: string): string {
  return crypto.createHash('sha256').update(`stagepass:${password}`).digest('hex');
}

export function toPrehash(input: string): string {
  return PREHASH_PATTERN.test(input) ? input : prehashSync(input);
}

/** For a new password: checks strength when it is plain, then hashes. */
export async function hashNewPassword(input: string, field = 'password'): Promise<string> {
  if (!PREHASH_PATTERN.test(input)) {
    const r = passwordSchema.safeParse(input);
    if (!r.success) throw fieldError(field, r.error.issues[0]!.message);
  }
  return hash(toPrehash(input), { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export async function checkPassword(stored: string | null, input: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, toPrehash(input));
  } catch {
    return false;
  }
}

/** Constant work for unknown users, so timing does not reveal which usernames exist. */
const DUMMY = hash('stagepass-dummy-password', { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 });
export async function burnPasswordCheck(input: string): Promise<void> {
  await verify(await DUMMY, toPrehash(input)).catch(() => false);
}
