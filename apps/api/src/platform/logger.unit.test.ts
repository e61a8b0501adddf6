import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, fastifyLogging, formatLogLine, logFormat } from './logger';

/** Everything written to a stream, as text. */
function sink() {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d: Buffer) => (text += d.toString()));
  return { out, text: () => text };
}

async function appWith(config: { NODE_ENV: 'development' | 'production'; LOG_LEVEL: 'info' | 'debug' }) {
  const s = sink();
  const app = Fastify(fastifyLogging(config, s.out));
  app.get('/ping', async () => ({ ok: true }));
  app.get('/warn', async (req) => {
    req.log.warn('something odd');
    return { ok: true };
  });
  await app.inject({ method: 'GET', url: '/ping' });
  await app.inject({ method: 'GET', url: '/warn' });
  await app.inject({ method: 'GET', url: '/nowhere' });
  await app.close();
  return s.text();
}

describe('log format', () => {
  it('is JSON lines in production, compact lines anywhere else', () => {
    expect(logFormat({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormat({ NODE_ENV: 'development' })).toBe('pretty');
    expect(logFormat({ NODE_ENV: 'test' })).toBe('pretty');
  });

  it('development: no request lines at info, warnings shown as compact lines', async () => {
    const text = await appWith({ NODE_ENV: 'development', LOG_LEVEL: 'info' });
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}something odd reqId=\S+$/);
  });

  it('development: one debug line per request at LOG_LEVEL=debug', async () => {
    const text = await appWith({ NODE_ENV: 'development', LOG_LEVEL: 'debug' });
    expect(text).toMatch(/DEBUG GET \/ping 200 \d+ms\n/);
    expect(text).toMatch(/DEBUG GET \/warn 200 \d+ms\n/);
    expect(text).toMatch(/DEBUG no route for GET \/nowhere\n/);
    expect(text).toMatch(/DEBUG GET \/nowhere 404 \d+ms\n/);
    expect(text).not.toContain('{');
    expect(text).not.toContain('request completed');
  });

  it('production: JSON lines, Fastify request logs kept', async () => {
    const text = await appWith({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
    const records = text.trim().split('\n').map((l) => JSON.parse(l) as { msg: string; level: number });
    expect(records.map((r) => r.msg)).toEqual([
      'incoming request', 'request completed',
      'incoming request', 'something odd', 'request completed',
      'incoming request', 'Route GET:/nowhere not found', 'request completed',
    ]);
  });

  it('the worker logger follows the same rule', () => {
    const s = sink();
    createLogger({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, s.out).info({ queue: 'media' }, 'worker started');
    expect(s.text()).toMatch(/INFO {2}worker started queue=media\n$/);
  });
});

describe('formatLogLine', () => {
  const time = Date.UTC(2026, 0, 2, 3, 4, 5, 6);

  it('writes time, level, message and the other fields; hides pid, hostname and the request id below warn', () => {
    const line = JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', reqId: 'r1', msg: 'seeded', users: 3, who: 'Luna Rivers', opts: { a: 1 } });
    expect(formatLogLine(line)).toBe('03:04:05.006 INFO  seeded users=3 who="Luna Rivers" opts={"a":1}');
  });

  it('puts an error stack on indented lines under the record', () => {
    const line = JSON.stringify({ level: 50, time, reqId: 'r2', msg: 'unhandled error', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:1)' } });
    expect(formatLogLine(line)).toBe('03:04:05.006 ERROR unhandled error reqId=r2\n    Error: boom\n        at x (y.ts:1:1)');
  });

  it('an error without a stack stays on the line; long values are cut; non-JSON passes through', () => {
    expect(formatLogLine(JSON.stringify({ level: 40, time, msg: 'x', err: { type: 'HttpError', message: 'nope' } }))).toBe('03:04:05.006 WARN  x err="HttpError: nope"');
    expect(formatLogLine(JSON.stringify({ level: 30, time, msg: 'y', s: 'a'.repeat(500) }))).toMatch(/s=a{199}…$/);
    expect(formatLogLine('plain text\n')).toBe('plain text');
  });
});
