import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

/** How a job of one queue is retried and how long one attempt may run. */
export interface JobDefinition<T extends object> {
  name: string;
  /** Attempts after the first (pg-boss retryLimit). */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) for each next one. */
  retryDelaySeconds: number;
  /** One attempt may run this long, then it counts as failed (and is retried); a send may set its own. */
  expireInSeconds: number;
  /**
   * At most one waiting and one running job per `singletonKey` (pg-boss "stately" policy): a
   * second send while one waits is dropped. Every send must then carry a singletonKey.
   */
  singletonPerKey?: boolean;
  /** Concurrent handlers of this queue in a process that works jobs (default: the queue's `workers`). */
  workers?: number;
  handler: (data: T, job: JobInfo) => Promise<void>;
  /**
   * Called (on a worker) with the data of a job that failed for good — including failures the
   * handler never saw: an attempt that timed out, or a worker that died mid-job.
   */
  onDead?: (data: T) => Promise<void>;
}
export interface JobInfo {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** No retry follows if this attempt fails. */
  isLastAttempt: boolean;
  /** This attempt counts as failed after this long: stop work before. */
  expireInSeconds: number;
  /** Aborted when this process shuts down and the attempt did not finish in the grace time. */
  signal: AbortSignal;
}

export interface QueueOptions {
  /** Concurrent handlers per queue in this process; 0 = this process only enqueues. */
  workers: number;
  log: FastifyBaseLogger;
  /** Seconds between polls for new jobs when idle (a job sent by this process wakes its workers at once). */
  pollingIntervalSeconds?: number;
  /** On stop, running jobs get this long to finish; then they are failed (and retried later). */
  stopTimeoutMs?: number;
}

const SCHEMA = 'pgboss';
/** A result row as pg-boss's adapter hands it over (pg-boss reads the columns it selected). */
type Row = Record<string, unknown>;
const DEAD_SUFFIX = '__dead';

/**
 * Background jobs on pg-boss 10, in the same database as everything else: PostgreSQL through our
 * pool, or PGlite through a small adapter (pg-boss only needs `executeSql`). Jobs are rows, so a
 * restart loses nothing: whatever was queued is picked up by the next worker that starts.
 *
 * Modules `define()` their queues before `start()`. With `workers: 0` (an API node with WORKERS=0)
 * the queue only enqueues; `npm run worker` runs the handlers alone.
 */
export class Queue {
  private boss: PgBoss;
  private adapter: SqlAdapter;
  private defs = new Map<string, JobDefinition<object>>();
  /** This process' pg-boss worker ids by queue name (a dead-letter queue under its own name). */
  private workerIds = new Map<string, string[]>();
  private running = 0;
  /** Queues held by `pause` in this process. */
  private readonly paused = new Set<string>();
  private started = false;
  private stopping = false;
  private shutdown = new AbortController();

  constructor(database: Database, private opts: QueueOptions) {
    this.adapter = new SqlAdapter(database);
    const runsWorkers = opts.workers > 0;
    this.boss = new PgBoss({
      db: this.adapter,
      schema: SCHEMA,
      // Maintenance (expiring stuck jobs, archiving) and cron only where jobs are worked.
      supervise: runsWorkers,
      schedule: runsWorkers,
      migrate: true,
      maintenanceIntervalSeconds: 120,
    });
    this.boss.on('error', (err: Error) => {
      if (this.stopping) return;
      opts.log.error({ err }, 'job queue error');
    });
    if (!runsWorkers && database.kind === 'pglite') {
      opts.log.warn('WORKERS=0 on the embedded database: no other process can work its jobs, so queued work waits until WORKERS > 0');
    }
  }

  get workers(): number {
    return this.opts.workers;
  }

