// Over 300 lines: the creator endpoint family end to end (registration, own profile, uploads, private documents, public profile).
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ACCESS_REASON_HEADER, BIRTH_DATE_MESSAGES, MESSAGES, PASSWORD_NOT_HERE_MESSAGE, performerProfileSchema, publicUserSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, TEST_PASSWORD, type Made, type TestApp } from '../../../test/harness';
import { storedFiles as harnessStoredFiles } from '../../../test/harness';
import { users } from '../users/users.tables';
import { files } from '../media/media.tables';
import { sessions } from '../auth/auth.tables';
import { performerProfiles } from './performers.tables';

let t: TestApp;
let png: Buffer;

/** A tiny but complete PDF (one empty page, correct xref offsets). */
function makePdf(): Buffer {
  const objs = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
const pdf = makePdf();

/** No ffmpeg here: a minimal ISO-BMFF file (ftyp isom + free + mdat boxes) that file-type reads as video/mp4. */
function makeMp4(): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]));
  // Whole as uploads check it (platform/uploads.ts assertWholeContainer): every box fits, an index (moov) is there.
  return Buffer.concat([ftyp, box('free', Buffer.alloc(0)), box('mdat', Buffer.alloc(64, 1)), box('moov', box('mvhd', Buffer.alloc(100)))]);
}
const mp4 = makeMp4();

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const localPath = (url: string) => {
  expect(url.startsWith(`${t.config.PUBLIC_API_URL}/`)).toBe(true);
  return url.slice(t.config.PUBLIC_API_URL.length);
};
const send = (url: string, headers: Record<string, string>, fields: Record<string, string>, list: Array<{ field: string; content: Buffer; filename?: string; type?: string }>) => {
  const body = multipart(fields, list.map((f) => ({ filename: 'file.bin', ...f })));
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
};
const storedFiles = () => harnessStoredFiles(t);
const userCount = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
const fileCount = async () => (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(files))[0]!.n;
let n = 0;
const regFields = (o: Record<string, string> = {}) => {
  n++;
  return { firstName: 'Cora', lastName: 'Stage', username: `cora${n}${Date.now().toString(36)}`, email: `cora${n}${Date.now().toString(36)}@x.test`, password: 'stage-pass-77', gender: 'female', orientation: 'straight', dateOfBirth: '1995-04-03', country: 'fr', ageConfirmed: 'true', acceptTerms: 'true', ...o };
};
const docs = () => [
  { field: 'idVerification', content: png, filename: 'id.png', type: 'image/png' },
  { field: 'documentVerification', content: pdf, filename: 'selfie.pdf', type: 'application/pdf' },
];
const register = (fields: Record<string, string>, list = docs()) => send('/auth/performers/register', {}, fields, list);

