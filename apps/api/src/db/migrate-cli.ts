import { loadConfig } from '../config';
import { openDatabase, runMigrations } from './client';

/** `npm run db:migrate`: applies drizzle/ migrations to DATABASE_URL or the embedded DATA_DIR database. Exits non-zero on failure. */
const config = loadConfig();
try {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await runMigrations(db);
  await db.close();
  console.log(`Migrations applied (${db.kind}).`);
} catch (err) {
  console.error(`Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
