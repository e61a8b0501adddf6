import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Db, Tx } from '../db/client';
import type { CommitHooks } from './commit-hooks';
import type { JobInfo, Queue } from './queue';
import { domainEventHandled, domainEvents, type DomainEventRow } from './events.tables';
import type { DomainEvent, DomainEventMap, EventType } from './event-types';

export type { DomainEvent, DomainEventMap, EventType };

/** One job per recorded event: queues the event's handler job. */
export const EVENT_DISPATCH_JOB = 'events.dispatch';
/**
 * One job per event: runs every handler of the event (each exactly once through its marker), retried
 * with backoff until every handler has succeeded. A job naming one handler (`handler`) runs that one
 * only (jobs queued before handlers were batched per event, and tests).
 */
export const EVENT_HANDLE_JOB = 'events.handle';
/** The bulk lane's handler jobs (rollups, fan lists, audiences' fan-out): see `EventLane`. */
export const EVENT_BULK_JOB = 'events.bulk';
/**
 * Which queue a handler's work waits in. `interactive`: someone is waiting on it now — a person's
 * notification and its e-mail, a message, a money follow-up (access granted, a receipt). `bulk`
 * (the default): bookkeeping nobody watches happen — statistics, fan lists, tracking, fan-out to
 * audiences. Each lane is its own queue with its own workers, so a burst of purchases' rollups or a
 * mass message's fan-out never stands in front of a tip's notification.
 */
export type EventLane = 'interactive' | 'bulk';
const LANE_JOB: Record<EventLane, string> = { interactive: EVENT_HANDLE_JOB, bulk: EVENT_BULK_JOB };
/** Handler jobs a worker fetches at once (each still succeeds or fails on its own). */
export const EVENT_BATCH_SIZE = 5;
/** The sweeper leaves events this young alone: their after-commit dispatch is still on its way. */
export const EVENT_SWEEP_GRACE_MS = 10_000;
/** How often a worker node sweeps for undispatched events. */
export const EVENT_SWEEP_EVERY_MS = Number(process.env.EVENT_SWEEP_MS ?? 30_000);

interface DispatchJob { eventId: string }
/** `lane`: the handlers of that lane (jobs queued before lanes existed have none: every handler). */
interface HandleJob { eventId: string; handler?: string; lane?: EventLane }

/** How a handler is run: in a transaction with its marker (exactly once), or as a side effect (at least once). */
interface HandlerDef {
  type: EventType;
  name: string;
  run: (row: DomainEventRow, tx: Tx | null) => Promise<void>;
  transactional: boolean;
  /** Its handler jobs are fetched before those of lower priority (default 0). */
  priority: number;
  lane: EventLane;
}

/**
 * A handler's options. `priority`: for a handler someone is waiting on right now (a message a new
 * fan watches their inbox for): its jobs are fetched before the queue's other handler jobs, so a
 * burst of events (1,000 subscriptions a minute, each with several handlers) does not put it behind
 * the notifications and rollups of every earlier event. Default 0.
 */
export interface HandlerOptions {
  priority?: number;
  /** The queue its work waits in (`EventLane`; default `bulk`). */
  lane?: EventLane;
}

/** `Events.with(options)`: registration with options preset (a module whose handlers share a lane). */
export interface HandlerRegistrar {
  on<K extends EventType>(type: K, name: string, fn: (event: DomainEvent<K>, tx: Tx) => Promise<void>, opts?: HandlerOptions): void;
  onSideEffect<K extends EventType>(type: K, name: string, fn: (event: DomainEvent<K>) => Promise<void>, opts?: HandlerOptions): void;
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
 *   when the change does. Once that transaction commits, the event's handler job
 *   is queued and the event marked dispatched (commit hook). If that fails, a dispatch job does the
 *   same later; a crash between the commit and the queueing leaves the event undispatched: the
 *   sweeper (every 30 s on worker nodes) queues its dispatch again.
 * - `on(type, name, fn)`: `fn(event, tx)` runs in a transaction together with its marker row
 *   (event id, handler name) — the event's transactional handlers share one (`handle`); a
 *   redelivered job finds the marker and does nothing, so the handler's database effect happens
 *   exactly once. `fn` must use `tx` only.
 * - `onSideEffect(type, name, fn)`: for effects outside the database (e-mail). The marker is
 *   checked before and written after `fn` succeeds: at least once — a crash between the effect and
 *   the marker repeats it.
 * - One handler job per event, retried with backoff while a handler of it fails; a failing handler
 *   never holds back the other handlers of the event (they run, and their markers skip them on the
 *   retry). The last failure is kept on the event row (`last_error`).
 */
export class Events {
  private handlers = new Map<EventType, HandlerDef[]>();
  /** The events recorded in each open transaction: dispatched together once it commits. */
  private recorded = new WeakMap<Tx, Array<{ id: string; type: EventType }>>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<unknown> | null = null;

  constructor(private deps: EventsDeps) {}

