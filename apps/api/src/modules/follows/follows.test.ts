import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { followItemSchema, followStateSchema } from '@stagepass/shared';
import { createAdmin, createCreator, createFan, createTestApp, type TestApp } from '../../../test/harness';
import { followerCounts, follows } from './follows.tables';
import { users } from '../users/users.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}) => t.app.inject({ method, url, headers });
const rows = (followerId: string, followingId: string) =>
  t.ctx.db.select().from(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)));

describe('POST/DELETE /follows/{id}', () => {
  it('follows a creator by id; following twice keeps one row and one count', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    const a = await req('POST', `/follows/${creator.user.id}`, fan.auth);
    expect(a.statusCode).toBe(200);
    expect(followStateSchema.parse(a.json().data)).toEqual({ performerId: creator.user.id, isFollowed: true, totalFollowers: 1 });
    const b = await req('POST', `/follows/${creator.user.id}`, fan.auth);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.totalFollowers).toBe(1);
    expect(await rows(fan.user.id, creator.user.id)).toHaveLength(1);
    const [c] = await t.ctx.db.select().from(followerCounts).where(eq(followerCounts.performerId, creator.user.id));
    expect(c!.total).toBe(1);
  });

  it('follows by username (any case)', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    const res = await req('POST', `/follows/${creator.user.username!.toUpperCase()}`, fan.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.performerId).toBe(creator.user.id);
  });

  it('cannot follow yourself (422), a fan (404) or an unknown id (404); anonymous → 401', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    const other = await createFan(t);
    expect((await req('POST', `/follows/${creator.user.id}`, creator.auth)).statusCode).toBe(422);
    expect((await req('POST', `/follows/${other.user.id}`, fan.auth)).statusCode).toBe(404);
    expect((await req('POST', `/follows/019a0000-0000-7000-8000-000000000000`, fan.auth)).statusCode).toBe(404);
    expect((await req('POST', `/follows/${creator.user.id}`)).statusCode).toBe(401);
  });

  it('an inactive creator cannot be followed (404)', async () => {
    const fan = await createFan(t);
    const creator = await createCreator(t);
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, creator.user.id));
    expect((await req('POST', `/follows/${creator.user.id}`, fan.auth)).statusCode).toBe(404);
  });

  it('unfollow removes the row and the count; unfollowing again is 200 (idempotent)', async () => {
    const fan = await createFan(t);
    const fan2 = await createFan(t);
    const creator = await createCreator(t);
    await req('POST', `/follows/${creator.user.id}`, fan.auth);
    await req('POST', `/follows/${creator.user.id}`, fan2.auth);
    const a = await req('DELETE', `/follows/${creator.user.id}`, fan.auth);
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toEqual({ performerId: creator.user.id, isFollowed: false, totalFollowers: 1 });
    expect(await rows(fan.user.id, creator.user.id)).toHaveLength(0);
    const b = await req('DELETE', `/follows/${creator.user.id}`, fan.auth);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.totalFollowers).toBe(1);
    expect((await req('DELETE', `/follows/${creator.user.id}`, fan2.auth)).json().data.totalFollowers).toBe(0);
    expect((await req('DELETE', `/follows/${creator.user.id}`)).statusCode).toBe(401);
  });
});

describe('GET /follows/followers and /follows/following', () => {
  it('lists a creator\'s followers (newest first) for the creator; others 403; admin may pass performerId', async () => {
    const creator = await createCreator(t);
    const fans = [await createFan(t), await createFan(t), await createFan(t)];
    for (const f of fans) await req('POST', `/follows/${creator.user.id}`, f.auth);
    const res = await req('GET', '/follows/followers?limit=2', creator.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.total).toBe(3);
    expect(body.data).toHaveLength(2);
    for (const it of body.data) followItemSchema.strict().parse(it);
    expect(body.data.map((u: { _id: string }) => u._id)).toEqual([fans[2]!.user.id, fans[1]!.user.id]);
    expect(res.body).not.toContain('@test.example');
    const page2 = (await req('GET', '/follows/followers?limit=2&offset=2', creator.auth)).json().data;
    expect(page2.data.map((u: { _id: string }) => u._id)).toEqual([fans[0]!.user.id]);

    expect((await req('GET', `/follows/followers?performerId=${creator.user.id}`, fans[0]!.auth)).statusCode).toBe(403);
    const admin = await createAdmin(t);
    expect((await req('GET', `/follows/followers?performerId=${creator.user.id}`, admin.auth)).json().data.total).toBe(3);
    expect((await req('GET', '/follows/followers')).statusCode).toBe(401);
  });

  it('lists the creators the caller follows with their public profile and counts', async () => {
    const fan = await createFan(t);
    const c1 = await createCreator(t);
    const c2 = await createCreator(t);
    const other = await createFan(t);
    await req('POST', `/follows/${c1.user.id}`, fan.auth);
    await req('POST', `/follows/${c2.user.id}`, fan.auth);
    await req('POST', `/follows/${c2.user.id}`, other.auth);
    const res = await req('GET', '/follows/following', fan.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.total).toBe(2);
    const [first, second] = body.data.map((x: unknown) => followItemSchema.strict().parse(x));
    expect(first).toMatchObject({ _id: c2.user.id, username: c2.user.username, isPerformer: true, isFollowed: true, totalFollowers: 2 });
    expect(second).toMatchObject({ _id: c1.user.id, totalFollowers: 1 });
    expect((await req('GET', '/follows/following', other.auth)).json().data.total).toBe(1);
  });

  it('pagination limits: limit > 100 → 400', async () => {
    const fan = await createFan(t);
    const res = await req('GET', '/follows/following?limit=101', fan.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('limit');
  });
});
