// Over 300 lines: the user endpoint family end to end (own profile, edits, avatar and cover uploads, public view, admin search).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { currentUserSchema, DEFAULT_AVATAR, MESSAGES, publicUserSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { storedFiles as harnessStoredFiles } from '../../../test/harness';
import { startSmtp } from '../../../test/smtp';
import { users } from './users.tables';
import { files } from '../media/media.tables';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let png: Buffer;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
  // A real 600×400 PNG with some structure, so every rendition is a real resize.
  png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .composite([{ input: Buffer.from('<svg width="200" height="200"><circle cx="100" cy="100" r="90" fill="#35f"/></svg>'), left: 200, top: 100 }])
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const put = (payload: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'PUT', url: '/users', payload: payload as object, headers });
const upload = (url: string, headers: Record<string, string>, file?: { content: Buffer; filename?: string; type?: string; field?: string }) => {
  const body = multipart({}, file ? [{ field: file.field ?? 'avatar', filename: file.filename ?? 'avatar.png', content: file.content, type: file.type ?? 'image/png' }] : []);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
};
const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
/** The path of an absolute URL the API built from PUBLIC_API_URL (inject wants a path). */
const localPath = (url: string) => {
  expect(url.startsWith(`${t.config.PUBLIC_API_URL}/`)).toBe(true);
  return url.slice(t.config.PUBLIC_API_URL.length);
};
/** Every file under DATA_DIR/files (relative paths). */
const storedFiles = () => harnessStoredFiles(t);

describe('GET /users/me', () => {
  it('answers the current user in the CurrentUser shape, with no password hash anywhere', async () => {
    const fan = await createFan(t);
    const res = await get('/users/me', fan.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const me = currentUserSchema.strict().parse(body.data);
    expect(me).toMatchObject({
      _id: fan.user.id, username: fan.user.username, email: fan.user.email, firstName: 'Test', lastName: 'Fan', name: 'Test Fan',
      isPerformer: false, isAdmin: false, roles: ['user'], verifiedEmail: true, balance: 0, avatar: DEFAULT_AVATAR, avatars: null, cover: null, status: 'active',
    });
    expect(new Date(me.createdAt).toISOString()).toBe(me.createdAt);
    expect(res.body).not.toMatch(/password|argon2/i);
    expect(res.body).not.toContain(fan.user.passwordHash!);
  });

  it('without a token → 401 with the error envelope', async () => {
    const res = await get('/users/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: MESSAGES.unauthenticated });
  });

  it('an admin is flagged isAdmin', async () => {
    const admin = await createAdmin(t);
    const res = await get('/users/me', admin.auth);
    expect(res.json().data).toMatchObject({ isAdmin: true, roles: ['user', 'admin'] });
  });
});

describe('PUT /users', () => {
  it('saves the changed fields and answers the updated user', async () => {
    const fan = await createFan(t);
    const res = await put({ firstName: 'Ada', lastName: 'Lovelace', gender: 'female', country: 'gb' }, fan.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.changesSaved);
    const data = currentUserSchema.parse(res.json().data);
    expect(data).toMatchObject({ _id: fan.user.id, firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', gender: 'female', country: 'GB', verifiedEmail: true });
    const row = await userRow(fan.user.id);
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace', gender: 'female', country: 'GB', verifiedEmail: true });
    expect(row.updatedAt.getTime()).toBeGreaterThan(fan.user.updatedAt.getTime());
    // The next read agrees.
    expect((await get('/users/me', fan.auth)).json().data).toMatchObject({ firstName: 'Ada', name: 'Ada Lovelace' });
  });

  it('changes the username (stored lower-case) and an empty body changes nothing', async () => {
    const fan = await createFan(t);
    const res = await put({ username: `Renamed${fan.user.id.slice(-6)}` }, fan.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe(`renamed${fan.user.id.slice(-6)}`);
    expect((await userRow(fan.user.id)).username).toBe(`renamed${fan.user.id.slice(-6)}`);
    const empty = await put({}, fan.auth);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.username).toBe(`renamed${fan.user.id.slice(-6)}`);
  });

  it('refuses a username or e-mail someone else has, case-insensitively (409 with field details)', async () => {
    const a = await createFan(t);
    const b = await createFan(t);
    const u = await put({ username: a.user.username!.toUpperCase() }, b.auth);
    expect(u.statusCode).toBe(409);
    expect(u.json()).toMatchObject({ statusCode: 409, error: 'Conflict', details: [{ field: 'username', message: MESSAGES.usernameTaken }] });
    const e = await put({ email: a.user.email!.toUpperCase(), currentPassword: TEST_PASSWORD }, b.auth);
    expect(e.statusCode).toBe(409);
    expect(e.json().details).toEqual([{ field: 'email', message: MESSAGES.emailTaken }]);
    const both = await put({ username: a.user.username, email: a.user.email, currentPassword: TEST_PASSWORD }, b.auth);
    expect(both.statusCode).toBe(409);
    expect(both.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'username']);
    const row = await userRow(b.user.id);
    expect(row.username).toBe(b.user.username);
    expect(row.email).toBe(b.user.email);
    // Re-submitting one's own username/e-mail (other case) is no conflict.
    const own = await put({ username: b.user.username!.toUpperCase(), email: b.user.email!.toUpperCase() }, b.auth);
    expect(own.statusCode).toBe(200);
    expect((await userRow(b.user.id)).verifiedEmail).toBe(true);
  });

  it('a race past the availability check still ends as 409 (unique index), not 500', async () => {
    const a = await createFan(t);
    const b = await createFan(t);
    const auth = t.ctx.auth;
    const check = auth.assertAvailable;
    auth.assertAvailable = async () => undefined; // as if `a` took the names between check and write
    try {
      const u = await put({ username: a.user.username }, b.auth);
      expect(u.statusCode).toBe(409);
      expect(u.json().details).toEqual([{ field: 'username', message: MESSAGES.usernameTaken }]);
      // (An e-mail is written only when a change is confirmed: its race is tested in auth/account-security.test.ts.)
    } finally {
      auth.assertAvailable = check;
    }
    expect(await userRow(b.user.id)).toMatchObject({ username: b.user.username, email: b.user.email });
  });

  it('lists invalid fields (400 with details) and saves none of them', async () => {
    const fan = await createFan(t);
    const res = await put({ username: 'x!', email: 'not-an-email', gender: 'robot', country: 'Narnia', firstName: '' }, fan.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: MESSAGES.validation });
    const fields = res.json().details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['country', 'email', 'firstName', 'gender', 'username']);
    const reserved = await put({ username: 'admin' }, fan.auth);
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().details).toEqual([{ field: 'username', message: 'This username is reserved, please choose another' }]);
    const row = await userRow(fan.user.id);
    expect(row).toMatchObject({ username: fan.user.username, email: fan.user.email, gender: 'female', country: null, firstName: 'Test' });
  });

  it('without a token → 401', async () => {
    expect((await put({ firstName: 'X' })).statusCode).toBe(401);
  });

  // E-mail changes (current password, confirmation link, notice to the old address): auth/account-security.test.ts.
});