  /**
   * Records an event in `tx`; its dispatch is queued once `tx` commits — with the other events of
   * that transaction, in one insert of their handler jobs and one update. Returns the event id.
   */
  async record<K extends EventType>(tx: Tx, type: K, payload: DomainEventMap[K]): Promise<string> {
    const id = uuidv7();
    await tx.insert(domainEvents).values({ id, type, payload });
    const batch = this.recorded.get(tx);
    if (batch) {
      batch.push({ id, type });
      return id;
    }
    const events = [{ id, type }];
    if (this.deps.commits.afterCommit(tx, () => this.dispatchCommitted(events))) this.recorded.set(tx, events);
    else this.deps.log.warn({ eventId: id, type }, 'event recorded outside a hooked transaction: the sweeper will dispatch it');
    return id;
  }

  /** A handler whose effect is in the database: run in `tx` with its marker, exactly once. */
  on<K extends EventType>(type: K, name: string, fn: (event: DomainEvent<K>, tx: Tx) => Promise<void>, opts: HandlerOptions = {}): void {
    this.add({ type, name, transactional: true, priority: opts.priority ?? 0, lane: opts.lane ?? 'bulk', run: (row, tx) => fn(toEvent<K>(row), tx!) });
  }

  /** A handler with an effect outside the database (e-mail): at least once (see the class comment). */
  onSideEffect<K extends EventType>(type: K, name: string, fn: (event: DomainEvent<K>) => Promise<void>, opts: HandlerOptions = {}): void {
    this.add({ type, name, transactional: false, priority: opts.priority ?? 0, lane: opts.lane ?? 'bulk', run: (row) => fn(toEvent<K>(row)) });
  }

  /** `on` and `onSideEffect` with `preset` options (a handler's own options win). */
  with(preset: HandlerOptions): HandlerRegistrar {
    return {
      on: (type, name, fn, opts = {}) => this.on(type, name, fn, { ...preset, ...opts }),
      onSideEffect: (type, name, fn, opts = {}) => this.onSideEffect(type, name, fn, { ...preset, ...opts }),
    };
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
    // One queue per lane, each with its own workers (EVENT_WORKERS each).
    for (const name of Object.values(LANE_JOB)) {
      this.deps.queue.define<HandleJob>({
        name, retryLimit: 8, retryDelaySeconds: 5, expireInSeconds: 120, singletonPerKey: true,
        // A burst of events (checkouts, subscriptions) is fetched a few at a time: one fetch and one
        // completion per batch; the priority ones come first in it.
        batchSize: EVENT_BATCH_SIZE,
        // Each handler is its own transaction with its marker (exactly once): safe side by side.
        ...(this.deps.handlerWorkers ? { workers: this.deps.handlerWorkers } : {}),
        handler: (job, info) => this.handle(job, info),
      });
    }
  }

  /**
   * Right after the commit: the events' handler jobs are queued from here (one insert), so a
   * handler starts one job hop sooner than through a dispatch job, and the events are marked
   * dispatched (one update). If that fails, a dispatch job per event is queued to do it again
   * (handler jobs are singletons per event: a job already queued is not doubled). Never throws.
   */
  private async dispatchCommitted(events: Array<{ id: string; type: EventType }>): Promise<void> {
    try {
      await this.queueHandlers(events);
      await this.deps.db.update(domainEvents).set({ dispatchedAt: new Date(), attempts: sql`${domainEvents.attempts} + 1` }).where(inArray(domainEvents.id, events.map((e) => e.id)));
    } catch (err) {
      this.deps.log.warn({ err, eventIds: events.map((e) => e.id) }, 'event handlers not queued after the commit: queueing their dispatch');
      for (const e of events) await this.enqueue(e.id);
    }
  }

  /**
   * Each event's one handler job (none for a type without handlers), queued in one insert, fetched
   * with the highest priority of the event's handlers: an event someone waits on (a new fan's
   * welcome message) goes before the rollups of a burst of others.
   */
  private async queueHandlers(events: Array<{ id: string; type: EventType }>): Promise<void> {
    const jobs = events.flatMap((e) => {
      const list = this.handlers.get(e.type) ?? [];
      return (Object.keys(LANE_JOB) as EventLane[]).flatMap((lane) => {
        const ofLane = list.filter((h) => h.lane === lane);
        if (!ofLane.length) return [];
        const priority = Math.max(...ofLane.map((h) => h.priority));
        return [{ name: LANE_JOB[lane], data: { eventId: e.id, lane } satisfies HandleJob, singletonKey: e.id, ...(priority ? { priority } : {}) }];
      });
    });
    await this.deps.queue.sendJobs<HandleJob>(jobs);
  }

  /** Queues the dispatch of one event (after a failed direct dispatch, or from the sweeper). Never throws. */
  private async enqueue(eventId: string): Promise<void> {
    try {
      await this.deps.queue.send<DispatchJob>(EVENT_DISPATCH_JOB, { eventId }, { singletonKey: eventId });
    } catch (err) {
      this.deps.log.warn({ err, eventId }, 'event dispatch not queued: the sweeper will queue it');
    }
  }

