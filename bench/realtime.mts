/**
 * bench/realtime — a creator's new post pushed to 2,000 connected subscribers (issue 11 §4).
 *
 *   npm run bench:realtime     BENCH_SOCKETS (default 2000), BENCH_ROUNDS (default 10); needs
 *                              PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else
 *                              postgres://postgres@127.0.0.1:5432/test): a database
 *                              `stagepass_bench_rt` is created next to it and dropped after.
 *
 * The API runs as its own process on that database. The bench inserts one creator and BENCH_SOCKETS
 * fans with an active subscription and a session each, connects one websocket per fan (loopback),
 * then the creator publishes posts through POST /performer/feeds. Each publish goes the product's
 * way: outbox event → fan-out jobs in batches (notifications written, `feed/published` pushed to
 * each fan's `user:<id>` room). Delivery latency is counted from the moment the publish request
 * was sent to the moment each fan's socket got the push; p50/p99/max over every delivery of every
 * round after one warm-up post. The floor, side by side: a bare socket.io server (own process, no auth, no database)
 * emitting to the same number of rooms on an HTTP trigger, timed the same way. API RSS is sampled.
 */
import { fmt, mb, report, rssOf, type BenchRow } from './lib/report.mts';
import { bareFloor, connectAll, rounds } from './lib/socket-rounds.mts';
import { startApi } from './lib/api-process.mts';
import { withBenchDatabase } from './lib/bench-db.mts';
import { seedSubscribers } from './lib/subscribers.mts';

const DB = 'stagepass_bench_rt';
const SOCKETS = Math.min(Number(process.env.BENCH_SOCKETS ?? 2000), 5000);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 10), 50);
const log = (m: string) => console.log(`[realtime] ${m}`);


async function main(dbUrl: string) {
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    api = await startApi({ env: { DATABASE_URL: dbUrl } });
    const { creatorToken, fans } = await seedSubscribers(dbUrl, SOCKETS);
    const idle = rssOf(api.pid);
    const t0 = Date.now();
    const { sockets, arrivals } = await connectAll(api.url, SOCKETS, 'feed/published', (i) => ({ token: fans[i]!.token }));
    const connected = rssOf(api.pid);
    log(`${SOCKETS} sockets connected in ${Date.now() - t0} ms; API RSS ${mb(idle)} → ${mb(connected)}`);
    let peak = connected;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(api!.pid))), 100);
    const res = await rounds(arrivals, ROUNDS, async (r) => {
      const p = await fetch(`${api!.url}/performer/feeds`, {
        method: 'POST',
        headers: { authorization: `Bearer ${creatorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Bench post ${r}`, visibility: 'subscribers' }),
      });
      if (!p.ok) throw new Error(`publish answered ${p.status}: ${await p.text()}`);
    }, log);
    clearInterval(sampler);
    for (const s of sockets) s.disconnect();
    log(`API: p50 ${fmt(res.p50)} ms, p99 ${fmt(res.p99)} ms, max ${fmt(res.max)} ms, ${res.missing} missing`);
    await api.stop();
    api = null;
    const bare = await bareFloor(SOCKETS, ROUNDS, 'feed/published', 'all', log);
    log(`bare socket.io: p50 ${fmt(bare.p50)} ms, p99 ${fmt(bare.p99)} ms, max ${fmt(bare.max)} ms, ${bare.missing} missing`);
    const rows: BenchRow[] = [
      {
        suite: 'realtime',
        figure: `new post → ${fmt(SOCKETS)} subscribers' sockets, p99 (${ROUNDS} posts; p50 ${fmt(res.p50)}, max ${fmt(res.max)}${res.missing ? `, ${res.missing} NOT delivered` : ''})`,
        value: `${fmt(res.p99)} ms`,
        floor: `bare socket.io emit p99 ${fmt(bare.p99)} ms`,
        target: '< 100 ms',
        met: res.missing === 0 && res.p99 < 100,
      },
      { suite: 'realtime', figure: `API RSS: idle → ${fmt(SOCKETS)} sockets → peak during fan-out`, value: `${mb(idle)} → ${mb(connected)} → ${mb(peak)}`, target: 'reported', met: null },
    ];
    report('realtime', rows);
  } finally {
    await api?.stop();
  }
}

await withBenchDatabase(DB, main);
