import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACCESS_REASON_HEADER, performerProfileSchema, publicUserSchema, verificationItemSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, multipart, type Made, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.tables';
import { notifications } from '../notifications/notifications.tables';
import { performerProfiles } from './performers.tables';

let t: TestApp;
let admin: Made;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST', url: string, who: Made | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
const upload = (who: Made, kind: string) => {
  const body = multipart({ kind }, [{ field: 'file', filename: `${kind}.png`, content: png, type: 'image/png' }]);
  return t.app.inject({ method: 'POST', url: '/performers/documents/upload', payload: body.payload, headers: { ...who.auth, ...body.headers } });
};
/** A creator awaiting review with both registration pictures. */
async function pendingCreator(): Promise<Made> {
  const c = await createCreator(t, { verification: 'pending' });
  expect((await upload(c, 'documentVerification')).statusCode).toBe(200);
  expect((await upload(c, 'idVerification')).statusCode).toBe(200);
  return c;
}
const queue = async (query = 'status=pending&limit=100') => {
  // The queue hands out ID pictures: the operator says why (issue 28 §6).
  const res = await t.app.inject({ method: 'GET', url: `/admin/verifications?${query}`, headers: { ...admin.auth, [ACCESS_REASON_HEADER]: 'Reviewing the queue' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { data: unknown[]; total: number };
};
const audits = (action: string, targetId: string) =>
  t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
const notes = (userId: string) => t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'verification')));
const mailsTo = async (to: string) => {
  await t.ctx.queue.drain();
  const names = (await fs.readdir(t.config.outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  const all = await Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(t.config.outboxDir, n), 'utf8')) as { to: string; subject: string }));
  return all.filter((m) => m.to === to);
};

describe('admin verification routes × roles', () => {
  it('anonymous 401, fan and creator 403 on the queue, approve and reject', async () => {
    const c = await pendingCreator();
    const fan = await createFan(t);
    const calls = [
      ['GET', '/admin/verifications', undefined],
      ['POST', `/admin/verifications/${c.user.id}/approve`, {}],
      ['POST', `/admin/verifications/${c.user.id}/reject`, { reason: 'Blurry' }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await inject(method, url, null, body)).statusCode, url).toBe(401);
      expect((await inject(method, url, fan, body)).statusCode, url).toBe(403);
      expect((await inject(method, url, c, body)).statusCode, url).toBe(403);
    }
    expect((await t.ctx.db.select().from(performerProfiles).where(eq(performerProfiles.userId, c.user.id)))[0]!.verificationStatus).toBe('pending');
  });

  it('bad input → 400 with field errors; unknown id or a fan → 404', async () => {
    const c = await pendingCreator();
    const fan = await createFan(t);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
      const res = await inject('POST', `/admin/verifications/${c.user.id}/reject`, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain('reason');
    }
    expect((await inject('GET', '/admin/verifications?status=maybe', admin)).statusCode).toBe(400);
    expect((await inject('POST', '/admin/verifications/not-an-id/approve', admin, {})).statusCode).toBe(400);
    for (const id of [fan.user.id, '01900000-0000-7000-8000-000000000000']) {
      expect((await inject('POST', `/admin/verifications/${id}/approve`, admin, {})).statusCode).toBe(404);
      expect((await inject('POST', `/admin/verifications/${id}/reject`, admin, { reason: 'No' })).statusCode).toBe(404);
    }
    expect(await audits('kyc.reject', c.user.id)).toEqual([]);
  });
});