  /** The dispatch job: the event's handler job, then the event is dispatched. */
  async dispatch(eventId: string): Promise<void> {
    const { db } = this.deps;
    const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, eventId));
    if (!row || row.dispatchedAt) return;
    try {
      await this.queueHandlers([{ id: eventId, type: row.type as EventType }]);
      await db.update(domainEvents).set({ dispatchedAt: new Date(), attempts: sql`${domainEvents.attempts} + 1` }).where(eq(domainEvents.id, eventId));
    } catch (err) {
      await db.update(domainEvents).set({ attempts: sql`${domainEvents.attempts} + 1`, lastError: `dispatch: ${message(err)}` }).where(eq(domainEvents.id, eventId)).catch(() => {});
      throw err;
    }
  }

  /**
   * The handler job of one event: every handler of its type in the job's lane (or the one the job
   * names), each at most one effect however often the job is delivered.
   *
   * The transactional handlers run in ONE transaction with all their markers (one insert claims
   * them; a redelivered job finds them claimed and runs none): one round of queries per event
   * instead of one per handler. If any of them fails, that transaction is rolled back and each runs
   * again in its own transaction, so one failing handler never holds back the others of the event;
   * the job then fails and is retried, and the handlers that succeeded are skipped by their markers.
   * Side-effect handlers (e-mail) run after, one at a time, at least once. Handlers run in order of
   * priority (the one someone waits on first), then of registration.
   */
  async handle(job: HandleJob, info?: Pick<JobInfo, 'isLastAttempt'>): Promise<void> {
    const { db, log } = this.deps;
    const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, job.eventId));
    if (!row) return;
    const all = this.handlers.get(row.type as EventType) ?? [];
    const defs = job.handler ? all.filter((h) => h.name === job.handler) : all.filter((h) => !job.lane || h.lane === job.lane).sort((a, b) => b.priority - a.priority);
    if (job.handler && !defs.length) {
      log.warn({ eventId: row.id, type: row.type, handler: job.handler }, 'no such event handler here: skipped');
      return;
    }
    const failures: Array<{ def: HandlerDef; err: unknown }> = [];
    const transactional = defs.filter((d) => d.transactional);
    if (transactional.length > 1) {
      const together = await this.runTogether(row, transactional).then(() => true, () => false);
      if (!together) for (const def of transactional) await this.runAlone(row, def).catch((err: unknown) => failures.push({ def, err }));
    } else if (transactional.length === 1) {
      await this.runAlone(row, transactional[0]!).catch((err: unknown) => failures.push({ def: transactional[0]!, err }));
    }
    for (const def of defs.filter((d) => !d.transactional)) await this.runAlone(row, def).catch((err: unknown) => failures.push({ def, err }));
    if (!failures.length) return;
    const last = failures.at(-1)!;
    await db.update(domainEvents).set({ lastError: `${last.def.name}: ${message(last.err)}` }).where(eq(domainEvents.id, row.id)).catch(() => {});
    if (info?.isLastAttempt) {
      for (const f of failures) log.error({ err: f.err, eventId: row.id, type: row.type, handler: f.def.name }, 'event handler failed for good');
    }
    throw failures.length === 1 ? last.err : new Error(`event ${row.id} (${row.type}): ${failures.map((f) => `${f.def.name}: ${message(f.err)}`).join('; ')}`);
  }

  /** Every transactional handler of the event in one transaction: claims their markers in one insert, runs the claimed ones. */
  private async runTogether(row: DomainEventRow, defs: HandlerDef[]): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(domainEventHandled)
        .values(defs.map((d) => ({ eventId: row.id, handler: d.name })))
        .onConflictDoNothing()
        .returning({ handler: domainEventHandled.handler });
      const names = new Set(claimed.map((c) => c.handler));
      for (const def of defs) if (names.has(def.name)) await def.run(row, tx);
    });
  }

  /** One handler on its own: transactional in its own transaction with its marker, or a side effect checked against its marker. */
  private async runAlone(row: DomainEventRow, def: HandlerDef): Promise<void> {
    const { db } = this.deps;
    const marker = { eventId: row.id, handler: def.name };
    if (def.transactional) {
      await db.transaction(async (tx) => {
        const claimed = await tx.insert(domainEventHandled).values(marker).onConflictDoNothing().returning({ eventId: domainEventHandled.eventId });
        if (claimed.length) await def.run(row, tx);
      });
      return;
    }
    const [done] = await db.select({ eventId: domainEventHandled.eventId }).from(domainEventHandled).where(and(eq(domainEventHandled.eventId, row.id), eq(domainEventHandled.handler, def.name)));
    if (done) return;
    await def.run(row, null);
    await db.insert(domainEventHandled).values(marker).onConflictDoNothing();
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
