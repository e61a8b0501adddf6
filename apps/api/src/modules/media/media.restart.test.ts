import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildAppWithRoot } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { users } from '../users/users.tables';
import { files } from './media.tables';
import { mediaFixtures } from './media.fixtures';
import { createPgTestDatabase } from '../../../test/harness';

/**
 * Queued work survives a restart: an API node that only enqueues (WORKERS=0) stores an upload and
 * shuts down; a new process on the same database — PGlite in a data directory, reopened from disk,
 * or the same PostgreSQL database through a new pool — processes it.
 */
let dataDir: string;
let open: () => Promise<Database>;
let drop: () => Promise<void> = async () => {};
let fx: Awaited<ReturnType<typeof mediaFixtures>>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-restart-'));
  fx = await mediaFixtures();
  const pgDb = await createPgTestDatabase();
  if (pgDb) {
    open = () => openDatabase({ databaseUrl: pgDb.url });
    drop = pgDb.drop;
  } else {
    // The migrated template, unpacked into a real data directory (like DATA_DIR/db).
    const dump = await fs.readFile(inject('pgliteDump'));
    const seed = new PGlite(path.join(dataDir, 'db'), { loadDataDir: new Blob([dump]) });
    await seed.waitReady;
    await seed.close();
    open = () => openDatabase({ dataDir });
  }
});
afterAll(async () => {
  await fx?.cleanup();
  await drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const start = async (database: Database, workers: number) => {
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: undefined, SMTP_URL: undefined },
    { DATA_DIR: dataDir, APP_SECRET: 'test-secret-test-secret-test-secret-000', WORKERS: workers },
  );
  const { app, root } = await buildAppWithRoot({ config, database, logger: false });
  await app.ready();
  return { ctx: root, close: () => app.close() };
};

describe('the job queue across a restart', () => {
  it('a job queued before shutdown is processed by the next process', async () => {
    // 1. An enqueue-only node stores a video and stops.
    let db = await open();
    let app = await start(db, 0);
    const [owner] = await db.db.insert(users).values({ username: `u${Date.now()}`, email: `r${Date.now()}@test.example`, name: 'R' }).returning();
    const f = await app.ctx.media.storeUpload(owner!.id, 'feed-video', 'video', await fx.video({ seconds: 1 }));
    expect(f.status).toBe('uploaded');
    expect(await app.ctx.queue.pending()).toBe(1);
    await expect(app.ctx.queue.drain()).rejects.toThrow(/needs workers/);
    await app.close();
    await db.close();

    // 2. A new process on the same database (reopened from disk for PGlite) works it off.
    db = await open();
    expect((await db.db.select().from(files).where(eq(files.id, f.id)))[0]!.status).toBe('uploaded');
    app = await start(db, 1);
    try {
      await app.ctx.queue.drain();
      const done = (await db.db.select().from(files).where(eq(files.id, f.id)))[0]!;
      expect(done).toMatchObject({ status: 'ready', mimeType: 'video/mp4', attempts: 1 });
      expect(await app.ctx.storage.stat(done.storageKey)).not.toBeNull();
    } finally {
      await app.close();
      await db.close();
    }
  });
});