describe('the queue', () => {
  it('pending creators oldest first, with both pictures as short-lived signed URLs; approved ones leave it', async () => {
    const first = await pendingCreator();
    const second = await pendingCreator();
    const approved = await createCreator(t);
    const page = await queue();
    const rows = page.data.map((r) => verificationItemSchema.strict().parse(r));
    const ids = rows.map((r) => r.performerId);
    expect(ids.indexOf(first.user.id)).toBeLessThan(ids.indexOf(second.user.id));
    expect(ids).not.toContain(approved.user.id);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    const row = rows.find((r) => r.performerId === first.user.id)!;
    expect(row).toMatchObject({ username: first.user.username, email: first.user.email, reviewer: null, reviewedAt: null });
    for (const pic of [row.document!, row.selfie!]) {
      const u = new URL(pic.url);
      expect(u.pathname).toMatch(/^\/files\/private\//);
      expect(Number(u.searchParams.get('expires')) * 1000 - Date.now()).toBeLessThanOrEqual(300_000 + 2_000);
      const bytes = await t.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
      expect(bytes.statusCode).toBe(200);
      expect(bytes.rawPayload.equals(png)).toBe(true);
    }
    // Paginated, with the total; q finds by username.
    const one = await queue(`status=pending&limit=1&q=${first.user.username}`);
    expect(one).toMatchObject({ total: 1 });
    // The documents reach only operators: the public profile and cards carry no document URL.
    const pub = await inject('GET', `/performers/${first.user.id}`, await createFan(t));
    expect(pub.body).not.toContain('/files/private/');
  });
});

describe('approve and reject', () => {
  it('approve: audited in the same transaction, the creator notified in the app and by e-mail, the badge appears', async () => {
    const c = await pendingCreator();
    expect(publicUserSchema.parse((await inject('GET', `/performers/${c.user.id}`, null)).json().data).verified).toBe(false);
    const res = await inject('POST', `/admin/verifications/${c.user.id}/approve`, admin, { note: 'Looks good' });
    expect(res.statusCode, res.body).toBe(200);
    expect(verificationItemSchema.strict().parse(res.json().data)).toMatchObject({ status: 'approved', note: 'Looks good', reviewer: { _id: admin.user.id } });
    const [entry, ...more] = await audits('kyc.approve', c.user.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'performer', before: { status: 'pending', note: null }, after: { status: 'approved', note: 'Looks good' } });
    expect((await inject('POST', `/admin/verifications/${c.user.id}/approve`, admin, {})).statusCode).toBe(409);
    expect(await audits('kyc.approve', c.user.id)).toHaveLength(1);
    await t.ctx.queue.drain();
    const [n] = await notes(c.user.id);
    expect(n?.text).toMatch(/identity was verified/);
    expect((await mailsTo(c.user.email!)).some((m) => /identity was verified/.test(m.subject))).toBe(true);
    expect(publicUserSchema.strict().parse((await inject('GET', `/performers/${c.user.username}`, null)).json().data).verified).toBe(true);
    const search = await inject('GET', `/performers/search?q=${c.user.username}`, null);
    expect(search.json().data.data.find((x: { _id: string }) => x._id === c.user.id)).toMatchObject({ verified: true });
    const me = performerProfileSchema.strict().parse((await inject('GET', '/performers/me', c)).json().data);
    expect(me.verification).toMatchObject({ status: 'approved', canSell: true, required: true });
    expect(me.verifiedDocument).toBe(true);
  });

  it('reject: needs a reason, is audited, tells the creator the reason; a re-upload puts them back in the queue', async () => {
    const c = await pendingCreator();
    const res = await inject('POST', `/admin/verifications/${c.user.id}/reject`, admin, { reason: 'The ID photo is blurry' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', note: 'The ID photo is blurry' });
    expect(await audits('kyc.reject', c.user.id)).toHaveLength(1);
    await t.ctx.queue.drain();
    expect((await notes(c.user.id))[0]?.text).toContain('The ID photo is blurry');
    expect((await mailsTo(c.user.email!)).some((m) => /not accepted/.test(m.subject))).toBe(true);
    const me = performerProfileSchema.parse((await inject('GET', '/performers/me', c)).json().data);
    expect(me.verification).toMatchObject({ status: 'rejected', note: 'The ID photo is blurry', canSell: false });
    expect((await queue()).data.map((r) => (r as { performerId: string }).performerId)).not.toContain(c.user.id);
    // An "other" document does not resubmit; a new ID picture does.
    expect((await upload(c, 'other')).statusCode).toBe(200);
    expect(performerProfileSchema.parse((await inject('GET', '/performers/me', c)).json().data).verification.status).toBe('rejected');
    expect((await upload(c, 'documentVerification')).statusCode).toBe(200);
    const again = performerProfileSchema.parse((await inject('GET', '/performers/me', c)).json().data).verification;
    expect(again.status).toBe('pending');
    expect(again.submittedAt > me.verification.submittedAt).toBe(true);
    expect((await queue()).data.map((r) => (r as { performerId: string }).performerId)).toContain(c.user.id);
  });

  it('a failed decision leaves no audit entry and no notification (rolled back with it)', async () => {
    const c = await createCreator(t); // already approved
    expect((await inject('POST', `/admin/verifications/${c.user.id}/approve`, admin, {})).statusCode).toBe(409);
    expect(await audits('kyc.approve', c.user.id)).toEqual([]);
    await t.ctx.queue.drain();
    expect(await notes(c.user.id)).toEqual([]);
  });
});
