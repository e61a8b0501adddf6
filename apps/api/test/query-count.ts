import { vi } from 'vitest';
import type { TestApp } from './harness';

/**
 * How many queries `request` sends to the app's database (PGlite or the PostgreSQL pool), the
 * fewest of `runs` identical runs: the pool also serves the app's periodic work (the events relay,
 * media and HLS sweeps, the node's heartbeat, the tracer's index), which may fall inside one run,
 * while an N+1 shows in every run. pg-boss' own polling is left out. Before each run the queue is
 * drained (handlers of the rows just made use the same pool) and `warm` runs (e.g. a request that
 * puts the caller's session in the session cache).
 */
export async function fewestQueries<T>(t: TestApp, request: () => Promise<T>, { warm, runs = 3 }: { warm?: () => Promise<unknown>; runs?: number } = {}): Promise<{ n: number; result: T }> {
  const target = (t.ctx.database.pglite ?? t.ctx.database.pool) as unknown as { query: (...args: unknown[]) => unknown };
  let best: { n: number; result: T } | null = null;
  for (let i = 0; i < runs; i++) {
    await t.ctx.queue.drain();
    await warm?.();
    const spy = vi.spyOn(target, 'query');
    try {
      const result = await request();
      const n = spy.mock.calls.filter(([text]) => !String(typeof text === 'object' && text && 'text' in text ? text.text : text).includes('pgboss.')).length;
      if (!best || n < best.n) best = { n, result };
    } finally {
      spy.mockRestore();
    }
  }
  return best!;
}
