// Backup and restore end to end: `npm run backup` against the running API, wipe, `npm run restore` into a fresh DATA_DIR, and the site is back.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildAppWithRoot } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createCreator, createFan, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { createFeed } from '../../../test/factories';
import { topUp } from '../../../test/money';
import { listen } from '../../../test/sockets';
import { purchases } from '../purchases/purchases.tables';

const REPO = path.resolve(import.meta.dirname, '../../../../..');
const tmp: string[] = [];
afterAll(async () => {
  for (const d of tmp) await fs.rm(d, { recursive: true, force: true });
});

/** Runs the operator CLI (`npm run backup|restore`'s command) with `env`; answers its exit code and output. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test' };
    delete base.DATABASE_URL;
    const p = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], { cwd: REPO, env: { ...base, ...env } });
    let out = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (out += c.toString()));
    p.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore (embedded database)', () => {
  it('backs up the running site, and a restore into a fresh DATA_DIR brings back the accounts, a purchase and the files', async () => {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-backup-'));
    tmp.push(work);
    const archive = path.join(work, 'site.tar.gz');
    let t: TestApp | null = await createTestApp();
    const fan = await createFan(t);
    const creator = await createCreator(t);
    const feed = await createFeed(t, creator.user.id, { visibility: 'ppv', price: 4 });
    await topUp(t, fan, 10, { card: true });
    expect((await t.app.inject({ method: 'POST', url: `/wallet/charges/feed/${feed.id}`, headers: fan.auth, payload: {} })).statusCode).toBe(200);
    await fs.mkdir(path.join(t.config.filesDir, 'public', 'avatars'), { recursive: true });
    await fs.writeFile(path.join(t.config.filesDir, 'public', 'avatars', 'x.webp'), 'picture');
    // Two names of one file (hard links): archived as two regular files, or restore would refuse a link entry.
    await fs.link(path.join(t.config.filesDir, 'public', 'avatars', 'x.webp'), path.join(t.config.filesDir, 'public', 'avatars', 'y.webp'));
    const token = (await fs.readFile(path.join(t.config.DATA_DIR, 'backup.token'), 'utf8')).trim();

    // Only a direct loopback call with the token: anything else does not find the route.
    expect((await t.app.inject({ method: 'POST', url: '/operator/backup' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/operator/backup', headers: { 'x-backup-token': 'nope' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/operator/backup', headers: { 'x-backup-token': token, 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/operator/backup', headers: { 'x-backup-token': token }, remoteAddress: '203.0.113.9' })).statusCode).toBe(404);

    // npm run backup, while the site runs and keeps answering.
    const url = await listen(t.app);
    const [b] = await Promise.all([cli(['backup', '--out', archive], { DATA_DIR: t.config.DATA_DIR, API_URL: url, APP_SECRET: t.config.APP_SECRET }), t.app.inject({ method: 'GET', url: '/users/me', headers: fan.auth })]);
    expect(b.code, b.out).toBe(0);
    expect(b.out).toMatch(/running site.*\(2 files\)/);
    // The manifest lists the files, so a restore can check each one is there.
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', archive, './manifest.json'], { encoding: 'utf8' }));
    expect(manifest).toMatchObject({ kind: 'stagepass-backup', format: 1, files: 2, paths: ['public/avatars/x.webp', 'public/avatars/y.webp'] });

    // Wipe: the site and its DATA_DIR are gone.
    await t.close();
    t = null;

    const dataDir = path.join(work, 'restored');
    const r = await cli(['restore', archive], { DATA_DIR: dataDir, APP_SECRET: 'test-secret-test-secret-test-secret-000' });
    expect(r.code, r.out).toBe(0);
    // Not over a DATA_DIR that holds a site, unless --force.
    const again = await cli(['restore', archive], { DATA_DIR: dataDir, APP_SECRET: 'test-secret-test-secret-test-secret-000' });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/not empty/);
    expect(await fs.readFile(path.join(dataDir, 'files', 'public', 'avatars', 'x.webp'), 'utf8')).toBe('picture');
    expect(await fs.readFile(path.join(dataDir, 'files', 'public', 'avatars', 'y.webp'), 'utf8')).toBe('picture');

    // With no site running on it, the CLI opens the DATA_DIR itself.
    const offline = await cli(['backup', '--out', path.join(work, 'offline.tar.gz')], { DATA_DIR: dataDir, API_URL: 'http://127.0.0.1:9', APP_SECRET: 'test-secret-test-secret-test-secret-000' });
    expect(offline.code, offline.out).toBe(0);
    expect(offline.out).toMatch(/Backup of .*restored written/);

    const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: undefined }, { DATA_DIR: dataDir, APP_SECRET: 'test-secret-test-secret-test-secret-000', WORKERS: 0 });
    const database = await openDatabase({ dataDir });
    const { app, root } = await buildAppWithRoot({ config, database, logger: false });
    try {
      await app.ready();
      const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { username: fan.user.username, password: TEST_PASSWORD } });
      expect(login.statusCode, login.body).toBe(200);
      const me = await app.inject({ method: 'GET', url: '/users/me', headers: { authorization: `Bearer ${login.json().data.token}` } });
      expect(me.json().data).toMatchObject({ username: fan.user.username, balance: 6 });
      expect((await app.inject({ method: 'POST', url: '/auth/login', payload: { username: creator.user.username, password: TEST_PASSWORD } })).statusCode).toBe(200);
      const bought = await root.db.select().from(purchases).where(eq(purchases.userId, fan.user.id));
      expect(bought).toMatchObject([{ itemId: feed.id, performerId: creator.user.id }]);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
