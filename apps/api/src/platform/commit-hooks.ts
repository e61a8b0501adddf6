import type { Db, Tx } from '../db/client';

type Hook = () => Promise<void>;

/**
 * "After this transaction commits, do X" — for work that must not happen if the transaction rolls
 * back and must not hold it open (queueing the dispatch job of a domain event, platform/events.ts).
 *
 * `wrap(db)` answers the same database with one difference: each top-level `db.transaction(fn)`
 * remembers its transaction object, and once it has committed runs what was registered on it with
 * `afterCommit(tx, hook)`, in order. A rollback drops the hooks. Hooks are awaited before
 * `db.transaction` resolves (so a request answers after its events were queued); a failing hook is
 * the hook's own business (it must catch) and never turns a committed transaction into an error.
 * The platform's `db` (root.ts) is the wrapped one, so every service's transactions have hooks.
 */
export class CommitHooks {
  private pending = new WeakMap<Tx, Hook[]>();

  wrap(db: Db): Db {
    const pending = this.pending;
    return new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
        return async <T>(fn: (tx: Tx) => Promise<T>, config?: Parameters<Db['transaction']>[1]): Promise<T> => {
          const hooks: Hook[] = [];
          const result = await target.transaction(async (tx) => {
            pending.set(tx, hooks);
            return fn(tx);
          }, config);
          for (const hook of hooks) await hook();
          return result;
        };
      },
    });
  }

  /**
   * Runs `hook` after `tx` commits (never when it rolls back). False when `tx` is not a top-level
   * transaction of a wrapped database (a savepoint, or a raw connection): nothing was registered.
   */
  afterCommit(tx: Tx, hook: Hook): boolean {
    const hooks = this.pending.get(tx);
    if (!hooks) return false;
    hooks.push(hook);
    return true;
  }
}
