/**
 * An open-loop load generator: requests leave at a fixed rate whatever the server answers, and each
 * latency is counted from the moment the request was due (no coordinated omission: a stalled
 * server makes every late request count as late). Runs in a worker thread so it does not share the
 * event loop of a server measured in the same process.
 */
import { Worker } from 'node:worker_threads';
import { percentile } from './report.mts';

export interface OpenLoopResult {
  rate: number;
  seconds: number;
  sent: number;
  ok: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

/** One request of a run with its own method, path, headers and JSON body (open-loop.worker.mjs: request i is requests[i % length]). */
export interface LoopRequest { method: string; path: string; headers?: Record<string, string>; body?: unknown }

export function openLoop(opts: { url: string; rate: number; seconds: number; headers?: Record<string, string>; requests?: LoopRequest[] }): Promise<OpenLoopResult> {
  const worker = new Worker(new URL('./open-loop.worker.mjs', import.meta.url), { workerData: opts });
  return new Promise((resolve, reject) => {
    worker.once('message', (m: { latencies: number[]; sent: number; ok: number; errors: number }) => {
      const sorted = Float64Array.from(m.latencies).sort();
      const arr = Array.from(sorted);
      resolve({ rate: opts.rate, seconds: opts.seconds, sent: m.sent, ok: m.ok, errors: m.errors, p50: percentile(arr, 50), p99: percentile(arr, 99), max: arr[arr.length - 1] ?? NaN });
    });
    worker.once('error', reject);
  });
}