describe('POST /auth/performers/register', () => {
  it('creates a creator with its profile and both documents stored privately (201)', async () => {
    const fields = regFields();
    const res = await register(fields);
    expect(res.statusCode).toBe(201);
    const user = res.json().data.user;
    expect(user).toMatchObject({ username: fields.username, email: fields.email, isPerformer: true, roles: ['user', 'performer'], verifiedEmail: false, country: 'FR', gender: 'female' });
    expect(res.body).not.toMatch(/password/i);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({ isPerformer: true, username: fields.username });
    const [profile] = await t.ctx.db.select().from(performerProfiles).where(eq(performerProfiles.userId, user._id));
    expect(profile).toMatchObject({ orientation: 'straight', dateOfBirth: '1995-04-03', verificationStatus: 'pending', reviewedAt: null });
    const stored = await t.ctx.db.select().from(files).where(eq(files.ownerId, user._id));
    expect(stored.map((f) => [f.kind, f.visibility, f.mimeType, f.originalName]).sort()).toEqual([
      ['documentVerification', 'private', 'application/pdf', 'selfie.pdf'],
      ['idVerification', 'private', 'image/png', 'id.png'],
    ]);
    for (const f of stored) {
      expect(f.storageKey).toMatch(/^private\//);
      const onDisk = await fs.readFile(path.join(t.config.filesDir, f.storageKey));
      expect(onDisk.equals(f.kind === 'idVerification' ? png : pdf)).toBe(true);
      // Not reachable without a signature.
      const direct = await get(`/files/${f.storageKey}`);
      expect(direct.statusCode).toBe(403);
    }
    // The new creator can log in.
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: fields.username, password: fields.password } });
    expect(login.statusCode).toBe(200);
  });

  it('missing documents → 400 naming them, and no account is created', async () => {
    const users0 = await userCount();
    const files0 = await storedFiles();
    const fields = regFields();
    const none = await register(fields, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ field: 'idVerification', message: 'Required' }, { field: 'documentVerification', message: 'Required' }]);
    const one = await register(fields, docs().slice(0, 1));
    expect(one.statusCode).toBe(400);
    expect(one.json().details).toEqual([{ field: 'documentVerification', message: 'Required' }]);
    expect(await userCount()).toBe(users0);
    expect(await t.ctx.db.select().from(users).where(eq(users.username, fields.username))).toHaveLength(0);
    expect(await storedFiles()).toEqual(files0);
  });

  it('gender is optional, with more choices and "prefer not to say" (issue 26 §4.16)', async () => {
    const { gender: _omitted, ...withoutGender } = regFields();
    const none = await register(withoutGender);
    expect(none.statusCode).toBe(201);
    expect(none.json().data.user.gender).toBeNull();
    for (const gender of ['non-binary', 'prefer-not-to-say']) {
      const res = await register(regFields({ gender }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.user.gender).toBe(gender);
    }
  });

  it('invalid fields → 400 with details, no account, no files', async () => {
    const users0 = await userCount();
    const files0 = await storedFiles();
    const res = await register(regFields({ username: 'no way!', email: 'nope', gender: 'robot', dateOfBirth: '03/04/1995', firstName: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['dateOfBirth', 'email', 'firstName', 'gender', 'username']);
    const weak = await register(regFields({ password: 'short' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().details[0].field).toBe('password');
    expect(await userCount()).toBe(users0);
    expect(await storedFiles()).toEqual(files0);
  });

  it('a birth date that is not real (0601-02-01, 1995-02-30, in the future, under 18) → 400 on dateOfBirth, no account (issue 26 §4.7)', async () => {
    const users0 = await userCount();
    const future = `${new Date().getUTCFullYear() + 1}-01-01`;
    const minor = `${new Date().getUTCFullYear() - 10}-01-01`;
    for (const dateOfBirth of ['0601-02-01', '1899-12-31', '1995-02-30', future, minor]) {
      const res = await register(regFields({ dateOfBirth }));
      expect(res.statusCode, dateOfBirth).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field), dateOfBirth).toEqual(['dateOfBirth']);
    }
    expect(await userCount()).toBe(users0);
    const c = await createCreator(t);
    const edit = await t.app.inject({ method: 'PUT', url: '/performers/me', headers: c.auth, payload: { dateOfBirth: '0601-02-01' } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().details).toEqual([{ field: 'dateOfBirth', message: BIRTH_DATE_MESSAGES.tooOld }]);
  });

  it('a disguised document (script named .pdf) → 415, no account', async () => {
    const users0 = await userCount();
    const res = await register(regFields(), [docs()[0]!, { field: 'documentVerification', content: Buffer.from('#!/bin/sh\necho pwned\n'), filename: 'doc.pdf', type: 'application/pdf' }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().details).toEqual([{ field: 'documentVerification', message: expect.stringMatching(/image or a PDF/) }]);
    expect(await userCount()).toBe(users0);
  });

  it('duplicate username (any case) → 409; duplicate e-mail → the usual answer; no second account and no stored files left', async () => {
    const first = regFields();
    expect((await register(first)).statusCode).toBe(201);
    const users0 = await userCount();
    const files0 = await storedFiles();
    const rows0 = await fileCount();
    const dupUser = await register(regFields({ username: first.username.toUpperCase() }));
    expect(dupUser.statusCode).toBe(409);
    expect(dupUser.json().details).toEqual([{ field: 'username', message: MESSAGES.usernameTaken }]);
    // A taken e-mail answers as a new account would (F7), but creates nothing and stores no file.
    const dupEmail = await register(regFields({ email: first.email.toUpperCase() }));
    expect(dupEmail.statusCode).toBe(201);
    expect(await userCount()).toBe(users0);
    expect(await fileCount()).toBe(rows0);
    expect(await storedFiles()).toEqual(files0);
  });
});

describe('GET /performers/me', () => {
  it('creator → 200 with the profile and documents behind signed URLs that download', async () => {
    const fields = regFields();
    await register(fields);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: fields.username, password: fields.password } });
    const auth = { authorization: `Bearer ${login.json().data.token}` };
    const res = await get('/performers/me', auth);
    expect(res.statusCode).toBe(200);
    const me = performerProfileSchema.strict().parse(res.json().data);
    expect(me).toMatchObject({ username: fields.username, isPerformer: true, orientation: 'straight', dateOfBirth: '1995-04-03', bio: null, languages: [], welcomeVideo: null, verifiedDocument: false });
    expect(me.verification).toMatchObject({ status: 'pending', note: null, reviewedAt: null, required: true, canSell: false });
    expect(me.documents.map((d) => d.kind).sort()).toEqual(['documentVerification', 'idVerification']);
    for (const d of me.documents) {
      const u = new URL(d.url);
      expect(u.pathname).toMatch(/^\/files\/private\//);
      expect(u.searchParams.get('sig')).toBeTruthy();
      const dl = await get(localPath(d.url));
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['cache-control']).toBe('private, no-store');
      expect(dl.rawPayload.equals(d.kind === 'idVerification' ? png : pdf)).toBe(true);
      expect(dl.headers['content-type']).toBe(d.kind === 'idVerification' ? 'image/png' : 'application/pdf');
    }
    expect(res.body).not.toMatch(/password/i);
  });

  it('fan → 403, anonymous → 401', async () => {
    const fan = await createFan(t);
    const res = await get('/performers/me', fan.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect((await get('/performers/me')).statusCode).toBe(401);
  });
});

describe('PUT /performers/me', () => {
  it('saves creator and user fields together', async () => {
    const c = await createCreator(t);
    const res = await t.app.inject({
      method: 'PUT', url: '/performers/me', headers: c.auth,
      payload: { bio: 'Singer and songwriter', city: 'Lyon', state: 'ARA', zipcode: '69001', address: '1 rue X', languages: ['fr', 'en'], orientation: 'bisexual', dateOfBirth: '1990-01-02', firstName: 'Léa', country: 'FR' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.changesSaved);
    const data = performerProfileSchema.parse(res.json().data);
    expect(data).toMatchObject({ bio: 'Singer and songwriter', city: 'Lyon', languages: ['fr', 'en'], orientation: 'bisexual', firstName: 'Léa', name: 'Léa Creator', country: 'FR' });
    const [p] = await t.ctx.db.select().from(performerProfiles).where(eq(performerProfiles.userId, c.user.id));
    expect(p).toMatchObject({ bio: 'Singer and songwriter', city: 'Lyon', state: 'ARA', zipcode: '69001', address: '1 rue X', languages: ['fr', 'en'], orientation: 'bisexual', dateOfBirth: '1990-01-02' });
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.user.id));
    expect(u).toMatchObject({ firstName: 'Léa', country: 'FR' });
    // Only a creator field: the user row is left alone, no error.
    const bioOnly = await t.ctx.db.select().from(users).where(eq(users.id, c.user.id));
    const again = await t.app.inject({ method: 'PUT', url: '/performers/me', headers: c.auth, payload: { bio: 'Only the bio' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ bio: 'Only the bio', city: 'Lyon', firstName: 'Léa' });
    expect((await t.ctx.db.select().from(users).where(eq(users.id, c.user.id)))[0]!.firstName).toBe(bioOnly[0]!.firstName);
  });

  it('refuses `password` (F1): 400, nothing saved, the old password still works and no session ends', async () => {
    const c = await createCreator(t);
    const other = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: c.user.username, password: TEST_PASSWORD } });
    const otherAuth = { authorization: `Bearer ${other.json().data.token}` };
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: c.user.username, password } });
    for (const password of ['brand-new-stage-9', '']) {
      const res = await t.app.inject({ method: 'PUT', url: '/performers/me', headers: c.auth, payload: { password, bio: 'should not stick' } });
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json().details).toEqual([{ field: 'password', message: PASSWORD_NOT_HERE_MESSAGE }]);
    }
    expect((await login('brand-new-stage-9')).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await get('/performers/me', otherAuth)).statusCode).toBe(200);
    const [p] = await t.ctx.db.select().from(performerProfiles).where(eq(performerProfiles.userId, c.user.id));
    expect(p?.bio ?? null).toBeNull();
  });

  it('a weak password or invalid field → 400 and nothing is saved', async () => {
    const c = await createCreator(t);
    const bad = await t.app.inject({ method: 'PUT', url: '/performers/me', headers: c.auth, payload: { orientation: 'none', languages: 'fr', bio: 'x'.repeat(2001) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['bio', 'languages', 'orientation']);
    const [p] = await t.ctx.db.select().from(performerProfiles).where(eq(performerProfiles.userId, c.user.id));
    expect(p?.bio ?? null).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: c.user.username, password: TEST_PASSWORD } })).statusCode).toBe(200);
  });

  it('a taken username → 409 and neither the user nor the creator fields change', async () => {
    const a = await createCreator(t);
    const b = await createCreator(t);
    const res = await t.app.inject({ method: 'PUT', url: '/performers/me', headers: b.auth, payload: { username: a.user.username, bio: 'new bio' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual([{ field: 'username', message: MESSAGES.usernameTaken }]);
    const [p] = await t.ctx.db.select().from(performerProfiles).where(eq(performerProfiles.userId, b.user.id));
    expect(p?.bio ?? null).toBeNull();
  });

  it('a changed e-mail needs the current password and waits for the link mailed to it', async () => {
    const c = await createCreator(t);
    const email = `new-${c.user.id.slice(-6)}@x.test`;
    const without = await t.app.inject({ method: 'PUT', url: '/performers/me', headers: c.auth, payload: { email, bio: 'nope' } });
    expect(without.statusCode).toBe(400);
    expect(without.json().details).toEqual([{ field: 'currentPassword', message: 'Enter your current password' }]);
    const res = await t.app.inject({ method: 'PUT', url: '/performers/me', headers: c.auth, payload: { email, currentPassword: TEST_PASSWORD, bio: 'yes' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pendingEmail: email, data: { email: c.user.email, verifiedEmail: true, bio: 'yes' } });
    await t.ctx.queue.drain(); // the link is mailed by an event handler (auth.handlers.ts)
    const outbox = await fs.readdir(t.config.outboxDir);
    const mails = await Promise.all(outbox.filter((f) => f.endsWith('.json')).map(async (f) => JSON.parse(await fs.readFile(path.join(t.config.outboxDir, f), 'utf8'))));
    const mail = mails.find((m) => m.to === email && /Confirm your new e-mail/.test(m.subject));
    const token = decodeURIComponent(/\/auth\/confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    expect((await t.app.inject({ method: 'POST', url: '/auth/email-change/confirm', payload: { token } })).statusCode).toBe(200);
    expect((await get('/performers/me', c.auth)).json().data).toMatchObject({ email, verifiedEmail: true });
  });

  it('fan → 403, anonymous → 401', async () => {
    const fan = await createFan(t);
    const res = await t.app.inject({ method: 'PUT', url: '/performers/me', headers: fan.auth, payload: { bio: 'hi' } });
    expect(res.statusCode).toBe(403);
    expect(await t.ctx.db.select().from(performerProfiles).where(eq(performerProfiles.userId, fan.user.id))).toHaveLength(0);
    expect((await t.app.inject({ method: 'PUT', url: '/performers/me', payload: { bio: 'hi' } })).statusCode).toBe(401);
  });
});

describe('creator uploads', () => {
  it('avatar and cover: creator 200 (served WebP), fan 403', async () => {
    const c = await createCreator(t);
    const fan = await createFan(t);
    const avatar = await send('/performers/avatar/upload', c.auth, {}, [{ field: 'avatar', content: png, type: 'image/png' }]);
    expect(avatar.statusCode).toBe(200);
    const a = await get(localPath(avatar.json().data.url));
    expect(a.headers['content-type']).toBe('image/webp');
    expect((await sharp(a.rawPayload).metadata()).width).toBe(256);
    const cover = await send('/performers/cover/upload', c.auth, {}, [{ field: 'cover', content: png, type: 'image/png' }]);
    expect(cover.statusCode).toBe(200);
    expect((await sharp((await get(localPath(cover.json().data.url))).rawPayload).metadata()).width).toBe(1920);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, c.user.id));
    expect(row!.avatar).not.toBeNull();
    expect(row!.cover).not.toBeNull();
    const me = (await get('/performers/me', c.auth)).json().data;
    expect(me.avatar).toBe(avatar.json().data.url);
    expect(me.cover).toBe(cover.json().data.url);

    for (const url of ['/performers/avatar/upload', '/performers/cover/upload']) {
      const res = await send(url, fan.auth, {}, [{ field: url.includes('avatar') ? 'avatar' : 'cover', content: png, type: 'image/png' }]);
      expect(res.statusCode).toBe(403);
    }
    const [fanRow] = await t.ctx.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(fanRow!.avatar).toBeNull();
    expect(fanRow!.cover).toBeNull();
  });

  it('welcome video: creator 200, served as video/mp4 with ranges, shown on the public page; fan 403; an image → 415', async () => {
    const c = await createCreator(t);
    const res = await send('/performers/welcome-video/upload', c.auth, {}, [{ field: 'welcomeVideo', content: mp4, filename: 'hello.mp4', type: 'video/mp4' }]);
    expect(res.statusCode).toBe(200);
    const url = res.json().data.url as string;
    const served = await get(localPath(url));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(mp4)).toBe(true);
    const part = await get(localPath(url), { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${mp4.length}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    const [p] = await t.ctx.db.select().from(performerProfiles).where(eq(performerProfiles.userId, c.user.id));
    expect(url).toBe(`${t.config.PUBLIC_API_URL}/files/${p!.welcomeVideoKey}`);
    expect((await get('/performers/me', c.auth)).json().data.welcomeVideo).toBe(url);
    expect((await get(`/performers/${c.user.username}`)).json().data.welcomeVideo).toBe(url);

    const notVideo = await send('/performers/welcome-video/upload', c.auth, {}, [{ field: 'file', content: png, filename: 'x.mp4', type: 'video/mp4' }]);
    expect(notVideo.statusCode).toBe(415);
    const fan = await createFan(t);
    expect((await send('/performers/welcome-video/upload', fan.auth, {}, [{ field: 'welcomeVideo', content: mp4, type: 'video/mp4' }])).statusCode).toBe(403);
    expect((await send('/performers/welcome-video/upload', {}, {}, [{ field: 'welcomeVideo', content: mp4, type: 'video/mp4' }])).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(files).where(eq(files.ownerId, fan.user.id))).toHaveLength(0);
  });

  it('no file → 400', async () => {
    const c = await createCreator(t);
    const res = await send('/performers/welcome-video/upload', c.auth, {}, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'welcomeVideo', message: 'Required' }]);
  });
});

