import net from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@stagepass/shared';
import { createTestApp, type TestApp } from './harness';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, registerErrorHandler } from '../src/platform/errors';

/**
 * Issue 33 §4: while PostgreSQL is down (stopped, restarting, a failover) the API answers 503 with
 * Retry-After — not a 500 — and recovers by itself (the pool reconnects). The errors here are the
 * drivers' real ones: a connection refused by a port nothing listens on, and (on PostgreSQL) a
 * backend ended by the server mid-query. `scripts/prod-smoke.mjs --failures` stops a real cluster.
 */

let t: TestApp;
let closedPort: number;

beforeAll(async () => {
  t = await createTestApp();
  // A port that was free a moment ago: connecting to it is refused.
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise((r) => probe.close(r));
});
afterAll(async () => {
  await t?.close();
});

/** A bare app with the API's error handler, its log lines kept, and `route` as GET /read. */
async function appWith(route: () => Promise<unknown>) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({ write(chunk, _e, cb) { lines.push(JSON.parse(String(chunk))); cb(); } });
  const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink) });
  registerErrorHandler(app as unknown as Parameters<typeof registerErrorHandler>[0]);
  app.get('/read', route);
  return { app, lines };
}

describe('the database unreachable → 503 with Retry-After', () => {
  it('a query on a pool whose server refuses connections (Drizzle over node-postgres)', async () => {
    const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${closedPort}/none`, max: 1 });
    const db = drizzle(pool);
    const { app, lines } = await appWith(() => db.execute(sql`select 1`));
    try {
      const res = await app.inject({ method: 'GET', url: '/read' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: MESSAGES.temporarilyUnavailable });
      expect(lines.some((l) => l.msg === 'database unreachable: answered 503')).toBe(true);
      expect(lines.some((l) => l.msg === 'unhandled error')).toBe(false);
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('a query whose backend the server ends (pg_terminate_backend: 57P01, as on a fast shutdown)', async () => {
    const pool = t.ctx.database.pool!;
    const victim = await pool.connect();
    try {
      const { rows: [me] } = await victim.query<{ pid: number }>('select pg_backend_pid() as pid');
      const { app } = await appWith(async () => {
        const pending = victim.query('select pg_sleep(30)');
        // The backend's end can reject `pending` before the terminate call answers: a handler is
        // attached now, or that rejection is an unhandled one for the moment between.
        const outcome = pending.then(() => undefined, (e: unknown) => e);
        await pool.query('select pg_terminate_backend($1)', [me!.pid]);
        const error = await outcome;
        if (error) throw error;
        return pending;
      });
      try {
        const res = await app.inject({ method: 'GET', url: '/read' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      } finally {
        await app.close();
      }
    } finally {
      victim.release(true);
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('a connection the server ends while it is checked out does not end the process; the pool goes on', async () => {
    const pool = t.ctx.database.pool!;
    const held = await pool.connect();
    const { rows: [me] } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
    const ended = new Promise<void>((resolve) => held.once('end', () => resolve()));
    await pool.query('select pg_terminate_backend($1)', [me!.pid]);
    await ended; // without a listener, the client's 'error' event here was an uncaught exception
    await expect(held.query('select 1')).rejects.toThrow();
    held.release();
    expect((await pool.query('select 1 as ok')).rows[0]).toEqual({ ok: 1 });
  });

  it('other database errors stay 500 (a bug is not an outage)', async () => {
    const { app } = await appWith(() => t.ctx.db.execute(sql`select * from no_such_table`));
    try {
      expect((await app.inject({ method: 'GET', url: '/read' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });

  it('recognises the unreachable cases and nothing else', () => {
    expect(databaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(databaseUnavailable(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(databaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(databaseUnavailable(new Error('boom'))).toBe(false);
  });
});
