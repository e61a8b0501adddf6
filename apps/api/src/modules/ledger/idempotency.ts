import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import { HttpError, badRequest, conflict } from '../../platform/errors';
import { idempotencyKeys } from './ledger.tables';

/** A status code below 100 marks a key whose request is still running (two-phase form). */
const IN_PROGRESS = 0;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

/** Validates the Idempotency-Key header value (absent → undefined). */
export function idempotencyKeyFrom(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const v = Array.isArray(header) ? header[0] : header;
  if (!KEY_PATTERN.test(v)) throw badRequest('Invalid Idempotency-Key', [{ field: 'Idempotency-Key', message: 'Use 1–200 letters, digits, - _ . :' }]);
  return v;
}
/** What makes two requests "the same": method, route and body. */
export function fingerprint(method: string, url: string, body: unknown): string {
  return crypto.createHash('sha256').update(`${method} ${url.split('?')[0]} ${JSON.stringify(body ?? null)}`).digest('hex');
}

export interface Replayable<T> { statusCode: number; body: T }
class Replay extends Error {}

/**
 * Charge endpoints' Idempotency-Key. Without a key `run` simply runs.
 *
 * `single`: the charge is pure database work. The key row is inserted first in the charge's own
 * transaction and the answer stored before commit — the key exists iff the charge committed. A
 * concurrent request with the same key blocks on the key's unique index until the first commits,
 * then replays its answer; if the first failed (rolled back) it runs itself.
 *
 * `twoPhase`: the charge calls the gateway between two transactions. The key is claimed (in
 * progress) first, `run` does its work, and the answer is stored after. A request with the same key
 * meanwhile gets 409; after, the stored answer. If `run` throws, the claim is released so the
 * client can retry (pass the key on to the gateway too, so a retry never charges twice there).
 */
/** What Idempotency is built with (by the composition root, root.ts). */
export interface IdempotencyDeps {
  db: Db;
}

export class Idempotency {
  constructor(private deps: IdempotencyDeps) {}

  private async replayOrNull<T>(db: Db | Tx, userId: string, key: string, fp: string): Promise<Replayable<T> | null> {
    const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!row) return null;
    if (row.fingerprint !== fp) throw new HttpError(422, MESSAGES.idempotencyMismatch);
    if (row.statusCode === IN_PROGRESS) throw conflict(MESSAGES.idempotencyInProgress);
    return { statusCode: row.statusCode, body: row.response as T };
  }

  async single<T>(userId: string, key: string | undefined, fp: string, run: (tx: Tx) => Promise<Replayable<T>>): Promise<Replayable<T>> {
    if (!key) return this.deps.db.transaction(run);
    const seen = await this.replayOrNull<T>(this.deps.db, userId, key, fp);
    if (seen) return seen;
    try {
      return await this.deps.db.transaction(async (tx) => {
        const claimed = await tx.insert(idempotencyKeys).values({ userId, key, fingerprint: fp, statusCode: IN_PROGRESS, response: {} }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
        if (claimed.length === 0) throw new Replay();
        const result = await run(tx);
        await tx.update(idempotencyKeys).set({ statusCode: result.statusCode, response: result.body as object }).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        return result;
      });
    } catch (err) {
      if (!(err instanceof Replay)) throw err;
      const seen2 = await this.replayOrNull<T>(this.deps.db, userId, key, fp);
      if (!seen2) throw conflict(MESSAGES.idempotencyInProgress);
      return seen2;
    }
  }

  async twoPhase<T>(userId: string, key: string | undefined, fp: string, run: () => Promise<Replayable<T>>): Promise<Replayable<T>> {
    if (!key) return run();
    const seen = await this.replayOrNull<T>(this.deps.db, userId, key, fp);
    if (seen) return seen;
    const claimed = await this.deps.db.insert(idempotencyKeys).values({ userId, key, fingerprint: fp, statusCode: IN_PROGRESS, response: {} }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const seen2 = await this.replayOrNull<T>(this.deps.db, userId, key, fp);
      if (seen2) return seen2;
      throw conflict(MESSAGES.idempotencyInProgress);
    }
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    let result: Replayable<T>;
    try {
      result = await run();
    } catch (err) {
      await this.deps.db.delete(idempotencyKeys).where(where);
      throw err;
    }
    await this.deps.db.update(idempotencyKeys).set({ statusCode: result.statusCode, response: result.body as object }).where(where);
    return result;
  }
}
