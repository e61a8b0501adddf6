import { loadConfigOrExit } from './config';
import { buildAppWithRoot } from './app';
import { seedDemo } from './seed/demo';
import { exitOnSignals } from './platform/lifecycle';
import { startMetricsServer } from './platform/metrics';

/** Listens, seeds demo data when asked (SEED_DEMO=true, never in production), stops cleanly. */
async function main() {
  const config = loadConfigOrExit();
  let app, root;
  try {
    ({ app, root } = await buildAppWithRoot({ config }));
  } catch (err) {
    console.error(`Stagepass API could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  if (process.env.SEED_DEMO === 'true') {
    if (config.NODE_ENV === 'production') app.log.warn('SEED_DEMO ignored: demo data is never created in production');
    else {
      await app.ready(); // the job queue starts here: seeded media are queued for processing
      await seedDemo(root, app.log);
    }
  }
  exitOnSignals(app, { graceMs: 10_000, message: 'shutting down' });
  await app.listen({ host: config.API_HOST, port: config.API_PORT });
  // Prometheus metrics on their own listener (docs/operations.md "Metrics"), loopback by default.
  if (config.METRICS_PORT) {
    const metrics = await startMetricsServer({ host: config.METRICS_HOST, port: config.METRICS_PORT, token: config.METRICS_TOKEN });
    metrics.unref();
    app.log.info({ host: config.METRICS_HOST, port: config.METRICS_PORT }, 'metrics served at /metrics');
  }
}

void main();
