import type { FastifyBaseLogger } from 'fastify';

/** A sweep that runs at start and then every `everyMs` on nodes that work jobs, never twice at once. */
export interface PeriodicSweep {
  start(): void;
  /** Stops the timer and waits for a running pass. */
  stop(): Promise<void>;
}

/**
 * The one shape of the background sweeps (scheduled feeds, renewals): `run` is called at start and
 * every `everyMs` while `enabled()` held at start; a pass still running makes the next tick a no-op;
 * a failure is logged and the next tick tries again. Safe with several nodes only if `run` claims
 * its rows itself (conditional UPDATE, leases).
 */
export function periodicSweep(opts: { name: string; everyMs: number; log: FastifyBaseLogger; enabled: () => boolean; run: () => Promise<void> }): PeriodicSweep {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = opts
      .run()
      .catch((err) => opts.log.warn({ err }, `${opts.name} failed`))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      if (timer || !opts.enabled()) return;
      timer = setInterval(tick, opts.everyMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