  define<T extends object>(def: JobDefinition<T>): void {
    if (this.started) throw new Error(`Queue: define ${def.name} before start()`);
    this.defs.set(def.name, def as unknown as JobDefinition<object>);
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const def of this.defs.values()) {
      const dead = def.name + DEAD_SUFFIX;
      await this.boss.createQueue(dead, { name: dead, retryLimit: 0 });
      const options = {
        name: def.name,
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: def.expireInSeconds,
        deadLetter: dead,
        policy: def.singletonPerKey ? ('stately' as const) : ('standard' as const),
      };
      // createQueue does nothing when the queue exists; updateQueue brings changed policies to it.
      await this.boss.createQueue(def.name, options);
      await this.boss.updateQueue(def.name, options);
    }
    this.started = true;
    if (this.opts.workers > 0) {
      for (const def of this.defs.values()) await this.startWorkers(def);
    }
  }

  /**
   * Holds one queue's workers in this process: its jobs stay queued (nothing is lost) until
   * `resume`. For maintenance and for tests that need a job to wait for a step of theirs
   * (a post made while its upload is still processing). A job already running finishes.
   */
  async pause(name: string): Promise<void> {
    if (!this.defs.has(name)) throw new Error(`Queue: unknown job ${name}`);
    if (!this.started) throw new Error('Queue: not started');
    if (this.paused.has(name)) return;
    this.paused.add(name);
    this.workerIds.delete(name);
    if (this.opts.workers > 0) await this.boss.offWork(name);
  }

  /** Lets a paused queue's workers run again (the dead-letter workers never stopped). */
  async resume(name: string): Promise<void> {
    if (!this.paused.delete(name)) return;
    if (this.opts.workers > 0) await this.startWorkers(this.defs.get(name)!, { dead: false });
  }

  private async startWorkers(def: JobDefinition<object>, { dead = true } = {}): Promise<void> {
    const pollingIntervalSeconds = this.opts.pollingIntervalSeconds ?? 2;
    for (let i = 0; i < (def.workers ?? this.opts.workers); i++) {
      // pg-boss waits a whole polling interval after each job, even with more queued: a worker that
      // just finished one asks for the next at once (an event's handler jobs, queued together,
      // used to start 2 s apart). An empty fetch then waits the interval as usual.
      let self: string | null = null;
      self = await this.boss.work<object>(def.name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
        if (!job) return;
        this.running++;
        try {
          await def.handler(job.data, {
            id: job.id,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            isLastAttempt: job.retryCount >= job.retryLimit,
            expireInSeconds: Number(job.expireInSeconds) || def.expireInSeconds,
            signal: this.shutdown.signal,
          });
        } catch (err) {
          if (!this.shutdown.signal.aborted) this.opts.log.warn({ err, queue: def.name, jobId: job.id, attempt: job.retryCount + 1 }, 'job attempt failed');
          throw err;
        } finally {
          this.running--;
          if (self) this.boss.notifyWorker(self);
        }
      });
      this.workersOf(def.name).push(self);
      if (def.onDead && dead) {
        const onDead = def.onDead;
        this.workersOf(def.name + DEAD_SUFFIX).push(
          await this.boss.work<object>(def.name + DEAD_SUFFIX, { batchSize: 1, pollingIntervalSeconds: Math.max(pollingIntervalSeconds, 5) }, async ([job]) => {
            if (!job) return;
            this.running++;
            try {
              await onDead(job.data);
            } finally {
              this.running--;
            }
          }),
        );
      }
    }
  }

  /** Enqueues a job; the row is committed when this resolves. */
  async send<T extends object>(
    name: string,
    data: T,
    /** `priority`: fetched before the queue's jobs of lower priority (default 0). */
    opts: { startAfterSeconds?: number; singletonKey?: string; expireInSeconds?: number; priority?: number } = {},
  ): Promise<string | null> {
    const def = this.defs.get(name);
    if (!def) throw new Error(`Queue: unknown job ${name}`);
    if (def.singletonPerKey && !opts.singletonKey) throw new Error(`Queue: jobs of ${name} need a singletonKey`);
    if (!this.started) throw new Error('Queue: not started');
    const id = await this.boss.send(name, data, {
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.expireInSeconds ? { expireInSeconds: Math.ceil(opts.expireInSeconds) } : {}),
      ...(opts.priority ? { priority: opts.priority } : {}),
    });
    this.wake(name);
    return id;
  }

  /**
   * A job sent by pg-boss' scheduler on `cron` (UTC), once per tick across all nodes (pg-boss keeps
   * the schedule in the database; setting it again replaces it). Only where jobs are worked (the
   * scheduler runs there); after `start()`.
   */
  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    if (!this.defs.has(name)) throw new Error(`Queue: unknown job ${name}`);
    if (!this.started) throw new Error('Queue: not started');
    await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  private workersOf(name: string): string[] {
    let ids = this.workerIds.get(name);
    if (!ids) this.workerIds.set(name, (ids = []));
    return ids;
  }

  /**
   * Wakes this process' idle workers of one queue (all queues without a name) so a new job starts
   * now rather than at the next poll. Only that queue's: each woken worker runs a fetch query, and
   * waking every queue's workers for every job sent made a checkout cost ~80 fetches (bench/checkout).
   */
  private wake(name?: string): void {
    const ids = name === undefined ? [...this.workerIds.values()].flat() : (this.workerIds.get(name) ?? []);
    for (const id of ids) this.boss.notifyWorker(id);
  }

  /** Jobs of our queues not yet finished (created, waiting for a retry, or running). */
  async pending(): Promise<number> {
    const names = [...this.defs.keys()].flatMap((n) => [n, n + DEAD_SUFFIX]);
    const { rows } = await this.adapter.executeSql(
      `SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active')`,
      [names],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Waits until every job of our queues has finished (tests, scripts). Needs workers in this
   * process. `skipRetryDelays` makes waiting retries due at once instead of after their backoff.
   */
  async drain({ timeoutMs = 60_000, skipRetryDelays = true } = {}): Promise<void> {
    if (this.opts.workers === 0) throw new Error('Queue.drain needs workers in this process (WORKERS > 0)');
    const deadline = Date.now() + timeoutMs;
    const names = [...this.defs.keys()].flatMap((n) => [n, n + DEAD_SUFFIX]);
    let idleChecks = 0;
    let lastWake = 0;
    for (;;) {
      if (skipRetryDelays) {
        await this.adapter.executeSql(
          `UPDATE ${SCHEMA}.job SET start_after = now() WHERE name = ANY($1::text[]) AND state = 'retry' AND start_after > now()`,
          [names],
        );
      }
      const busy = this.running > 0 || (await this.pending()) > 0;
      // Idle twice in a row: nothing was between a handler's end and pg-boss recording it.
      idleChecks = busy ? 0 : idleChecks + 1;
      if (idleChecks >= 2) return;
      if (Date.now() > deadline) throw new Error(`Queue.drain: jobs still pending after ${timeoutMs} ms`);
      if (busy && Date.now() - lastWake > 250) {
        this.wake();
        lastWake = Date.now();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops fetching, lets running jobs finish (up to `timeoutMs`, then they are failed and retried later). */
  async stop({ timeoutMs = this.opts.stopTimeoutMs ?? 8_000 } = {}): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.started) {
      await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    }
    // Whatever still runs was failed by pg-boss (it will be retried): stop it, and give it a moment
    // to end so its completion reaches the database before the adapter closes.
    this.shutdown.abort();
    const deadline = Date.now() + 2_000;
    while (this.running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setImmediate(r));
    await this.adapter.close();
  }
}

/**
 * What a closed adapter answers: no rows, except pg-boss' complete/fail commands, which it fires
 * without awaiting and whose answer it reads as `rows[0].count` (a handler that outlived `stop`
 * must not turn into an unhandled rejection). Nothing was written; the job stays active, expires
 * and is retried.
 */
const CLOSED_ANSWER = (text: string): { rows: Row[] } => (/SELECT COUNT\(\*\) FROM results\s*$/i.test(text) ? { rows: [{ count: 0 }] } : { rows: [] });

/**
 * pg-boss' `db` interface over either driver. PGlite: parameterless SQL through `exec` (pg-boss
 * sends multi-statement scripts such as its schema), parameterised SQL through `query`.
 * PostgreSQL: our pool. After `close()` it waits for queries in flight and answers no rows, so a
 * poll that races shutdown does not touch a closed database.
 */
class SqlAdapter {
  inFlight = 0;
  private closed = false;
  private idle: Array<() => void> = [];

  constructor(private database: Database) {}

  async executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }> {
    if (this.closed) return CLOSED_ANSWER(text);
    this.inFlight++;
    try {
      if (this.database.kind === 'postgres') {
        const res = await this.database.pool!.query(text, values as unknown[] | undefined);
        // A multi-statement script answers an array of results; pg-boss reads the last one.
        return Array.isArray(res) ? { rows: (res.at(-1) as { rows?: Row[] } | undefined)?.rows ?? [] } : res;
      }
      const pglite = this.database.pglite!;
      if (!values || values.length === 0) {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const res = await pglite.query<Row>(text, values);
      return { rows: res.rows };
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) for (const done of this.idle.splice(0)) done();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.inFlight > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }
}
