import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWithRoot } from '../src/app';
import { openDatabase } from '../src/db/client';
import { createFan, createTestApp, TEST_PASSWORD, type Made, type TestApp } from './harness';
import { sleep } from './sockets';

/**
 * The session cache (platform/auth.ts SessionCache): a signed-in request is served from memory, and
 * every revocation or change of the account takes effect on the next request — on the node that
 * made it at once, on the other nodes through Redis pub/sub.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (app: TestApp['app'], who: Pick<Made, 'auth'>) => app.inject({ method: 'GET', url: '/users/me', headers: who.auth });
const changePassword = (who: Made) =>
  t.app.inject({ method: 'PUT', url: '/auth/users/me/password', headers: who.auth, payload: { password: 'another-Passw0rd!', currentPassword: TEST_PASSWORD } });

describe('session cache, one node', () => {
  it('a cached token is refused on the next request after a logout', async () => {
    const fan = await createFan(t);
    expect((await me(t.app, fan)).statusCode).toBe(200);
    expect((await me(t.app, fan)).statusCode).toBe(200); // served from the cache
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: fan.auth })).statusCode).toBe(200);
    expect((await me(t.app, fan)).statusCode).toBe(401);
  });

  it('a password change refuses every other cached session of the account at once', async () => {
    const fan = await createFan(t);
    const other = { auth: { authorization: `Bearer ${(await t.ctx.auth.issueSession(fan.user.id, false)).token}` } };
    expect((await me(t.app, other)).statusCode).toBe(200);
    expect((await changePassword(fan)).statusCode).toBe(200);
    expect((await me(t.app, other)).statusCode).toBe(401);
  });

  it('a profile edit is read back at once, not from the cached row', async () => {
    const fan = await createFan(t);
    expect((await me(t.app, fan)).json().data.name).not.toBe('Renamed Fan');
    expect((await t.app.inject({ method: 'PUT', url: '/users', headers: fan.auth, payload: { name: 'Renamed Fan' } })).statusCode).toBe(200);
    expect((await me(t.app, fan)).json().data.name).toBe('Renamed Fan');
  });

  it('keeps nothing for an unknown token', async () => {
    const res = await me(t.app, { auth: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(401);
  });
});

// Two API nodes on one PostgreSQL + Redis (CI's second run sets both).
describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)('session cache, two API nodes on one PostgreSQL + Redis', () => {
  /** Polls node B until it refuses the token; answers how long that took after the revocation answered (ms). */
  async function refusedOn(app: TestApp['app'], who: Pick<Made, 'auth'>, deadlineMs = 1000): Promise<number> {
    const t0 = performance.now();
    while (performance.now() - t0 < deadlineMs) {
      if ((await me(app, who)).statusCode === 401) return performance.now() - t0;
      await sleep(2);
    }
    throw new Error(`node B still accepted the token ${deadlineMs} ms after the revocation`);
  }

  it('a logout, a password change or a change of the account on node A reaches node B', async () => {
    const database = await openDatabase({ databaseUrl: t.databaseUrl! });
    const nodeB = await buildAppWithRoot({ config: { ...t.config, WORKERS: 0 }, database, logger: false });
    try {
      await nodeB.app.ready();
      await nodeB.root.sessions.subscribed; // node B listens to evictions

      // Logout on A: B had the session cached.
      const fan = await createFan(t);
      expect((await me(nodeB.app, fan)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: fan.auth })).statusCode).toBe(200);
      await refusedOn(nodeB.app, fan);

      // Password change on A: every session of the account, cached on B, is refused there.
      const fan2 = await createFan(t);
      const second = { auth: { authorization: `Bearer ${(await t.ctx.auth.issueSession(fan2.user.id, false)).token}` } };
      expect((await me(nodeB.app, second)).statusCode).toBe(200);
      expect((await changePassword(fan2)).statusCode).toBe(200);
      await refusedOn(nodeB.app, second);

      // A profile edit on A is what B answers next.
      const fan3 = await createFan(t);
      expect((await me(nodeB.app, fan3)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'PUT', url: '/users', headers: fan3.auth, payload: { name: 'Seen On B' } })).statusCode).toBe(200);
      const until = Date.now() + 1000;
      let name = '';
      while (Date.now() < until && name !== 'Seen On B') {
        name = (await me(nodeB.app, fan3)).json().data.name;
        if (name !== 'Seen On B') await sleep(2);
      }
      expect(name).toBe('Seen On B');
    } finally {
      await nodeB.app.close();
      await database.close();
    }
  });
});
