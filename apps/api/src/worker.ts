import { loadConfigOrExit } from './config';
import { buildRoot } from './root';
import { exitOnSignals } from './platform/lifecycle';
import { createLogger } from './platform/logger';

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
    root = await buildRoot({ config: { ...config, WORKERS: workers }, log });
    await root.start();
  } catch (err) {
    console.error(`Stagepass worker could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  log.info({ workers }, 'worker running job handlers (no HTTP)');
  // Running jobs get 30 s (Queue.stop); unfinished ones are retried by another worker.
  exitOnSignals({ log, close: () => root.stop() }, { graceMs: 40_000, message: 'worker shutting down: letting running jobs finish' });
}

void main();
