import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config';
import { observeQueries } from '../db/observe';

/**
 * The platform's Prometheus metrics (prom-client), one registry per process (docs/operations.md
 * "Metrics"). Counters and histograms are moved where things happen, by small hooks: the HTTP
 * hook below, the database client's query path (db/observe.ts), the job queue (queue.ts), the
 * mailer, the notifications module's push, the ledger's one posting path, the payments module's
 * one failing path. Gauges that need a look at something (queue depth, pool, sockets, live
 * streams, disk) are filled on scrape from the sources their owners add (`addSource`), each
 * source's answer cached briefly where it costs a query. Nothing here reads a module's tables.
 *
 * Served only when asked for (`metricsEnabled`): on METRICS_PORT (its own listener, loopback by
 * default) and/or on the API port behind METRICS_TOKEN — never to the public.
 */
export const registry = new Registry();
const registers = [registry];

/** Seconds: from 5 ms to 10 s (HTTP requests, jobs' runs use their own). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metrics = {
  httpRequests: new Counter({ name: 'stagepass_http_requests_total', help: 'HTTP requests answered, by route template (never the raw URL), method and status.', labelNames: ['method', 'route', 'status'], registers }),
  httpDuration: new Histogram({ name: 'stagepass_http_request_duration_seconds', help: 'Time to answer an HTTP request, by route template, method and status.', labelNames: ['method', 'route', 'status'], buckets: LATENCY_BUCKETS, registers }),
  dbQueryDuration: new Histogram({ name: 'stagepass_db_query_duration_seconds', help: 'Database query time (from the call to the answer, pool wait included), by SQL statement kind.', labelNames: ['operation'], buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers }),
  dbQueryErrors: new Counter({ name: 'stagepass_db_query_errors_total', help: 'Database queries that failed, by SQL statement kind.', labelNames: ['operation'], registers }),
  jobRunDuration: new Histogram({ name: 'stagepass_job_run_duration_seconds', help: "A job attempt's run time in this process, by queue and outcome (completed | failed).", labelNames: ['queue', 'outcome'], buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300], registers }),
  jobFailures: new Counter({ name: 'stagepass_job_failures_total', help: 'Job attempts that failed (thrown by their handler), by queue.', labelNames: ['queue'], registers }),
  notificationsSent: new Counter({ name: 'stagepass_notifications_sent_total', help: 'In-app notifications made and pushed to their readers.', labelNames: ['channel'], registers }),
  notificationsFailed: new Counter({ name: 'stagepass_notifications_failed_total', help: 'In-app notifications made whose push failed (the reader sees them on the next list).', labelNames: ['channel'], registers }),
  emailsSent: new Counter({ name: 'stagepass_emails_sent_total', help: 'E-mails handed to SMTP or written to the outbox, by transport.', labelNames: ['transport'], registers }),
  emailsFailed: new Counter({ name: 'stagepass_emails_failed_total', help: 'E-mails whose sending failed (the job retries them), by transport.', labelNames: ['transport'], registers }),
  ledgerMovements: new Counter({ name: 'stagepass_ledger_movements_total', help: 'Ledger movements committed, by type.', labelNames: ['type'], registers }),
  ledgerAmount: new Counter({ name: 'stagepass_ledger_movement_amount_minor_total', help: 'Money moved by committed ledger movements (sum of the credits, minor units), by type.', labelNames: ['type'], registers }),
  paymentsFailed: new Counter({ name: 'stagepass_payments_failed_total', help: 'Card payments that failed (pending → failed), by gateway.', labelNames: ['gateway'], registers }),
};

/** One sample of a gauge filled on scrape. */
export interface Sample {
  labels?: Record<string, string>;
  value: number;
}
type Source = () => Sample[] | Promise<Sample[]>;

/**
 * A gauge filled on scrape from the sources its owners add (several are summed: e.g. two databases
 * of one test process). A source that fails is left out of that scrape, never a 500.
 */
function sourcedGauge(name: string, help: string, labelNames: string[] = []) {
  const sources = new Set<Source>();
  new Gauge({
    name,
    help,
    labelNames,
    registers,
    async collect() {
      this.reset();
      const answers = await Promise.all([...sources].map(async (s) => { try { return await s(); } catch { return []; } }));
      for (const samples of answers) for (const x of samples) this.inc(x.labels ?? {}, x.value);
    },
  });
  return sources;
}

