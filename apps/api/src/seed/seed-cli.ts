import { loadConfig } from '../config';
import { buildApp } from '../app';
import { seedDemo } from './demo';

/** `npm run seed`: demo accounts into the configured database (refuses in production, and while the API holds the embedded DB). */
const app = await buildApp({ config: loadConfig(), logger: false });
try {
  await seedDemo(app);
  console.log('Demo data ready: fan@example.com, creator@example.com (luna), admin@example.com (operator), password stagepass-demo');
} finally {
  await app.close();
}
