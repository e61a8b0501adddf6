import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../src/db/client';

export const TEMPLATE_DB = 'stagepass_test_template';

/**
 * Migrates once, then every test file starts from a copy: a PGlite dump loaded into an in-memory
 * instance, or (DATABASE_URL set) `CREATE DATABASE … TEMPLATE stagepass_test_template`.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${TEMPLATE_DB}`;
    const db = await openDatabase({ databaseUrl: tplUrl.toString() });
    await runMigrations(db);
    await db.close();
    project.provide('pgTemplateUrl', tplUrl.toString());
    return;
  }
  const database = await openDatabase({ memory: true });
  await runMigrations(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-tpl-')), 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  return async () => {
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplateUrl: string;
  }
}
