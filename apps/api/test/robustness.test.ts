import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import Fastify from 'fastify';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createCreator, createFan, createTestApp, multipart, storedFiles, type Made, type TestApp } from './harness';
import { createFeed, subscribe } from './factories';
import { inputDbError, registerErrorHandler, sqlState } from '../src/platform/errors';
import { NUL_MESSAGE } from '../src/platform/input-guard';
import { files } from '../src/modules/media/media.tables';
import { users } from '../src/modules/users/users.tables';

/**
 * Issue 8, F3–F6: the API's edge. Bad input of any shape is a 4xx, never a 500: NUL characters
 * (F3), database errors caused by input (F3), cut-off uploads (F4), malformed ids (F5) and
 * unknown sort columns (F6).
 */

let t: TestApp;
let fan: Made;
let creator: Made;
let admin: Made;
let tmpRoot: string;
let png: Buffer;
const tmpdirBefore = process.env.TMPDIR;

beforeAll(async () => {
  // Uploads stream to os.tmpdir(): a private one, so leftovers can be counted without other test files' uploads.
  tmpRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-rob-'));
  process.env.TMPDIR = tmpRoot;
  t = await createTestApp();
  [fan, creator, admin] = await Promise.all([createFan(t), createCreator(t), createAdmin(t)]);
  // Noise so the PNG is large (≈ 200 KB) and a cut lands mid-file, after the type check.
  const raw = crypto.randomBytes(256 * 256 * 3);
  png = await sharp(raw, { raw: { width: 256, height: 256, channels: 3 } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
  // The next test file of this worker (vitest.config.ts: the api project shares one) uses the usual TMPDIR.
  if (tmpdirBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdirBefore;
  await fs.rm(tmpRoot, { recursive: true, force: true });
});

const inject = (method: string, url: string, o: { payload?: unknown; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: method as 'GET', url, payload: o.payload as string, headers: o.headers });
const uploadDirs = async () => (await fs.readdir(tmpRoot)).filter((d) => d.startsWith('stagepass-up-'));
const fileRows = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n;
const userRows = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('F3: a NUL character is refused at the edge (400), on every kind of input', () => {
  it('in a JSON body of an unauthenticated route (POST /auth/login)', async () => {
    const res = await inject('POST', '/auth/login', { payload: { username: 'a\u0000b', password: 'whatever-123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'username', message: NUL_MESSAGE }]);
  });
  it('in a path parameter (GET /users/view/a%00b)', async () => {
    const res = await inject('GET', '/users/view/a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: 'id', message: NUL_MESSAGE });
  });
  it('in a query value and a query key', async () => {
    expect((await inject('GET', '/performers/search?q=a%00b')).statusCode).toBe(400);
    expect((await inject('GET', '/search/feeds?q=ok&x%00y=1')).statusCode).toBe(400);
  });
  it('deep inside a signed-in body (nested field, array item)', async () => {
    const res = await inject('PUT', '/users', { headers: fan.auth, payload: { name: 'Fine', bio: 'bad\u0000bio' } });
    expect(res.statusCode).toBe(400);
    const poll = await inject('POST', '/performer/feeds/polls', {
      headers: creator.auth,
      payload: { question: 'Q?', options: ['one', 'tw\u0000o'], expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(poll.statusCode).toBe(400);
    expect(poll.json().details[0].field).toBe('options.1');
  });
  it('in a multipart text field and in a file name', async () => {
    const field = multipart({ kind: 'oth\u0000er' }, [{ field: 'file', filename: 'doc.png', content: png, type: 'image/png' }]);
    const r1 = await inject('POST', '/performers/documents/upload', { payload: field.payload, headers: { ...creator.auth, ...field.headers } });
    expect(r1.statusCode).toBe(400);
    const name = multipart({}, [{ field: 'avatar', filename: 'a\u0000.png', content: png, type: 'image/png' }]);
    const r2 = await inject('POST', '/users/avatar/upload', { payload: name.payload, headers: { ...fan.auth, ...name.headers } });
    expect(r2.statusCode).toBe(400);
    expect(await uploadDirs()).toEqual([]);
  });
  it('leaves raw bodies alone: the Stripe webhook still gets its bytes (signature check, not the NUL guard)', async () => {
    const res = await inject('POST', '/stripe/webhook', { payload: Buffer.from('{"a":"\u0000"}'), headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
    expect(res.statusCode).toBeLessThan(500);
    expect(JSON.stringify(res.json())).not.toContain(NUL_MESSAGE);
  });
});

describe('F3: database errors caused by input are 400; any other stays 500 and is logged with the request id', () => {
  it('finds the SQLSTATE behind Drizzle on this driver (PGlite or node-postgres)', async () => {
    const fail = (q: ReturnType<typeof sql>) => t.ctx.db.execute(q).then(() => null, (e: unknown) => e);
    const cases: Array<[ReturnType<typeof sql>, string]> = [
      [sql`select 'not-a-uuid'::uuid`, '22P02'],
      [sql`select 99999999999::int`, '22003'],
      [sql`select 'abcdef'::varchar(2)::text || repeat('x', 0)`, ''], // an explicit cast truncates: no error
      [sql`select 'yesterday-ish'::timestamptz`, '22007'],
      [sql`select '2024-13-45'::date`, '22008'],
    ];
    for (const [q, state] of cases) {
      const err = await fail(q);
      if (!state) {
        expect(err).toBeNull();
        continue;
      }
      expect(sqlState(err)).toBe(state);
      expect(inputDbError(err)?.statusCode).toBe(400);
    }
    const tooLong = await t.ctx.db.execute(sql`create temp table rob_vc (v varchar(3))`).then(() => t.ctx.db.execute(sql`insert into rob_vc values ('abcdef')`)).then(() => null, (e: unknown) => e);
    expect(sqlState(tooLong)).toBe('22001');
    expect(inputDbError(tooLong)?.statusCode).toBe(400);
    const notInput = await fail(sql`select 1 / 0`);
    expect(sqlState(notInput)).toBe('22012');
    expect(inputDbError(notInput)).toBeNull();
    const missing = await fail(sql`select * from no_such_table`);
    expect(inputDbError(missing)).toBeNull();
  });

  it('answers 400 for an input error and 500 (logged with the request id) for anything else', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({ write(chunk, _e, cb) { lines.push(JSON.parse(String(chunk))); cb(); } });
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink), requestIdHeader: 'x-request-id' });
    registerErrorHandler(app as unknown as Parameters<typeof registerErrorHandler>[0]);
    app.get('/bad-input', async () => t.ctx.db.execute(sql`select ${'nope'}::uuid`));
    app.get('/bug', async () => t.ctx.db.execute(sql`select * from no_such_table`));
    try {
      const bad = await app.inject({ method: 'GET', url: '/bad-input', headers: { 'x-request-id': 'req-bad' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      const bug = await app.inject({ method: 'GET', url: '/bug', headers: { 'x-request-id': 'req-bug' } });
      expect(bug.statusCode).toBe(500);
      expect(bug.json().message).not.toContain('no_such_table');
      const logged = lines.find((l) => l.msg === 'unhandled error');
      expect(logged?.reqId).toBe('req-bug');
    } finally {
      await app.close();
    }
  });
});

describe('F4: a cut-off multipart upload is 400 on every upload route, with nothing left behind', () => {
  const mp4 = (() => {
    const box = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + body.length);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body]);
    };
    const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]));
    return Buffer.concat([ftyp, box('mdat', crypto.randomBytes(200_000))]);
  })();
  const mp3 = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.from([0xff, 0xfb, 0x90, 0x64]), crypto.randomBytes(200_000)]);
  const routes = (): Array<{ url: string; who: Made | null; field: string; content: Buffer; fields?: Record<string, string> }> => [
    { url: '/users/avatar/upload', who: fan, field: 'avatar', content: png },
    { url: `/users/${fan.user.id}/avatar/upload`, who: admin, field: 'avatar', content: png },
    { url: '/users/cover/upload', who: fan, field: 'cover', content: png },
    { url: '/performers/avatar/upload', who: creator, field: 'avatar', content: png },
    { url: '/performers/cover/upload', who: creator, field: 'cover', content: png },
    { url: '/performers/welcome-video/upload', who: creator, field: 'file', content: mp4 },
    { url: '/performers/documents/upload', who: creator, field: 'file', content: png, fields: { kind: 'other' } },
    { url: '/performer/feeds/photo/upload', who: creator, field: 'file', content: png },
    { url: '/performer/feeds/thumbnail/upload', who: creator, field: 'file', content: png },
    { url: '/performer/feeds/video/upload', who: creator, field: 'file', content: mp4 },
    { url: '/performer/feeds/teaser/upload', who: creator, field: 'file', content: mp4 },
    { url: '/performer/feeds/audio/upload', who: creator, field: 'file', content: mp3 },
    { url: '/messages/private/file', who: fan, field: 'file', content: mp4 },
    { url: '/messages/private/file/photo', who: fan, field: 'message-photo', content: png },
    { url: '/messages/private/file/video', who: creator, field: 'file', content: mp4 },
    { url: '/messages/public/file/photo', who: creator, field: 'file', content: png },
    { url: '/messages/public/file/audio', who: creator, field: 'file', content: mp3 },
    {
      url: '/auth/performers/register', who: null, field: 'documentVerification', content: png,
      fields: { firstName: 'Cut', lastName: 'Off', username: `cut${Date.now().toString(36)}`, email: `cut${Date.now().toString(36)}@x.test`, password: 'stage-pass-77', gender: 'female', dateOfBirth: '1995-04-03', country: 'fr', ageConfirmed: 'true', acceptTerms: 'true' },
    },
  ];
  /** The body as the client meant it, and how it was cut. */
  const cuts = (payload: Buffer, fileAt: number, fileLen: number): Array<[string, Buffer]> => [
    ['mid-file', payload.subarray(0, fileAt + Math.floor(fileLen / 2))],
    ['after the file, no closing boundary', payload.subarray(0, fileAt + fileLen + 2)],
    ['inside the part headers', payload.subarray(0, fileAt - 20)],
  ];

  it('app.inject: truncated bodies → 400, no stored file, no file or account row, no temp files', async () => {
    const before = { stored: await storedFiles(t), files: await fileRows(), users: await userRows() };
    const failures: string[] = [];
    for (const r of routes()) {
      const body = multipart(r.fields ?? {}, [{ field: r.field, filename: 'x.bin', content: r.content }]);
      const fileAt = body.payload.indexOf(r.content);
      for (const [name, cut] of cuts(body.payload, fileAt, r.content.length)) {
        const res = await inject('POST', r.url, { payload: cut, headers: { ...(r.who?.auth ?? {}), ...body.headers } });
        if (res.statusCode !== 400) failures.push(`${r.url} (${name}): ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await storedFiles(t)).toEqual(before.stored);
    expect(await fileRows()).toBe(before.files);
    expect(await userRows()).toBe(before.users);
    expect(await uploadDirs()).toEqual([]);
  });

  it('a real socket closed mid-upload leaves nothing behind, and the server keeps serving', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    try {
      const before = { stored: await storedFiles(t), files: await fileRows() };
      for (const r of routes().filter((x) => x.who)) {
        const body = multipart(r.fields ?? {}, [{ field: r.field, filename: 'x.bin', content: r.content }]);
        const cutAt = body.payload.indexOf(r.content) + Math.floor(r.content.length / 2);
        await new Promise<void>((resolve, reject) => {
          const s = net.connect(Number(port), '127.0.0.1', () => {
            const head = [
              `POST ${r.url} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Authorization: ${r.who!.auth.authorization}`,
              `Content-Type: ${body.headers['content-type']}`, `Content-Length: ${body.payload.length}`, '', '',
            ].join('\r\n');
            s.write(head);
            s.write(body.payload.subarray(0, cutAt), () => setTimeout(() => { s.destroy(); resolve(); }, 50));
          });
          s.on('error', reject);
        });
      }
      // The server notices the close asynchronously: wait for every upload's temp directory to go.
      for (let i = 0; i < 100 && (await uploadDirs()).length; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await uploadDirs()).toEqual([]);
      expect(await storedFiles(t)).toEqual(before.stored);
      expect(await fileRows()).toBe(before.files);
      const ok = await fetch(`${address}/healthz`);
      expect(ok.status).toBe(200);
    } finally {
      await t.app.server.close();
    }
  });
});

describe('F5: every id is a UUID (one shared schema): a malformed id is 400, not a database error', () => {
  const notUuid = 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'; // 36 characters
  it('POST /wallet/charges/feed/{id} and cancel-subscription', async () => {
    expect(notUuid).toHaveLength(36);
    const charge = await inject('POST', `/wallet/charges/feed/${notUuid}`, { headers: fan.auth, payload: {} });
    expect(charge.statusCode).toBe(400);
    expect(charge.json().details[0]).toMatchObject({ field: 'id', message: 'Invalid id' });
    for (const provider of ['sandbox', 'stripe']) {
      const cancel = await inject('POST', `/payment/${provider}/cancel-subscription/${notUuid}`, { headers: fan.auth });
      expect(cancel.statusCode).toBe(400);
    }
  });
  it('feed, file and option ids in paths; ids in queries and bodies', async () => {
    const feed = await createFeed(t, creator.user.id);
    await subscribe(t, fan.user.id, creator.user.id);
    for (const url of [`/user/feeds/${notUuid}`, `/performer/feeds/${notUuid}`, `/files/${notUuid}/status`, `/user/feeds/${feed.id}/file/${notUuid}/status`, `/user/feeds/${notUuid}/file/${feed.id}/status`]) {
      const res = await inject('GET', url, { headers: creator.auth });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await inject('POST', `/user/feeds/vote/${notUuid}`, { headers: fan.auth })).statusCode).toBe(400);
    expect((await inject('GET', `/subscriptions/user/search?performerId=${notUuid}`, { headers: fan.auth })).statusCode).toBe(400);
    expect((await inject('POST', '/reactions', { headers: fan.auth, payload: { objectId: notUuid, objectType: 'feed', action: 'like' } })).statusCode).toBe(400);
    // the uploader's "not attached yet" form still works
    expect((await inject('GET', `/user/feeds/new/file/${feed.id}/status`, { headers: creator.auth })).statusCode).toBe(404);
    // ids that may be usernames keep working by username
    expect((await inject('GET', `/users/view/${creator.user.username}`)).statusCode).toBe(200);
  });
});

describe('F6: sortBy is an enum per list', () => {
  it('GET /users/search?sortBy=__proto__ → 400; a listed column works', async () => {
    const bad = await inject('GET', '/users/search?sortBy=__proto__', { headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('sortBy');
    for (const s of ['updatedAt', 'createdAt', 'username', 'name']) {
      expect((await inject('GET', `/users/search?sortBy=${s}&sort=asc`, { headers: admin.auth })).statusCode, s).toBe(200);
    }
  });
  it('every list refuses an unknown column and `constructor`', async () => {
    const lists = [
      ['/follows/following', fan], ['/follows/followers', creator], ['/reactions/feeds/bookmark', fan], [`/comments?objectType=feed&objectId=${crypto.randomUUID()}`, fan],
      ['/admin/reports', admin], ['/admin/coupons', admin], ['/search/feeds?q=hello', fan], ['/performers/search', fan], ['/performer/feeds', creator],
      ['/payment/transactions/user/search', fan], ['/wallet/charges/search', fan], ['/subscriptions/user/search', fan], ['/payout-requests/search', creator],
    ] as const;
    for (const [url, who] of lists) {
      const sep = url.includes('?') ? '&' : '?';
      for (const s of ['constructor', 'password', 'toString']) {
        const res = await inject('GET', `${url}${sep}sortBy=${s}`, { headers: who.auth });
        expect(res.statusCode, `${url} sortBy=${s}`).toBe(400);
      }
    }
  });
  it('follow lists sort by name as the web table asks', async () => {
    const res = await inject('GET', '/follows/following?sortBy=name&sort=asc', { headers: fan.auth });
    expect(res.statusCode).toBe(200);
  });
});
