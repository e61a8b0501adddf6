import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config';
import { openDatabase, runMigrations, type Database } from '../src/db/client';
import { buildRoot } from '../src/root';

/**
 * Migrates once, then every test file starts from a copy: a PGlite dump loaded into an in-memory
 * instance, or (DATABASE_URL set) `CREATE DATABASE … TEMPLATE stagepass_test_template_<pid>` (one
 * per run, so runs side by side on one server do not drop each other's). The template also holds
 * pg-boss's schema and the app's queues (`createQueues`). The api-embedded project
 * (vitest.config.ts) always gets the PGlite template; the PGlite template is made once per run
 * even when both API projects ask for it.
 */
export default async function setup(project: TestProject) {
  const url = project.name === 'api-embedded' ? undefined : process.env.DATABASE_URL;
  if (url) {
    const name = `stagepass_test_template_${process.pid}`;
    const admin = async (statement: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(statement);
      } finally {
        await c.end();
      }
    };
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: tplUrl.toString() });
    await runMigrations(db);
    await createQueues(db);
    await db.close();
    project.provide('pgTemplateUrl', tplUrl.toString());
    return async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  // Shared through globalThis: each project loads this file as its own module.
  const shared = globalThis as typeof globalThis & { stagepassPgliteTemplate?: { file: Promise<string>; users: number } };
  shared.stagepassPgliteTemplate ??= { file: pgliteTemplate(), users: 0 };
  const template = shared.stagepassPgliteTemplate;
  template.users++;
  const file = await template.file;
  project.provide('pgliteDump', file);
  return async () => {
    if (--template.users > 0) return;
    delete shared.stagepassPgliteTemplate;
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  };
}

/** The migrated PGlite template, dumped to a file in a temporary directory. */
async function pgliteTemplate(): Promise<string> {
  const database = await openDatabase({ memory: true });
  await runMigrations(database);
  await createQueues(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-tpl-')), 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return file;
}

/**
 * pg-boss's schema and every queue the app defines (each a partitioned table in pg-boss 10), made
 * by the app's own Queue.start on the template: each test file's app start then only checks them
 * (pg-boss's migration, ~50 statements, and the queues' DDL used to run once per test file).
 */
async function createQueues(database: Database) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-tpl-queues-'));
  try {
    const config = loadConfig(
      { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: undefined, REDIS_URL: undefined, SMTP_URL: undefined, JANUS_URL: undefined, S3_BUCKET: undefined },
      { DATA_DIR: dataDir, APP_SECRET: 'test-secret-test-secret-test-secret-000', WORKERS: 1 },
    );
    const root = await buildRoot({ config, database, log: pino({ level: 'silent' }) });
    // With workers, as in the tests: pg-boss's cron also creates its own queue.
    await root.queue.start();
    await root.stop();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplateUrl: string;
  }
}
