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

/** Which argon2id parameters new hashes get: `config.PASSWORD_HASH_COST`. */
export type PasswordHashCost = 'production' | 'test';

/**
 * THE argon2id parameters, in one place. production: OWASP's recommendation (19 MiB, 2 passes,
 * 1 lane), ~30 ms a hash. test: the cheapest argon2 accepts (8 KiB, 1 pass), ~1 ms — the test
 * suites create thousands of accounts; config refuses it with NODE_ENV=production, and
 * passwords.unit.test.ts asserts the production parameters. A stored hash carries its own
 * parameters, so verifying works whatever the cost it was made with.
 */
export const ARGON2_PARAMETERS: Record<PasswordHashCost, { memoryCost: number; timeCost: number; parallelism: number }> = {
  production: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 8, timeCost: 1, parallelism: 1 },
};

export interface Passwords {
  /** For a new password: checks strength when it is plain, then hashes. */
  hashNew(input: string, field?: string): Promise<string>;
  check(stored: string | null, input: string): Promise<boolean>;
  /** Constant work for unknown users, so timing does not reveal which usernames exist. */
  burnCheck(input: string): Promise<void>;
}

const dummies = new Map<PasswordHashCost, Promise<string>>();

/** Hashing and checking with the parameters of `cost`. */
export function passwords(cost: PasswordHashCost = 'production'): Passwords {
  const params = { algorithm: ARGON2ID, ...ARGON2_PARAMETERS[cost] };
  const dummy = () => {
    let d = dummies.get(cost);
    if (!d) dummies.set(cost, (d = hash('stagepass-dummy-password', params)));
    return d;
  };
  return {
    async hashNew(input, field = 'password') {
      if (!PREHASH_PATTERN.test(input)) {
        const r = passwordSchema.safeParse(input);
        if (!r.success) throw fieldError(field, r.error.issues[0]!.message);
      }
      return hash(toPrehash(input), params);
    },
    async check(stored, input) {
      if (!stored) return false;
      try {
        return await verify(stored, toPrehash(input));
      } catch {
        return false;
      }
    },
    async burnCheck(input) {
      await verify(await dummy(), toPrehash(input)).catch(() => false);
    },
  };
}
