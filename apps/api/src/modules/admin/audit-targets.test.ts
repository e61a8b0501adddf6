import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntrySchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeed } from '../../../test/factories';
import { recordAudit } from '../../platform/audit';

/** Issue 26 §4.19: audit log entries name their target (a user's name, a post's title…) with a link, not a bare id. */
let t: TestApp;
let admin: Made;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const entries = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/admin/audit-log?${q}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data.map((e: unknown) => auditEntrySchema.parse(e));
};

describe('audit log targets', () => {
  it('a user by name, linked to the console’s user page', async () => {
    const fan = await createFan(t);
    const r = await t.app.inject({ method: 'POST', url: `/admin/users/${fan.user.id}/suspend`, headers: admin.auth, payload: { reason: 'spam' } });
    expect(r.statusCode, r.body).toBe(200);
    const [e] = await entries(`targetId=${fan.user.id}&action=user.suspend`);
    expect(e.target).toEqual({ name: `${fan.user.name} (@${fan.user.username})`, link: `/admin/users/${fan.user.id}` });
  });

  it('a post by its title (first words), linked to the post; a setting by its key', async () => {
    const creator = await createCreator(t);
    const feed = await createFeed(t, creator.user.id, { text: 'Backstage at the Blue Room tonight' });
    await t.ctx.db.transaction((tx) => recordAudit(tx, { actorId: admin.user.id, ip: null, userAgent: null }, { action: 'content.hide', targetType: 'feed', targetId: feed.id, after: { hidden: true } }));
    const [e] = await entries(`targetId=${feed.id}`);
    expect(e.target).toMatchObject({ link: `/post/${feed.id}` });
    expect(e.target!.name).toContain('Backstage at the Blue Room');
    await t.ctx.db.transaction((tx) => recordAudit(tx, { actorId: admin.user.id, ip: null, userAgent: null }, { action: 'setting.update', targetType: 'setting', targetId: 'siteName' }));
    const [s] = await entries('targetType=setting&targetId=siteName');
    expect(s.target).toEqual({ name: 'siteName', link: '/admin/settings' });
  });

  it('a target that is gone keeps its id and no link', async () => {
    const gone = '01900000-0000-7000-8000-000000000000';
    await t.ctx.db.transaction((tx) => recordAudit(tx, { actorId: admin.user.id, ip: null, userAgent: null }, { action: 'user.suspend', targetType: 'user', targetId: gone }));
    const [e] = await entries(`targetId=${gone}`);
    expect(e.target).toEqual({ name: gone, link: null });
  });
});
