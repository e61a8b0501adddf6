/**
 * bench/metrics — what Prometheus metrics and OpenTelemetry traces cost on hot routes (issue 33 §1).
 *
 *   npm run bench:metrics   BENCH_SECONDS (default 8) per measurement, BENCH_ROUNDS (default 3),
 *                           BENCH_CONNECTIONS (default 20).
 *
 * Three API processes (as `npm start` runs them, each on its own embedded database) side by side:
 * metrics off (the default), metrics on (METRICS_TOKEN: the per-request hook and the per-query
 * observer, with a scraper reading /metrics every second as a busy Prometheus would), and traces
 * on (OTEL_EXPORTER_OTLP_ENDPOINT to a local receiver that accepts and drops the exports). Each
 * route is driven with autocannon against each process in turn, round after round (the machine
 * is shared: interleaving keeps drift out of the comparison); the best round of each counts.
 * Routes: GET /readyz (one query) and GET /performers/search (the public creator search: session
 * lookup skipped, a few queries). Target: metrics on ≥ 0.90 of off (reported with traces).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { startApi, type ApiProcess } from './lib/api-process.mts';
import { fmt, report, type BenchRow } from './lib/report.mts';

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 8), 120);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 3), 10);
const CONNECTIONS = Math.min(Number(process.env.BENCH_CONNECTIONS ?? 20), 200);
const TOKEN = 'bench-metrics-token-0123456789abcdef';
const ROUTES = ['/readyz', '/performers/search?limit=12'];
const log = (m: string) => console.log(`[metrics] ${m}`);

async function rps(url: string): Promise<number> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, workers: 1 });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
}

async function main() {
  // The traces' receiver: accepts every OTLP/HTTP export and drops it.
  let exports = 0;
  const sink = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      exports++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  const otlp = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;

  const apis: Array<{ name: string; api: ApiProcess }> = [];
  let scraper: NodeJS.Timeout | null = null;
  try {
    log('starting three API processes (off, metrics, traces)…');
    apis.push({ name: 'off', api: await startApi() });
    apis.push({ name: 'metrics', api: await startApi({ env: { METRICS_TOKEN: TOKEN } }) });
    apis.push({ name: 'traces', api: await startApi({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp } }) });
    const metricsApi = apis[1]!.api;
    let scrapes = 0;
    scraper = setInterval(() => {
      void fetch(`${metricsApi.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then(async (r) => {
        if (!r.ok) throw new Error(`scrape: ${r.status}`);
        await r.text();
        scrapes++;
      });
    }, 1000);

    const best = new Map<string, number>();
    for (const route of ROUTES) {
      for (const { api } of apis) await autocannon({ url: api.url + route, connections: 5, duration: 2 }); // warm-up
      for (let round = 1; round <= ROUNDS; round++) {
        for (const { name, api } of apis) {
          const v = await rps(api.url + route);
          const key = `${route} ${name}`;
          best.set(key, Math.max(best.get(key) ?? 0, v));
          log(`${route} round ${round} ${name}: ${fmt(v)} req/s`);
        }
      }
    }
    log(`${scrapes} scrapes of the metrics process, ${exports} trace exports received`);
    if (!scrapes || !exports) throw new Error('the scraper or the trace receiver saw nothing: the comparison would be void');

    const rows: BenchRow[] = [];
    for (const route of ROUTES) {
      const off = best.get(`${route} off`)!;
      const on = best.get(`${route} metrics`)!;
      const traced = best.get(`${route} traces`)!;
      rows.push({
        suite: 'metrics',
        figure: `GET ${route.split('?')[0]} at ${CONNECTIONS} connections, metrics on (scraped every 1 s), best of ${ROUNDS}`,
        value: `${fmt(on)} req/s = ${fmt(on / off, 2)} of off`,
        floor: `metrics off ${fmt(off)} req/s`,
        target: '≥ 0.90 of off',
        met: on / off >= 0.9,
      });
      rows.push({
        suite: 'metrics',
        figure: `GET ${route.split('?')[0]}, traces on (OTLP/HTTP to a local receiver)`,
        value: `${fmt(traced)} req/s = ${fmt(traced / off, 2)} of off`,
        floor: `metrics off ${fmt(off)} req/s`,
        target: 'reported',
        met: null,
      });
    }
    report('metrics', rows);
  } finally {
    if (scraper) clearInterval(scraper);
    for (const { api } of apis) await api.stop();
    sink.close();
  }
}

await main();
