import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createAdmin, createAdminWithout2fa, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeed } from '../../../test/factories';
import { createVideo } from '../../../test/videos';
import { auditLog } from '../../platform/audit.tables';
import { users } from '../users/users.tables';
import { takedownStrikes } from './takedowns.tables';

/** Issue 28 §3 Takedowns (README.md): the notice, the queue's actions, the counter-notice and the sweep, strikes. */
let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Made | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
const audits = (action: string, targetId: string) => t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
const setting = async (key: string, value: unknown) => expect((await inject('PUT', `/admin/settings/${key}`, admin, { value: value as object })).statusCode).toBe(200);
async function mailsTo(to: string): Promise<Array<{ to: string; subject: string; text: string }>> {
  await t.ctx.queue.drain();
  const dir = t.config.outboxDir;
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json')).sort();
  const all = await Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as { to: string; subject: string; text: string }));
  return all.filter((m) => m.to === to);
}

let seq = 0;
const notice = (urls: string[], o: Record<string, unknown> = {}) => ({
  name: 'Rights Holder', email: `claimant${++seq}.${Date.now()}@example.com`, work: 'My photograph "Sunset over the bay"', urls,
  goodFaith: true, accurate: true, signature: 'Rights Holder', ...o,
});
async function file(urls: string[], who?: Made | null) {
  const body = notice(urls);
  const res = await inject('POST', '/takedowns', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json().data as { _id: string; number: number }), email: body.email };
}
async function creatorWithPost() {
  const creator = await createCreator(t);
  const feed = await createFeed(t, creator.user.id, { text: 'a sunset post', publishAt: new Date(Date.now() - 1000) });
  return { creator, feed };
}
const day = 86_400_000;

describe('filing a notice', () => {
  it('anyone (signed out) files; each address must name an item here (400 on that address); the claimant is mailed the number', async () => {
    const { feed } = await creatorWithPost();
    const bad = await inject('POST', '/takedowns', null, notice(['https://fans.example/post/' + feed.id, 'https://elsewhere.example/about']));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'urls.1' })]);
    const missing = await inject('POST', '/takedowns', null, notice(['/video/0190a0a0-0000-7000-8000-000000000000']));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([expect.objectContaining({ field: 'urls.0', message: 'Nothing on this site is at this address' })]);
    const unsworn = await inject('POST', '/takedowns', null, notice([`/post/${feed.id}`], { goodFaith: false, signature: '' }));
    expect(unsworn.statusCode).toBe(400);
    expect(unsworn.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['goodFaith', 'signature']);

    const n = await file([`https://fans.example/post/${feed.id}`, `/post/${feed.id}/`]);
    expect(n.number).toBeGreaterThan(0);
    const [mail] = await mailsTo(n.email);
    expect(mail!.subject).toContain(`#${n.number}`);
    const detail = await inject('GET', `/admin/takedowns/${n._id}`, admin);
    expect(detail.json().data).toMatchObject({ status: 'open', items: [{ kind: 'feed', id: feed.id, preview: { _id: feed.id } }] });
  });

  it('the console routes are the operator\'s only; the owner routes need a session; another creator cannot counter', async () => {
    const { creator, feed } = await creatorWithPost();
    const n = await file([`/post/${feed.id}`]);
    const fan = await createFan(t);
    const no2fa = await createAdminWithout2fa(t);
    for (const [m, url, body] of [
      ['GET', '/admin/takedowns', undefined], ['GET', `/admin/takedowns/${n._id}`, undefined], ['POST', `/admin/takedowns/${n._id}/hide`, undefined],
      ['POST', `/admin/takedowns/${n._id}/reject`, { reason: 'x' }], ['POST', `/admin/takedowns/${n._id}/request-info`, { message: 'x' }],
      ['POST', `/admin/takedowns/${n._id}/claimant-answered`, { reason: 'x' }],
    ] as const) {
      expect((await inject(m, url, null, body)).statusCode, url).toBe(401);
      expect((await inject(m, url, fan, body)).statusCode, url).toBe(403);
      expect((await inject(m, url, creator, body)).statusCode, url).toBe(403);
      expect((await inject(m, url, no2fa, body)).statusCode, url).toBe(403);
    }
    expect((await inject('GET', '/takedowns/mine', null)).statusCode).toBe(401);
    const counter = { statement: 'I own it', consent: true, signature: 'Me' };
    expect((await inject('POST', `/takedowns/${n._id}/counter`, null, counter)).statusCode).toBe(401);
    expect((await inject('POST', `/admin/takedowns/${n._id}/hide`, admin)).statusCode).toBe(200);
    const other = await createCreator(t);
    expect((await inject('POST', `/takedowns/${n._id}/counter`, other, counter)).statusCode).toBe(404);
    expect((await inject('GET', '/takedowns/mine', other)).json().data.total).toBe(0);
    expect((await inject('POST', `/takedowns/${n._id}/counter`, creator, { ...counter, consent: false })).statusCode).toBe(400);
    expect((await inject('GET', '/admin/takedowns?status=nope', admin)).statusCode).toBe(400);
    expect((await inject('POST', `/admin/takedowns/${n._id}/reject`, admin, { reason: '' })).statusCode).toBe(400);
  });
});

