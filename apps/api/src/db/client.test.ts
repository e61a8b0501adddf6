import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

/** The embedded database's data directory: created once (initdb in a child process) and kept. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-db-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database data directory', () => {
  it('is created on first open, keeps its rows across a reopen, and runs with the small shared_buffers', async () => {
    const first = await openDatabase({ dataDir: dir });
    expect(fs.existsSync(path.join(dir, 'db', 'PG_VERSION'))).toBe(true);
    await first.pglite!.exec(`CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')`);
    await first.close();

    const again = await openDatabase({ dataDir: dir });
    try {
      expect((await again.pglite!.query<{ v: string }>('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
      expect((await again.pglite!.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]!.shared_buffers).toBe('32MB');
    } finally {
      await again.close();
    }
  });
});
