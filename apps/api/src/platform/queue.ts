import pg from 'pg';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { addSource, cachedFor, metrics } from './metrics';
import { inSpan, takeTraceContext, withTraceContext } from './tracing';

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
  /**
   * Jobs a worker fetches at once (default 1), in order of priority, and runs one after the other;
   * each succeeds or fails (and is retried) on its own. One fetch and one completion query per
   * batch instead of per job: for queues of many short jobs (domain events' handler jobs).
   */
  batchSize?: number;
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
/**
 * PostgreSQL NOTIFY channel on which a node that only enqueues (WORKERS=0: an API node beside
 * `npm run worker`) names the queues it just sent jobs to; processes that work jobs LISTEN and
 * wake those queues' workers at once instead of at their next poll (2 s): a tip's notification
 * then starts on the worker within milliseconds of the API node's commit.
 */
export const JOBS_CHANNEL = 'stagepass_jobs';
/** A result row as pg-boss's adapter hands it over (pg-boss reads the columns it selected). */
type Row = Record<string, unknown>;
const DEAD_SUFFIX = '__dead';
/** How long a failed job stays in the job table (retryable) before pg-boss archives it. */
export const FAILED_KEPT_SECONDS = 7 * 86_400;

/** One queue's counts (the console's System section). */
export interface QueueCounts {
  name: string;
  /** created + retry */
  backlog: number;
  retrying: number;
  oldestQueuedAt: Date | null;
  active: number;
  failed: number;
}
/** A job as the console lists it: its raw data (the caller summarises it; it may hold anything). */
export interface JobRecord {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  data: unknown;
  /** The error message of a failed job (pg-boss' `output`). */
  error: string | null;
  /** Attempts made: the first one and the retries. */
  attempts: number;
  createdAt: Date;
  /** When it failed for good (or completed). */
  completedAt: Date | null;
}
const toDate = (v: unknown): Date | null => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
function errorOf(output: unknown): string | null {
  if (output == null) return null;
  const o = (typeof output === 'string' ? JSON.parse(output) : output) as Record<string, unknown>;
  const v = (o.value ?? o) as Record<string, unknown> | string;
  if (typeof v === 'string') return v;
  if (typeof v?.message === 'string') return v.message;
  return JSON.stringify(v).slice(0, 500);
}
function jobOf(r: Row): JobRecord {
  const state = String(r.state) as JobRecord['state'];
  const retries = Number(r.retry_count ?? 0);
  return {
    id: String(r.id),
    name: String(r.name),
    state,
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as unknown) : r.data,
    error: state === 'failed' ? (errorOf(r.output) ?? 'Failed') : null,
    // pg-boss counts a failed attempt into retry_count only when a retry follows.
    attempts: state === 'failed' ? retries + 1 : Math.max(retries, state === 'created' ? 0 : 1),
    createdAt: toDate(r.created_on)!,
    completedAt: toDate(r.completed_on),
  };
}
const JOB_COLUMNS = 'id, name, state, data, output, retry_count, created_on, completed_on';

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
  /** The LISTEN connection of a process that works jobs on PostgreSQL (JOBS_CHANNEL). */
  private listener: pg.Client | null = null;
  private listenRetry: NodeJS.Timeout | null = null;
  /** The NOTIFY connection of a node that only enqueues (opened on its first send). */
  private notifier: Promise<pg.Client> | null = null;
  /** Removes this queue's metrics sources (on stop). */
  private untrack: Array<() => void> = [];

  constructor(private database: Database, private opts: QueueOptions) {
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
      // Failed jobs stay retryable from the console's System section for a week (default: 12 h).
      archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
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
    // Queue depth and age on scrape, one query per 5 s at most (platform/metrics.ts).
    const stats = cachedFor(5_000, () => this.stats());
    this.untrack.push(
      addSource('queueDepth', async () => (await stats()).map((q) => ({ labels: { queue: q.queue }, value: q.depth }))),
      addSource('queueAge', async () => (await stats()).map((q) => ({ labels: { queue: q.queue }, value: q.oldestSeconds }))),
    );
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
      await this.listen();
    }
  }

  /**
   * Workers of this process wake when another process enqueues (JOBS_CHANNEL). A lost connection
   * is reopened after a second; meanwhile polling still finds every job, a poll interval later.
   */
  private async listen(): Promise<void> {
    const pool = this.database.pool;
    if (!pool || this.stopping) return;
    const client = new pg.Client(pool.options);
    const again = (err?: Error) => {
      if (this.stopping || this.listener !== client) return;
      this.listener = null;
      if (err) this.opts.log.warn({ err }, 'job wake-up connection lost: polling until it is back');
      client.end().catch(() => {});
      this.listenRetry = setTimeout(() => void this.listen(), 1000);
      this.listenRetry.unref();
    };
    client.on('error', again);
    client.on('end', () => again());
    client.on('notification', (n) => {
      for (const name of (n.payload ?? '').split(',')) if (this.defs.has(name)) this.wake(name);
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch (err) {
      again(err as Error);
    }
  }

  /**
   * A node that only enqueues names the queues it sent to (JOBS_CHANNEL), on a connection of its
   * own: under a burst the pool's queue of waiting queries is long, and a wake-up behind it would
   * come seconds late. Never throws (polling covers a lost one); a broken connection is replaced
   * on the next send.
   */
  private async notifyOthers(names: string[]): Promise<void> {
    const pool = this.database.pool;
    if (!pool || this.opts.workers > 0 || this.stopping) return;
    try {
      this.notifier ??= (async () => {
        const client = new pg.Client(pool.options);
        const drop = () => {
          if (this.notifier === connecting) this.notifier = null;
          client.end().catch(() => {});
        };
        client.on('error', drop);
        client.on('end', drop);
        await client.connect();
        return client;
      })();
      const connecting = this.notifier;
      const client = await connecting.catch((err: unknown) => {
        if (this.notifier === connecting) this.notifier = null;
        throw err;
      });
      await client.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, names.join(',')]);
    } catch (err) {
      this.opts.log.warn({ err }, 'job wake-up not sent: the workers find the jobs at their next poll');
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
      const batchSize = def.batchSize ?? 1;
      self = await this.boss.work<object>(def.name, { includeMetadata: true, batchSize, pollingIntervalSeconds }, async (jobs) => {
        if (!jobs.length) return;
        this.running++;
        try {
          for (const job of jobs) {
            // The trace the job was sent from continues here (platform/tracing.ts); its run time and
            // outcome go to the metrics (platform/metrics.ts).
            const { data, carrier } = takeTraceContext(job.data);
            const started = process.hrtime.bigint();
            const ran = (outcome: 'completed' | 'failed') => metrics.jobRunDuration.observe({ queue: def.name, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
            try {
              await inSpan(`job ${def.name}`, { kind: 'consumer', parent: carrier ?? undefined, attrs: { 'messaging.system': 'pg-boss', 'messaging.destination.name': def.name, 'messaging.message.id': job.id, 'stagepass.job.attempt': job.retryCount + 1 } }, () =>
                def.handler(data, {
                  id: job.id,
                  retryCount: job.retryCount,
                  retryLimit: job.retryLimit,
                  isLastAttempt: job.retryCount >= job.retryLimit,
                  expireInSeconds: Number(job.expireInSeconds) || def.expireInSeconds,
                  signal: this.shutdown.signal,
                }),
              );
              ran('completed');
            } catch (err) {
              ran('failed');
              metrics.jobFailures.inc({ queue: def.name });
              if (!this.shutdown.signal.aborted) this.opts.log.warn({ err, queue: def.name, jobId: job.id, attempt: job.retryCount + 1, ...(carrier?.requestId ? { requestId: carrier.requestId } : {}) }, 'job attempt failed');
              // A job of one: pg-boss fails it. In a batch, this one fails (and is retried) on its
              // own; pg-boss then completes only the batch's jobs still active.
              if (jobs.length === 1) throw err;
              await this.boss.fail(def.name, job.id, { message: err instanceof Error ? err.message : String(err) });
            }
          }
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
    // With tracing on, the job carries the sender's trace context (the worker continues it).
    const id = await inSpan(`send ${name}`, { kind: 'producer', attrs: { 'messaging.system': 'pg-boss', 'messaging.destination.name': name } }, () =>
      this.boss.send(name, withTraceContext(data), {
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.expireInSeconds ? { expireInSeconds: Math.ceil(opts.expireInSeconds) } : {}),
        ...(opts.priority ? { priority: opts.priority } : {}),
      }),
    );
    this.wake(name);
    void this.notifyOthers([name]);
    return id;
  }

  /**
   * Enqueues several jobs of one queue in ONE insert (the rows are committed when this resolves);
   * a job whose singletonKey is already waiting is dropped, as with `send`.
   */
  async sendMany<T extends object>(name: string, jobs: Array<{ data: T; singletonKey?: string; priority?: number }>): Promise<void> {
    await this.sendJobs(jobs.map((j) => ({ ...j, name })));
  }

  /** `sendMany` for jobs of several queues: still ONE insert; each queue's workers are woken. */
  async sendJobs<T extends object>(jobs: Array<{ name: string; data: T; singletonKey?: string; priority?: number }>): Promise<void> {
    for (const j of jobs) {
      const def = this.defs.get(j.name);
      if (!def) throw new Error(`Queue: unknown job ${j.name}`);
      if (def.singletonPerKey && !j.singletonKey) throw new Error(`Queue: jobs of ${j.name} need a singletonKey`);
    }
    if (!this.started) throw new Error('Queue: not started');
    if (!jobs.length) return;
    const names = [...new Set(jobs.map((j) => j.name))];
    await inSpan(`send ${names.join(',')}`, { kind: 'producer', attrs: { 'messaging.system': 'pg-boss', 'messaging.destination.name': names.join(','), 'messaging.batch.message_count': jobs.length } }, () =>
      this.boss.insert(
        jobs.map((j) => ({ name: j.name, data: withTraceContext(j.data), ...(j.singletonKey ? { singletonKey: j.singletonKey } : {}), ...(j.priority ? { priority: j.priority } : {}) })),
      ),
    );
    for (const name of names) this.wake(name);
    void this.notifyOthers(names);
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

  /**
   * Per queue of ours (dead-letter queues included): jobs waiting (created or waiting for a retry)
   * and the age in seconds of the oldest one that is due — since it could start — and has not
   * started. One grouped query over pg-boss's job table (all nodes' jobs).
   */
  async stats(): Promise<Array<{ queue: string; depth: number; oldestSeconds: number }>> {
    const names = [...this.defs.keys()].flatMap((n) => [n, n + DEAD_SUFFIX]);
    const { rows } = await this.adapter.executeSql(
      `SELECT name, count(*)::int AS depth,
              coalesce(extract(epoch FROM now() - min(start_after) FILTER (WHERE start_after <= now())), 0)::float8 AS oldest
         FROM ${SCHEMA}.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry') GROUP BY name`,
      [names],
    );
    const found = new Map(rows.map((r) => [String(r.name), { depth: Number(r.depth), oldestSeconds: Math.max(0, Number(r.oldest)) }]));
    return names.map((queue) => ({ queue, ...(found.get(queue) ?? { depth: 0, oldestSeconds: 0 }) }));
  }

  /** Jobs of our queues not yet finished (created, waiting for a retry, or running). */
  async pending(): Promise<number> {
    const names = this.workedNames();
    const { rows } = await this.adapter.executeSql(
      `SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active')`,
      [names],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * The queues whose jobs get worked: ours, and the dead-letter queues of those with an `onDead`
   * (a failed job of a queue without one leaves a copy in its dead-letter queue that nothing
   * works; it is not pending work).
   */
  private workedNames(): string[] {
    return [...this.defs.values()].flatMap((d) => [d.name, ...(d.onDead ? [d.name + DEAD_SUFFIX] : [])]);
  }

  /** Names of this process' queues and their dead-letter queues. */
  private allNames(): string[] {
    return [...this.defs.keys()].flatMap((n) => [n, n + DEAD_SUFFIX]);
  }

  /**
   * Counts per queue defined here (README "System console": backlog, oldest waiting job, active,
   * failed). One grouped query on pg-boss' job table (its state index). A dead-letter queue is
   * listed only when it is worked (`onDead`) and holds jobs.
   */
  async counts(): Promise<QueueCounts[]> {
    const { rows } = await this.adapter.executeSql(
      `SELECT name,
         count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS backlog,
         count(*) FILTER (WHERE state = 'retry')::int AS retrying,
         min(created_on) FILTER (WHERE state IN ('created', 'retry')) AS oldest,
         count(*) FILTER (WHERE state = 'active')::int AS active,
         count(*) FILTER (WHERE state = 'failed')::int AS failed
       FROM ${SCHEMA}.job WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active', 'failed') GROUP BY name`,
      [this.allNames()],
    );
    const by = new Map(rows.map((r) => [String(r.name), r]));
    const names = [...this.defs.values()].sort((a, b) => a.name.localeCompare(b.name)).flatMap((d) => [d.name, ...(d.onDead && by.has(d.name + DEAD_SUFFIX) ? [d.name + DEAD_SUFFIX] : [])]);
    return names.map((name) => {
      const r = by.get(name);
      return {
        name,
        backlog: Number(r?.backlog ?? 0),
        retrying: Number(r?.retrying ?? 0),
        oldestQueuedAt: toDate(r?.oldest),
        active: Number(r?.active ?? 0),
        failed: Number(r?.failed ?? 0),
      };
    });
  }

  /** Jobs that failed for good, newest first, of one queue or all of ours (not yet archived). */
  async failedJobs(opts: { name?: string; offset: number; limit: number }): Promise<{ data: JobRecord[]; total: number }> {
    const names = opts.name ? [opts.name].filter((n) => this.allNames().includes(n)) : this.allNames();
    const [list, count] = await Promise.all([
      this.adapter.executeSql(
        `SELECT ${JOB_COLUMNS} FROM ${SCHEMA}.job WHERE name = ANY($1::text[]) AND state = 'failed' ORDER BY completed_on DESC NULLS LAST, id DESC OFFSET $2 LIMIT $3`,
        [names, opts.offset, opts.limit],
      ),
      this.adapter.executeSql(`SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE name = ANY($1::text[]) AND state = 'failed'`, [names]),
    ]);
    return { data: list.rows.map(jobOf), total: Number(count.rows[0]?.n ?? 0) };
  }

  /** The latest jobs of one queue in the given states, newest first (a module's own runs, e.g. backups). */
  async recentJobs(name: string, states: Array<JobRecord['state']>, limit: number): Promise<JobRecord[]> {
    if (!this.defs.has(name)) throw new Error(`Queue: unknown job ${name}`);
    const { rows } = await this.adapter.executeSql(
      `SELECT ${JOB_COLUMNS} FROM ${SCHEMA}.job WHERE name = $1 AND state::text = ANY($2::text[]) ORDER BY created_on DESC, id DESC LIMIT $3`,
      [name, states, limit],
    );
    return rows.map(jobOf);
  }

  /** One job of our queues, or null. */
  async job(name: string, id: string): Promise<JobRecord | null> {
    if (!this.allNames().includes(name)) return null;
    const { rows } = await this.adapter.executeSql(`SELECT ${JOB_COLUMNS} FROM ${SCHEMA}.job WHERE name = $1 AND id = $2::uuid`, [name, id]);
    return rows[0] ? jobOf(rows[0]) : null;
  }

  /**
   * Runs a failed job again: pg-boss gives it one more attempt (state retry, due now) and this
   * process' workers are woken. Answers the job as it was, or null when no failed job has that id.
   */
  async retryFailed(name: string, id: string): Promise<JobRecord | null> {
    if (!this.started) throw new Error('Queue: not started');
    const job = await this.job(name, id);
    if (!job || job.state !== 'failed') return null;
    const { rows } = await this.adapter.executeSql(
      `UPDATE ${SCHEMA}.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now(), completed_on = NULL WHERE name = $1 AND id = $2::uuid AND state = 'failed' RETURNING id`,
      [name, id],
    );
    if (!rows.length) return null;
    this.wake(name);
    return job;
  }

  /** Deletes a failed job for good. Answers it as it was, or null when no failed job has that id. */
  async discardFailed(name: string, id: string): Promise<JobRecord | null> {
    const job = await this.job(name, id);
    if (!job || job.state !== 'failed') return null;
    const { rows } = await this.adapter.executeSql(`DELETE FROM ${SCHEMA}.job WHERE name = $1 AND id = $2::uuid AND state = 'failed' RETURNING id`, [name, id]);
    return rows.length ? job : null;
  }

  /**
   * Waits until every job of our queues has finished (tests, scripts). Needs workers in this
   * process. `skipRetryDelays` makes waiting retries due at once instead of after their backoff.
   */
  async drain({ timeoutMs = 60_000, skipRetryDelays = true } = {}): Promise<void> {
    if (this.opts.workers === 0) throw new Error('Queue.drain needs workers in this process (WORKERS > 0)');
    const deadline = Date.now() + timeoutMs;
    const names = this.workedNames();
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
    if (this.listenRetry) clearTimeout(this.listenRetry);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
    const notifier = this.notifier;
    this.notifier = null;
    await notifier?.then((c) => c.end()).catch(() => {});
    for (const u of this.untrack.splice(0)) u();
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
