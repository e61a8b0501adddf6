import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Db, Tx } from '../db/client';
import type { CommitHooks } from './commit-hooks';
import type { JobInfo, Queue } from './queue';
import { domainEventHandled, domainEvents, type DomainEventRow } from './events.tables';
import type { DomainEvent, DomainEventMap, EventType } from './event-types';

export type { DomainEvent, DomainEventMap, EventType };

/** One job per recorded event: queues one handler job per handler of its type. */
export const EVENT_DISPATCH_JOB = 'events.dispatch';
/** One job per (event, handler): runs that handler, retried with backoff on its own. */
export const EVENT_HANDLE_JOB = 'events.handle';
/** The sweeper leaves events this young alone: their after-commit dispatch is still on its way. */
export const EVENT_SWEEP_GRACE_MS = 10_000;
/** How often a worker node sweeps for undispatched events. */
export const EVENT_SWEEP_EVERY_MS = Number(process.env.EVENT_SWEEP_MS ?? 30_000);

interface DispatchJob { eventId: string }
interface HandleJob { eventId: string; handler: string }

/** How a handler is run: in a transaction with its marker (exactly once), or as a side effect (at least once). */
interface HandlerDef {
  type: EventType;
  name: string;
  run: (row: DomainEventRow, tx: Tx | null) => Promise<void>;
  transactional: boolean;
  /** Its handler jobs are fetched before those of lower priority (default 0). */
  priority: number;
}

/**
 * A handler's options. `priority`: for a handler someone is waiting on right now (a message a new
 * fan watches their inbox for): its jobs are fetched before the queue's other handler jobs, so a
 * burst of events (1,000 subscriptions a minute, each with several handlers) does not put it behind
 * the notifications and rollups of every earlier event. Default 0.
 */
export interface HandlerOptions {
  priority?: number;
}

/** What Events is built with (by the composition root, root.ts → buildPlatform). */
export interface EventsDeps {
  /** The database whose transactions have commit hooks (`commits.wrap(db)`). */
  db: Db;
  commits: CommitHooks;
  queue: Queue;
  log: FastifyBaseLogger;
  /** Concurrent handler jobs per process that works jobs (config EVENT_WORKERS; default: the queue's WORKERS). */
  handlerWorkers?: number;
}