describe('avatar upload', () => {
  it('stores three WebP renditions (96/256/512) served at their public URLs', async () => {
    const fan = await createFan(t);
    const res = await upload('/users/avatar/upload', fan.auth, { content: png });
    expect(res.statusCode).toBe(200);
    const { url, avatars } = res.json().data;
    expect(Object.keys(avatars).sort()).toEqual(['large', 'medium', 'thumb']);
    expect(url).toBe(avatars.medium);
    const expected = { thumb: 96, medium: 256, large: 512 } as const;
    for (const [name, size] of Object.entries(expected)) {
      const served = await get(localPath(avatars[name]));
      expect(served.statusCode, name).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
    const row = await userRow(fan.user.id);
    expect(Object.keys(row.avatar!).sort()).toEqual(['large', 'medium', 'thumb']);
    const [file] = await t.ctx.db.select().from(files).where(eq(files.ownerId, fan.user.id));
    expect(file).toMatchObject({ kind: 'avatars', visibility: 'public', status: 'ready', mimeType: 'image/webp', originalName: 'avatar.png' });
    const me = (await get('/users/me', fan.auth)).json().data;
    expect(me.avatar).toBe(avatars.medium);
    expect(me.avatars).toEqual(avatars);
  });

  it('refuses a disguised file (shell script, ELF) named avatar.jpg → 415, nothing written', async () => {
    const fan = await createFan(t);
    const before = await storedFiles();
    const script = Buffer.from('#!/bin/sh\nrm -rf / --no-preserve-root\n'.repeat(20));
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(512, 0x90)]);
    for (const content of [script, elf]) {
      const res = await upload('/users/avatar/upload', fan.auth, { content, filename: 'avatar.jpg', type: 'image/jpeg' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type', details: [{ field: 'avatar' }] });
    }
    expect((await userRow(fan.user.id)).avatar).toBeNull();
    expect(await t.ctx.db.select().from(files).where(eq(files.ownerId, fan.user.id))).toHaveLength(0);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file with image magic bytes that does not decode → 415, nothing written', async () => {
    const fan = await createFan(t);
    const before = await storedFiles();
    const broken = Buffer.concat([png.subarray(0, 64), Buffer.alloc(4000, 7)]);
    const res = await upload('/users/avatar/upload', fan.auth, { content: broken });
    expect(res.statusCode).toBe(415);
    expect((await userRow(fan.user.id)).avatar).toBeNull();
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts a large (several MB) image: the 1 MB JSON body limit does not apply to uploads', async () => {
    const fan = await createFan(t);
    const noise = await sharp(Buffer.from(Array.from({ length: 1200 * 1000 * 3 }, (_, i) => (i * 2654435761) >>> 24)), { raw: { width: 1200, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(3 * 1024 * 1024);
    const res = await upload('/users/avatar/upload', fan.auth, { content: noise });
    expect(res.statusCode).toBe(200);
    expect((await userRow(fan.user.id)).avatar).not.toBeNull();
  });

  it('refuses more than 15 MB → 413', async () => {
    const fan = await createFan(t);
    const big = Buffer.concat([png, Buffer.alloc(15 * 1024 * 1024 + 10)]);
    const res = await upload('/users/avatar/upload', fan.auth, { content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    expect((await userRow(fan.user.id)).avatar).toBeNull();
  });

  it('no file → 400; not multipart → 400; no token → 401', async () => {
    const fan = await createFan(t);
    const none = await upload('/users/avatar/upload', fan.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ field: 'avatar', message: 'Required' }]);
    const json = await t.app.inject({ method: 'POST', url: '/users/avatar/upload', payload: { avatar: 'x' }, headers: fan.auth });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart/);
    expect((await upload('/users/avatar/upload', {}, { content: png })).statusCode).toBe(401);
    expect((await userRow(fan.user.id)).avatar).toBeNull();
  });

  it('another user\'s avatar: a fan or creator gets 404, an admin may (200)', async () => {
    const victim = await createFan(t);
    const fan = await createFan(t);
    const creator = await createCreator(t);
    for (const who of [fan, creator]) {
      const res = await upload(`/users/${victim.user.id}/avatar/upload`, who.auth, { content: png });
      expect(res.statusCode).toBe(404);
    }
    expect((await userRow(victim.user.id)).avatar).toBeNull();
    expect((await userRow(fan.user.id)).avatar).toBeNull();
    // Oneself through the {id} form.
    expect((await upload(`/users/${fan.user.id}/avatar/upload`, fan.auth, { content: png })).statusCode).toBe(200);
    const admin = await createAdmin(t);
    const ok = await upload(`/users/${victim.user.id}/avatar/upload`, admin.auth, { content: png });
    expect(ok.statusCode).toBe(200);
    const row = await userRow(victim.user.id);
    expect(ok.json().data.avatars.medium).toBe(`${t.config.PUBLIC_API_URL}/files/${row.avatar!.medium}`);
    expect((await userRow(admin.user.id)).avatar).toBeNull();
    // Unknown id, even for an admin → 404.
    expect((await upload('/users/01900000-0000-7000-8000-000000000000/avatar/upload', admin.auth, { content: png })).statusCode).toBe(404);
  });
});

describe('cover upload', () => {
  it('stores a 1920×640 WebP cover served at its URL', async () => {
    const fan = await createFan(t);
    const res = await upload('/users/cover/upload', fan.auth, { content: png, field: 'cover' });
    expect(res.statusCode).toBe(200);
    const served = await get(localPath(res.json().data.url));
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1920, 640]);
    expect((await get('/users/me', fan.auth)).json().data.cover).toBe(res.json().data.url);
  });
});

describe('GET /users/view/{id}', () => {
  it('by id and by username (any case): the public shape, no e-mail', async () => {
    const fan = await createFan(t);
    for (const key of [fan.user.id, fan.user.username!, fan.user.username!.toUpperCase()]) {
      const res = await get(`/users/view/${encodeURIComponent(key)}`);
      expect(res.statusCode, key).toBe(200);
      const data = publicUserSchema.strict().parse(res.json().data);
      expect(data).toMatchObject({ _id: fan.user.id, username: fan.user.username, name: 'Test Fan', isPerformer: false, avatar: DEFAULT_AVATAR });
      expect(res.body).not.toContain(fan.user.email!);
      expect(res.json().data).not.toHaveProperty('email');
      expect(res.json().data).not.toHaveProperty('balance');
    }
  });

  it('a creator shows the same public profile as GET /performers/{id} (with bio)', async () => {
    const c = await createCreator(t);
    const put = await t.app.inject({ method: 'PUT', url: '/performers/me', headers: c.auth, payload: { bio: 'Hi from the stage' } });
    expect(put.statusCode).toBe(200);
    const view = await get(`/users/view/${c.user.username}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toMatchObject({ _id: c.user.id, isPerformer: true, bio: 'Hi from the stage' });
    expect(view.json().data).toEqual((await get(`/performers/${c.user.id}`)).json().data);
    expect(view.body).not.toContain(c.user.email!);
  });

  it('unknown id or username, or an inactive account → 404', async () => {
    expect((await get('/users/view/01900000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/users/view/nobody-by-that-name')).statusCode).toBe(404);
    const fan = await createFan(t);
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, fan.user.id));
    expect((await get(`/users/view/${fan.user.id}`)).statusCode).toBe(404);
  });
});

describe('GET /users/search (admin)', () => {
  it('anonymous → 401, fan → 403, creator → 403', async () => {
    expect((await get('/users/search')).statusCode).toBe(401);
    const fan = await createFan(t);
    const res = await get('/users/search', fan.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await get('/users/search', (await createCreator(t)).auth)).statusCode).toBe(403);
  });

  it('lists users with total; q, role filters and pagination', async () => {
    const admin = await createAdmin(t);
    const tag = `srch${Date.now().toString(36)}`;
    const fans = [];
    for (let i = 0; i < 3; i++) fans.push(await createFan(t, { username: `${tag}f${i}` }));
    const creators = [];
    for (let i = 0; i < 2; i++) creators.push(await createCreator(t, { username: `${tag}c${i}` }));

    const all = await get('/users/search?limit=100', admin.auth);
    expect(all.statusCode).toBe(200);
    const count = (await t.ctx.db.select().from(users)).length;
    expect(all.json().data.total).toBe(count);
    expect(all.json().data.data).toHaveLength(Math.min(count, 100));
    for (const u of all.json().data.data) currentUserSchema.parse(u);
    expect(all.body).not.toMatch(/password/i);

    const q = await get(`/users/search?q=${tag.toUpperCase()}`, admin.auth);
    expect(q.json().data.total).toBe(5);
    expect(q.json().data.data.map((u: { username: string }) => u.username).sort()).toEqual([...fans, ...creators].map((m) => m.user.username).sort());

    const perf = await get(`/users/search?q=${tag}&role=performer`, admin.auth);
    expect(perf.json().data.total).toBe(2);
    expect(perf.json().data.data.every((u: { isPerformer: boolean }) => u.isPerformer)).toBe(true);
    const plain = await get(`/users/search?q=${tag}&role=user`, admin.auth);
    expect(plain.json().data.total).toBe(3);
    const admins = await get('/users/search?role=admin', admin.auth);
    expect(admins.json().data.data.map((u: { _id: string }) => u._id)).toContain(admin.user.id);
    expect(admins.json().data.data.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true);

    // Pagination: stable order by username asc, two pages of 2 and a last of 1.
    const pages = [];
    for (const offset of [0, 2, 4]) {
      const p = await get(`/users/search?q=${tag}&sortBy=username&sort=asc&limit=2&offset=${offset}`, admin.auth);
      expect(p.statusCode).toBe(200);
      expect(p.json().data.total).toBe(5);
      pages.push(p.json().data.data.map((u: { username: string }) => u.username));
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual([...fans, ...creators].map((m) => m.user.username).sort());

    // `%` and `_` in q are literal characters, not wildcards.
    expect((await get('/users/search?q=%25', admin.auth)).json().data.total).toBe(0);
  });

  it('limit > 100, negative offset, unknown role → 400 with details', async () => {
    const admin = await createAdmin(t);
    const big = await get('/users/search?limit=101', admin.auth);
    expect(big.statusCode).toBe(400);
    expect(big.json().details[0].field).toBe('limit');
    expect((await get('/users/search?offset=-1', admin.auth)).json().details[0].field).toBe('offset');
    expect((await get('/users/search?role=god', admin.auth)).statusCode).toBe(400);
  });
});
