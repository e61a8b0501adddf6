/**
 * Socket timing shared by the realtime and messages suites: connect many websockets that record
 * when an event arrives, fire rounds and take every delivery's latency, and the same rounds against
 * a bare socket.io server (the floor; bench/lib/bare-socket-server.mjs).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { fmt, percentile } from './report.mts';

/** Connects `count` websockets, a hundred at a time; each records when `event` came. */
export async function connectAll(url: string, count: number, event: string, query: (i: number) => Record<string, string>) {
  const sockets: Socket[] = [];
  const arrivals: number[][] = [];
  for (let i = 0; i < count; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, (_, k) => {
        const n = i + k;
        arrivals[n] = [];
        const s = connect(url, { query: query(n), transports: ['websocket'], reconnection: false, forceNew: true });
        s.on(event, () => arrivals[n]!.push(performance.now()));
        sockets.push(s);
        return new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        });
      }),
    );
  }
  return { sockets, arrivals };
}

/**
 * Fires `trigger` once to warm up (first JIT, first prepared statements: not counted), then `count`
 * times; answers every counted delivery's latency from its round's start (ms).
 */
export async function rounds(arrivals: number[][], count: number, trigger: (round: number) => Promise<void>, log: (m: string) => void) {
  const latencies: number[] = [];
  let missing = 0;
  for (let r = 0; r <= count; r++) {
    const t0 = performance.now();
    await trigger(r);
    const until = Date.now() + 30_000;
    while (arrivals.some((a) => a.length <= r) && Date.now() < until) await new Promise((res) => setTimeout(res, 10));
    const round: number[] = [];
    for (const a of arrivals) {
      if (a.length > r) round.push(a[r]! - t0);
      else if (r) missing++;
    }
    round.sort((a, b) => a - b);
    log(`  ${r ? `round ${r}` : 'warm-up'}: first ${fmt(round[0] ?? NaN)} ms, p50 ${fmt(percentile(round, 50))} ms, last ${fmt(round[round.length - 1] ?? NaN)} ms`);
    if (r) latencies.push(...round);
    await new Promise((res) => setTimeout(res, 1000));
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? NaN, missing };
}

/**
 * The floor: a bare socket.io server in its own process (no auth, no database) with `count` sockets,
 * timed with the same rounds. `mode` `all`: one multi-room emit of `event` (a new post's push);
 * `each`: one emit per room (a mass message: every recipient gets their own copy).
 */
export async function bareFloor(count: number, roundsCount: number, event: string, mode: 'all' | 'each', log: (m: string) => void) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-socket-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())));
  const url = `http://127.0.0.1:${port}`;
  try {
    const { sockets, arrivals } = await connectAll(url, count, event, (i) => ({ userId: String(i) }));
    const r = await rounds(arrivals, roundsCount, async () => {
      await fetch(`${url}/emit?event=${encodeURIComponent(event)}&mode=${mode}`, { method: 'POST' });
    }, log);
    for (const s of sockets) s.disconnect();
    return r;
  } finally {
    child.kill('SIGTERM');
  }
}