/** A row back as the event its type says it is (the payload was written from the same map). */
function toEvent<K extends EventType>(row: DomainEventRow): DomainEvent<K> {
  return { id: row.id, type: row.type as K, payload: row.payload as DomainEventMap[K], occurredAt: row.occurredAt };
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/**
 * Domain events with a transactional outbox (apps/api/README.md, "Domain events").
 *
 * - `record(tx, type, payload)` inserts the event in the caller's transaction: it exists exactly
 *   when the change does. Once that transaction commits, one handler job per handler of the type
 *   is queued and the event marked dispatched (commit hook). If that fails, a dispatch job does the
 *   same later; a crash between the commit and the queueing leaves the event undispatched: the
 *   sweeper (every 30 s on worker nodes) queues its dispatch again.
 * - `on(type, name, fn)`: `fn(event, tx)` runs in its own transaction together with a marker row
 *   (event id, handler name); a redelivered job finds the marker and does nothing, so the
 *   handler's database effect happens exactly once. `fn` must use `tx` only.
 * - `onSideEffect(type, name, fn)`: for effects outside the database (e-mail). The marker is
 *   checked before and written after `fn` succeeds: at least once — a crash between the effect and
 *   the marker repeats it.
 * - Each handler job is retried with backoff on its own; a failing handler never holds back the
 *   other handlers of the event. The last failure is kept on the event row (`last_error`).
 */
export class Events {
  private handlers = new Map<EventType, HandlerDef[]>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<unknown> | null = null;

  constructor(private deps: EventsDeps) {}

  /** Records an event in `tx`; its dispatch is queued once `tx` commits. Returns the event id. */
  async record<K extends EventType>(tx: Tx, type: K, payload: DomainEventMap[K]): Promise<string> {
    const id = uuidv7();
    await tx.insert(domainEvents).values({ id, type, payload });
    if (!this.deps.commits.afterCommit(tx, () => this.dispatchCommitted(id, type))) {
      this.deps.log.warn({ eventId: id, type }, 'event recorded outside a hooked transaction: the sweeper will dispatch it');
    }
    return id;
  }

  /** A handler whose effect is in the database: run in `tx` with its marker, exactly once. */
  on<K extends EventType>(type: K, name: string, fn: (event: DomainEvent<K>, tx: Tx) => Promise<void>, opts: HandlerOptions = {}): void {
    this.add({ type, name, transactional: true, priority: opts.priority ?? 0, run: (row, tx) => fn(toEvent<K>(row), tx!) });
  }

  /** A handler with an effect outside the database (e-mail): at least once (see the class comment). */
  onSideEffect<K extends EventType>(type: K, name: string, fn: (event: DomainEvent<K>) => Promise<void>): void {
    this.add({ type, name, transactional: false, priority: 0, run: (row) => fn(toEvent<K>(row)) });
  }

  private add(def: HandlerDef): void {
    const list = this.handlers.get(def.type) ?? [];
    if (list.some((h) => h.name === def.name)) throw new Error(`Events: handler ${def.name} of ${def.type} registered twice`);
    list.push(def);
    this.handlers.set(def.type, list);
  }

  /** The queues (before the queue starts). */
  defineJobs(): void {
    this.deps.queue.define<DispatchJob>({
      name: EVENT_DISPATCH_JOB, retryLimit: 10, retryDelaySeconds: 2, expireInSeconds: 60, singletonPerKey: true,
      handler: (job) => this.dispatch(job.eventId),
    });
    this.deps.queue.define<HandleJob>({
      name: EVENT_HANDLE_JOB, retryLimit: 8, retryDelaySeconds: 5, expireInSeconds: 120, singletonPerKey: true,
      // Each handler is its own transaction with its marker (exactly once): safe side by side.
      ...(this.deps.handlerWorkers ? { workers: this.deps.handlerWorkers } : {}),
      handler: (job, info) => this.handle(job, info),
    });
  }

  /**
   * Right after the commit: the event's handler jobs are queued from here, so a handler starts one
   * job hop sooner than through a dispatch job. If that fails, a dispatch job is queued to do it
   * again (handler jobs are singletons per event and handler: a job already queued is not doubled).
   * Never throws.
   */
  private async dispatchCommitted(eventId: string, type: EventType): Promise<void> {
    try {
      await this.queueHandlers(eventId, type);
      await this.deps.db.update(domainEvents).set({ dispatchedAt: new Date(), attempts: sql`${domainEvents.attempts} + 1` }).where(eq(domainEvents.id, eventId));
    } catch (err) {
      this.deps.log.warn({ err, eventId }, 'event handlers not queued after the commit: queueing its dispatch');
      await this.enqueue(eventId);
    }
  }

  /** One handler job per handler of the type, queued together. */
  private async queueHandlers(eventId: string, type: EventType): Promise<void> {
    await Promise.all(
      (this.handlers.get(type) ?? []).map((h) =>
        this.deps.queue.send<HandleJob>(EVENT_HANDLE_JOB, { eventId, handler: h.name }, { singletonKey: `${eventId}:${h.name}`, ...(h.priority ? { priority: h.priority } : {}) }),
      ),
    );
  }

  /** Queues the dispatch of one event (after a failed direct dispatch, or from the sweeper). Never throws. */
  private async enqueue(eventId: string): Promise<void> {
    try {
      await this.deps.queue.send<DispatchJob>(EVENT_DISPATCH_JOB, { eventId }, { singletonKey: eventId });
    } catch (err) {
      this.deps.log.warn({ err, eventId }, 'event dispatch not queued: the sweeper will queue it');
    }
  }

  /** The dispatch job: one handler job per handler of the event's type, then the event is dispatched. */
  async dispatch(eventId: string): Promise<void> {
    const { db } = this.deps;
    const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
    if (!row || row.dispatchedAt) return;
    try {
      await this.queueHandlers(eventId, row.type as EventType);
      await db.update(domainEvents).set({ dispatchedAt: new Date(), attempts: sql`${domainEvents.attempts} + 1` }).where(eq(domainEvents.id, eventId));
    } catch (err) {
      await db.update(domainEvents).set({ attempts: sql`${domainEvents.attempts} + 1`, lastError: `dispatch: ${message(err)}` }).where(eq(domainEvents.id, eventId)).catch(() => {});
      throw err;
    }
  }

  /** The handler job: one handler for one event, at most one effect however often it is delivered. */
  async handle(job: HandleJob, info?: Pick<JobInfo, 'isLastAttempt'>): Promise<void> {
    const { db, log } = this.deps;
    const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, job.eventId));
    if (!row) return;
    const def = this.handlers.get(row.type as EventType)?.find((h) => h.name === job.handler);
    if (!def) {
      log.warn({ eventId: row.id, type: row.type, handler: job.handler }, 'no such event handler here: skipped');
      return;
    }
    const marker = { eventId: row.id, handler: def.name };
    try {
      if (def.transactional) {
        await db.transaction(async (tx) => {
          const claimed = await tx.insert(domainEventHandled).values(marker).onConflictDoNothing().returning({ eventId: domainEventHandled.eventId });
          if (claimed.length) await def.run(row, tx);
        });
      } else {
        const [done] = await db.select({ eventId: domainEventHandled.eventId }).from(domainEventHandled).where(and(eq(domainEventHandled.eventId, row.id), eq(domainEventHandled.handler, def.name)));
        if (done) return;
        await def.run(row, null);
        await db.insert(domainEventHandled).values(marker).onConflictDoNothing();
      }
    } catch (err) {
      await db.update(domainEvents).set({ lastError: `${def.name}: ${message(err)}` }).where(eq(domainEvents.id, row.id)).catch(() => {});
      if (info?.isLastAttempt) log.error({ err, eventId: row.id, type: row.type, handler: def.name }, 'event handler failed for good');
      throw err;
    }
  }

  /**
   * Queues the dispatch of events committed but never dispatched (the process died between the
   * commit and the queueing, or the queue was unreachable). Returns how many.
   */
  async sweep({ olderThanMs = EVENT_SWEEP_GRACE_MS, limit = 500 } = {}): Promise<number> {
    const rows = await this.deps.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(isNull(domainEvents.dispatchedAt), lt(domainEvents.occurredAt, new Date(Date.now() - olderThanMs))))
      .orderBy(asc(domainEvents.occurredAt))
      .limit(limit);
    for (const r of rows) await this.enqueue(r.id);
    return rows.length;
  }

  /** On nodes that work jobs: sweep at start and every EVENT_SWEEP_EVERY_MS. */
  startSweeping(): void {
    if (this.deps.queue.workers === 0 || this.sweepTimer) return;
    const tick = () => {
      if (this.sweeping) return;
      this.sweeping = this.sweep()
        .catch((err) => this.deps.log.warn({ err }, 'event sweep failed'))
        .finally(() => { this.sweeping = null; });
    };
    tick();
    this.sweepTimer = setInterval(tick, EVENT_SWEEP_EVERY_MS).unref();
  }

  async stopSweeping(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await this.sweeping;
  }
}
