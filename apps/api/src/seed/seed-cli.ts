import { loadConfig } from '../config';
import { buildAppWithRoot } from '../app';
import { seedDemo } from './demo';

/** `npm run seed`: demo accounts into the configured database (refuses in production, and while the API holds the embedded DB). */
const { app, root } = await buildAppWithRoot({ config: loadConfig(), logger: false });
try {
  await app.ready(); // starts the job queue: the seeded media are processed before we exit
  await seedDemo(root);
  await root.queue.drain({ timeoutMs: 300_000, skipRetryDelays: false }).catch((err: Error) => console.warn(`Some media are still processing; the API finishes them when it starts (${err.message})`));
  console.log('Demo data ready: fan@example.com, creator@example.com (luna), admin@example.com (operator), password stagepass-demo');
} finally {
  await app.close();
}