const gauges = {
  dbPool: sourcedGauge('stagepass_db_pool_connections', 'Database connections of this process: total, idle, and callers waiting for one (PGlite: one connection; waiting = queries queued to its thread).', ['state']),
  queueDepth: sourcedGauge('stagepass_job_queue_depth', 'Jobs waiting in each queue (created or waiting for a retry), all nodes.', ['queue']),
  queueAge: sourcedGauge('stagepass_job_queue_oldest_age_seconds', 'Age of the oldest job of each queue that is due and not started (0 when none), all nodes.', ['queue']),
  sockets: sourcedGauge('stagepass_realtime_sockets', 'Sockets connected to this node.'),
  liveStreams: sourcedGauge('stagepass_live_streams', 'Live streams on the site now, by provider.', ['provider']),
  liveViewers: sourcedGauge('stagepass_live_viewers', 'Viewers in live streams now, by provider.', ['provider']),
  janusPeers: sourcedGauge('stagepass_janus_peers', 'WebRTC peers this node relays, by Janus server and role.', ['server', 'role']),
  janusUp: sourcedGauge('stagepass_janus_up', 'Whether each Janus server of this node answers (1) or not (0).', ['server']),
  diskFree: sourcedGauge('stagepass_data_dir_free_bytes', 'Free bytes on the file system of DATA_DIR (available to the API user).'),
  diskSize: sourcedGauge('stagepass_data_dir_size_bytes', 'Size in bytes of the file system of DATA_DIR.'),
};
export type GaugeName = keyof typeof gauges;

/** Adds a source to a gauge filled on scrape; answers its removal (call it when the owner stops). */
export function addSource(gauge: GaugeName, source: Source): () => void {
  gauges[gauge].add(source);
  return () => void gauges[gauge].delete(source);
}

/** `fn`'s answer kept `ms` (one query per scrape window, however many gauges or scrapers read it). */
export function cachedFor<T>(ms: number, fn: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let at = -Infinity;
  let value: Promise<T> | null = null;
  return () => {
    if (!value || now() - at >= ms) {
      at = now();
      value = fn();
      value.catch(() => { value = null; });
    }
    return value;
  };
}

/** Whether this process serves metrics (and pays for the per-request and per-query hooks). */
export const metricsEnabled = (config: Pick<Config, 'METRICS_PORT' | 'METRICS_TOKEN'>) => Boolean(config.METRICS_PORT || config.METRICS_TOKEN);

let enabled = false;
/**
 * Turns on what only a process serving metrics pays for: the default process metrics (CPU, memory,
 * event loop, GC, handles) and the query observer. Once per process.
 */
export function enableMetrics(): void {
  if (enabled) return;
  enabled = true;
  collectDefaultMetrics({ register: registry });
  observeQueries((sql) => {
    const start = process.hrtime.bigint();
    return (err) => {
      const operation = sqlOperation(sql);
      metrics.dbQueryDuration.observe({ operation }, Number(process.hrtime.bigint() - start) / 1e9);
      if (err) metrics.dbQueryErrors.inc({ operation });
    };
  });
}

const OPERATIONS = new Set(['select', 'insert', 'update', 'delete', 'with', 'begin', 'commit', 'rollback', 'savepoint', 'release']);
/** A statement's kind, from its first word (a bounded label: anything else is `other`). */
export function sqlOperation(sql: string): string {
  const m = /^\s*\(?\s*([a-z]+)/i.exec(sql.length > 64 ? sql.slice(0, 64) : sql);
  const word = m?.[1]?.toLowerCase() ?? '';
  return OPERATIONS.has(word) ? word : 'other';
}

/**
 * The HTTP metrics: one hook when a request has been answered, labelled by the route's template
 * (`/feeds/:id`, Fastify's routeOptions.url) — a request no route matched is `unmatched`, so a
 * scanner's random URLs cannot blow up the label set.
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** The free and total bytes of DATA_DIR's file system, on scrape. */
export function trackDisk(dir: string): () => void {
  const stat = cachedFor(5_000, () => fs.statfs(dir));
  const a = addSource('diskFree', async () => { const s = await stat(); return [{ value: s.bavail * s.bsize }]; });
  const b = addSource('diskSize', async () => { const s = await stat(); return [{ value: s.blocks * s.bsize }]; });
  return () => { a(); b(); };
}

/** The exposition: Prometheus text format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Every metric name this process exports (the dashboard and alert rules' check). */
export function exportedNames(): string[] {
  return registry.getMetricsAsArray().map((m) => m.name);
}

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
/**
 * Whether an Authorization header carries the metrics token (`Bearer <token>`), compared in
 * constant time. No header → 'missing'.
 */
export function checkMetricsToken(header: string | string[] | undefined, token: string): 'ok' | 'missing' | 'wrong' {
  if (typeof header !== 'string' || !header) return 'missing';
  const given = /^Bearer\s+(.+)$/i.exec(header.trim())?.[1] ?? '';
  return crypto.timingSafeEqual(digest(given), digest(token)) ? 'ok' : 'wrong';
}

/**
 * The metrics listener (METRICS_PORT at METRICS_HOST): GET /metrics, nothing else. With
 * METRICS_TOKEN set it asks for it here too. Started by server.ts and worker.ts; answers the
 * listening server (port 0 → any free port, for tests).
 */
export async function startMetricsServer(opts: { host: string; port: number; token?: string }): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (opts.token && checkMetricsToken(req.headers.authorization, opts.token) !== 'ok') {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
      return;
    }
    metricsText().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(err as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return server;
}
