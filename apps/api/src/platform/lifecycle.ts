import type { FastifyBaseLogger } from 'fastify';

/**
 * SIGINT/SIGTERM → close the app (or the worker's root) once (queue, database, mail), then exit;
 * a hard exit after `graceMs` if closing hangs. Shared by the API server and the worker.
 */
export function exitOnSignals(app: { log: Pick<FastifyBaseLogger, 'info'>; close(): Promise<unknown> }, opts: { graceMs: number; message: string }) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, opts.message);
    const timer = setTimeout(() => process.exit(1), opts.graceMs).unref();
    try {
      await app.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