describe('private documents', () => {
  let owner: Made;
  let docId: string;
  let docKey: string;
  beforeAll(async () => {
    owner = await createCreator(t);
    const up = await send('/performers/documents/upload', owner.auth, { kind: 'idVerification' }, [{ field: 'file', content: pdf, filename: 'passport.pdf', type: 'application/pdf' }]);
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toMatchObject({ kind: 'idVerification', name: 'passport.pdf' });
    docId = up.json().data._id;
    const [f] = await t.ctx.db.select().from(files).where(and(eq(files.id, docId), eq(files.ownerId, owner.user.id)));
    expect(f).toMatchObject({ visibility: 'private', kind: 'idVerification', mimeType: 'application/pdf' });
    docKey = f!.storageKey;
  });

  it('upload: an unknown kind → 400 and nothing stored; no kind → "other"; a fan cannot upload', async () => {
    const before = await storedFiles();
    const bad = await send('/performers/documents/upload', owner.auth, { kind: 'whatever' }, [{ field: 'document', content: png, type: 'image/png' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('kind');
    expect(await storedFiles()).toEqual(before);
    const up = await send('/performers/documents/upload', owner.auth, {}, [{ field: 'document', content: png, type: 'image/png' }]);
    expect(up.statusCode).toBe(200);
    expect(up.json().data.kind).toBe('other');
    const fan = await createFan(t);
    expect((await send('/performers/documents/upload', fan.auth, {}, [{ field: 'file', content: pdf }])).statusCode).toBe(403);
  });

  it('the owner gets a signed URL that downloads the same bytes', async () => {
    const res = await get(`/performers/documents/${docId}`, owner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.expiresIn).toBe(300);
    const dl = await get(localPath(res.json().data.url));
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(pdf)).toBe(true);
  });

  it('another creator or a fan → 404; anonymous → 401; an admin → 200', async () => {
    for (const who of [await createCreator(t), await createFan(t)]) {
      const res = await get(`/performers/documents/${docId}`, who.auth);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(docKey);
    }
    expect((await get(`/performers/documents/${docId}`)).statusCode).toBe(401);
    const admin = await createAdmin(t);
    const res = await get(`/performers/documents/${docId}`, { ...admin.auth, [ACCESS_REASON_HEADER]: 'Reviewing the case' });
    expect(res.statusCode).toBe(200);
    expect((await get(localPath(res.json().data.url))).rawPayload.equals(pdf)).toBe(true);
    // A non-document file (an avatar) is not served through this route, even to its owner.
    const av = await send('/performers/avatar/upload', owner.auth, {}, [{ field: 'avatar', content: png, type: 'image/png' }]);
    expect(av.statusCode).toBe(200);
    const [avatarFile] = await t.ctx.db.select().from(files).where(and(eq(files.ownerId, owner.user.id), eq(files.kind, 'avatars')));
    expect((await get(`/performers/documents/${avatarFile!.id}`, owner.auth)).statusCode).toBe(404);
    expect((await get('/performers/documents/01900000-0000-7000-8000-000000000000', admin.auth)).statusCode).toBe(404);
    expect((await get('/performers/documents/not-a-uuid', admin.auth)).statusCode).toBe(400);
  });

  it('a tampered signature, an expired link, a missing signature → 403', async () => {
    const res = await get(`/performers/documents/${docId}`, owner.auth);
    const u = new URL(res.json().data.url);
    const sig = u.searchParams.get('sig')!;
    const expires = Number(u.searchParams.get('expires'));
    expect(expires).toBeGreaterThan(Date.now() / 1000 + 200);
    const tampered = `${u.pathname}?expires=${expires}&sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get(tampered)).statusCode).toBe(403);
    // Pushing the expiry out invalidates the signature.
    expect((await get(`${u.pathname}?expires=${expires + 3600}&sig=${sig}`)).statusCode).toBe(403);
    // A correctly signed link whose time is up.
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = await get(`${u.pathname}?expires=${past}&sig=${t.ctx.media.sign(docKey, past)}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);
    expect((await get(u.pathname)).statusCode).toBe(403);
    // A signature for one key does not open another.
    const [other] = await t.ctx.db.select().from(files).where(and(eq(files.ownerId, owner.user.id), eq(files.kind, 'other')));
    expect((await get(`/files/${other!.storageKey}?expires=${expires}&sig=${sig}`)).statusCode).toBe(403);
    // The genuine link still works.
    expect((await get(`${u.pathname}${u.search}`)).statusCode).toBe(200);
  });
});

describe('GET /performers/{id}', () => {
  it('a creator by id and by username (any case): the public shape', async () => {
    const c = await createCreator(t);
    await t.app.inject({ method: 'PUT', url: '/performers/me', headers: c.auth, payload: { bio: 'Hello fans', city: 'Secret city' } });
    for (const key of [c.user.id, c.user.username!, c.user.username!.toUpperCase()]) {
      const res = await get(`/performers/${key}`);
      expect(res.statusCode, key).toBe(200);
      const data = publicUserSchema.strict().parse(res.json().data);
      expect(data).toMatchObject({ _id: c.user.id, username: c.user.username, isPerformer: true, bio: 'Hello fans', name: 'Test Creator', verified: true });
      expect(res.body).not.toContain(c.user.email!);
      expect(res.body).not.toContain('Secret city');
    }
  });

  it('a fan, an unknown id or username, a suspended creator → 404', async () => {
    const fan = await createFan(t);
    for (const key of [fan.user.id, fan.user.username!, '01900000-0000-7000-8000-000000000000', 'no-such-creator']) {
      const res = await get(`/performers/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    const c = await createCreator(t);
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, c.user.id));
    expect((await get(`/performers/${c.user.id}`)).statusCode).toBe(404);
  });
});

describe('sessions table is untouched by reads', () => {
  it('GET /performers/me does not create sessions', async () => {
    const c = await createCreator(t);
    await get('/performers/me', c.auth);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, c.user.id))).toHaveLength(1);
  });
});