describe('hide, counter-notice, restore', () => {
  it('hide: the item is gone for fans (read and lists), the owner is told and struck, audited; the counter-notice restores it after the wait (sweep, test clock)', async () => {
    const { creator, feed } = await creatorWithPost();
    const fan = await createFan(t);
    const n = await file([`/post/${feed.id}`]);
    expect((await inject('GET', `/user/feeds/${feed.id}`, fan)).statusCode).toBe(200);

    const hid = await inject('POST', `/admin/takedowns/${n._id}/hide`, admin);
    expect(hid.statusCode, hid.body).toBe(200);
    expect(hid.json().data).toMatchObject({ status: 'hidden', items: [{ preview: { hidden: true, hiddenReason: `Takedown notice #${n.number}` } }] });
    expect((await inject('POST', `/admin/takedowns/${n._id}/hide`, admin)).statusCode).toBe(409);
    expect((await inject('GET', `/user/feeds/${feed.id}`, fan)).statusCode).toBe(404);
    const list = await inject('GET', `/user/feeds/search/${creator.user.username}`, fan);
    expect(list.json().data.data.map((f: { _id: string }) => f._id)).not.toContain(feed.id);
    expect(await audits('takedown.hide', n._id)).toHaveLength(1);
    expect(await audits('content.hide', feed.id)).toHaveLength(1);
    await t.ctx.queue.drain();
    const notes = (await inject('GET', '/notification', creator)).json().data.data as Array<{ text: string; link: string | null }>;
    expect(notes.find((x) => x.link === '/creator/takedowns')?.text).toContain(`#${n.number}`);

    const mine = (await inject('GET', '/takedowns/mine', creator)).json().data;
    expect(mine).toMatchObject({ total: 1, data: [{ _id: n._id, canCounter: true, counter: null, items: [{ id: feed.id }] }] });
    const filed = await inject('POST', `/takedowns/${n._id}/counter`, creator, { statement: 'This is my own photograph.', consent: true, signature: 'Creator' });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().data).toMatchObject({ canCounter: false, counter: { status: 'pending' } });
    expect((await inject('POST', `/takedowns/${n._id}/counter`, creator, { statement: 'again', consent: true, signature: 'Creator' })).statusCode).toBe(409);
    expect((await mailsTo(n.email)).some((m) => m.text.includes('This is my own photograph.'))).toBe(true);

    const now = t.ctx.clock.now().getTime();
    expect(await t.ctx.takedownActions.restoreDue(new Date(now + 9 * day))).toBe(0);
    expect((await inject('GET', `/user/feeds/${feed.id}`, fan)).statusCode).toBe(404);
    expect(await t.ctx.takedownActions.restoreDue(new Date(now + 10 * day + 1000))).toBe(1);
    expect((await inject('GET', `/user/feeds/${feed.id}`, fan)).statusCode).toBe(200);
    const [strike] = await t.ctx.db.select().from(takedownStrikes).where(eq(takedownStrikes.noticeId, n._id));
    expect(strike!.removedAt).not.toBeNull();
    expect(await audits('takedown.restore', n._id)).toHaveLength(1);
    expect(await audits('content.unhide', feed.id)).toHaveLength(1);
    expect((await inject('GET', `/admin/takedowns/${n._id}`, admin)).json().data.counters).toEqual([expect.objectContaining({ status: 'restored' })]);
  });

  it('the claimant answered: the counter-notice is upheld and the sweep leaves the item hidden', async () => {
    const { creator, feed } = await creatorWithPost();
    const fan = await createFan(t);
    const n = await file([`/post/${feed.id}`]);
    expect((await inject('POST', `/admin/takedowns/${n._id}/claimant-answered`, admin, { reason: 'x' })).statusCode).toBe(409);
    await inject('POST', `/admin/takedowns/${n._id}/hide`, admin);
    expect((await inject('POST', `/takedowns/${n._id}/counter`, creator, { statement: 'Mine.', consent: true, signature: 'C' })).statusCode).toBe(201);
    const answered = await inject('POST', `/admin/takedowns/${n._id}/claimant-answered`, admin, { reason: 'Case 24-cv-1 filed' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data.counters).toEqual([expect.objectContaining({ status: 'upheld' })]);
    expect(await audits('takedown.claimant_answered', n._id)).toHaveLength(1);
    await t.ctx.takedownActions.restoreDue(new Date(t.ctx.clock.now().getTime() + 30 * day));
    expect((await inject('GET', `/user/feeds/${feed.id}`, fan)).statusCode).toBe(404);
    expect((await mailsTo(creator.user.email!)).some((m) => m.text.includes('stays hidden'))).toBe(true);
  });

  it('reject and ask for more: the claimant is mailed, audited; a decided notice → 409', async () => {
    const { feed } = await creatorWithPost();
    const n = await file([`/post/${feed.id}`]);
    const info = await inject('POST', `/admin/takedowns/${n._id}/request-info`, admin, { message: 'Which photograph exactly?' });
    expect(info.json().data.status).toBe('info_requested');
    const rej = await inject('POST', `/admin/takedowns/${n._id}/reject`, admin, { reason: 'Not a copyright claim' });
    expect(rej.json().data).toMatchObject({ status: 'rejected', decisionNote: 'Not a copyright claim' });
    expect((await inject('POST', `/admin/takedowns/${n._id}/hide`, admin)).statusCode).toBe(409);
    const texts = (await mailsTo(n.email)).map((m) => m.text).join('\n');
    expect(texts).toContain('Which photograph exactly?');
    expect(texts).toContain('Not a copyright claim');
    expect(await audits('takedown.request_info', n._id)).toHaveLength(1);
    expect(await audits('takedown.reject', n._id)).toHaveLength(1);
    const q = (await inject('GET', '/admin/takedowns?status=rejected&limit=100', admin)).json().data;
    expect(q.data.map((x: { _id: string }) => x._id)).toContain(n._id);
  });

  it('strikes: reaching takedownStrikeLimit suspends the account (sessions end), audited', async () => {
    await setting('takedownStrikeLimit', 2);
    try {
      const creator = await createCreator(t);
      const a = await createFeed(t, creator.user.id, { text: 'one', publishAt: new Date(Date.now() - 1000) });
      const b = await createVideo(t, creator.user.id, { title: 'two' });
      const n1 = await file([`/post/${a.id}`]);
      const n2 = await file([`/video/${b.id}`]);
      await inject('POST', `/admin/takedowns/${n1._id}/hide`, admin);
      let [u] = await t.ctx.db.select().from(users).where(eq(users.id, creator.user.id));
      expect(u!.status).toBe('active');
      await inject('POST', `/admin/takedowns/${n2._id}/hide`, admin);
      [u] = await t.ctx.db.select().from(users).where(eq(users.id, creator.user.id));
      expect(u!.status).toBe('suspended');
      expect(await audits('user.suspend', creator.user.id)).toHaveLength(1);
      expect((await inject('GET', '/takedowns/mine', creator)).statusCode).toBe(401);
    } finally {
      await setting('takedownStrikeLimit', 3);
    }
  });
});
