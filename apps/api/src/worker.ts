import { loadConfigOrExit } from './config';
import { buildRoot } from './root';
import { exitOnSignals } from './platform/lifecycle';
import { createLogger } from './platform/logger';
import { startMetricsServer } from './platform/metrics';

/**
 * `npm run worker`: runs background-job handlers (media processing…) without serving HTTP, beside
 * API nodes started with WORKERS=0. Needs DATABASE_URL: the embedded PGlite database belongs to
 * one process (the API), which runs the handlers itself unless WORKERS=0.
 */
async function main() {
  const config = loadConfigOrExit();
  if (!config.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the API process, ' +
        'which already runs the job handlers itself (WORKERS, default 1). Start `npm start` alone, or set DATABASE_URL ' +
        'for the API nodes and the workers.',
    );
    process.exit(1);
  }
  // WORKERS=0 may be in an environment shared with API nodes; a worker always works.
  const workers = config.WORKERS || 1;
  const log = createLogger(config);
  let root;
  try {
    // The same composition root as the API, without HTTP: the platform, every service, the job handlers.
    root = await buildRoot({ config: { ...config, WORKERS: workers }, log, role: 'worker' });
    await root.start();
  } catch (err) {
    console.error(`Stagepass worker could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  log.info({ workers }, 'worker running job handlers (no HTTP)');
  // The worker's own metrics (its jobs' run times and failures, queue depth), on METRICS_PORT (docs/operations.md).
  if (config.METRICS_PORT) {
    const metrics = await startMetricsServer({ host: config.METRICS_HOST, port: config.METRICS_PORT, token: config.METRICS_TOKEN });
    metrics.unref();
    log.info({ host: config.METRICS_HOST, port: config.METRICS_PORT }, 'metrics served at /metrics');
  }
  // Running jobs get 30 s (Queue.stop); unfinished ones are retried by another worker.
  exitOnSignals({ log, close: () => root.stop() }, { graceMs: 40_000, message: 'worker shutting down: letting running jobs finish' });
}

void main();
