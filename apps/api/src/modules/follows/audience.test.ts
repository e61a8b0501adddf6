import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { performerStatsSchema } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { addCard } from '../../../test/money';
import { subscribe } from '../../../test/factories';
import { userBlocks } from '../blocks/blocks.tables';
import { followerCounts, follows } from './follows.tables';

/**
 * Issue 26 §4.10: a creator paid by subscribers showed "0 Followers", and "Creators to discover"
 * told her own subscriber to follow her. Subscribers are part of the audience (subscribing follows),
 * and suggestions leave out the viewer, creators they follow and creators they subscribe to.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: Made, payload?: object) => t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
const randomIds = async (who?: Made) => (await req('GET', '/performers/search/random?limit=20', who)).json().data.map((c: { _id: string }) => c._id).sort();

describe("a creator's audience and suggestions", () => {
  it('a subscriber counts as a follower; suggestions leave out followed and subscribed creators (and the viewer)', async () => {
    const [luna, iris, marco] = [await createCreator(t), await createCreator(t), await createCreator(t)];
    const fan = await createFan(t);
    await addCard(t, fan);
    const sub = await req('POST', '/payment/subscribe/performers', fan, { performerId: luna.user.id, type: 'monthly' });
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await req('POST', `/follows/${iris.user.id}`, fan)).statusCode).toBe(200);
    await t.ctx.queue.drain();

    const stats = performerStatsSchema.parse((await req('GET', `/performers/${luna.user.id}/stats`, fan)).json().data);
    expect(stats).toMatchObject({ totalFollowers: 1, isFollowed: true });
    const card = (await req('GET', `/performers/search?q=${luna.user.username}`)).json().data.data[0];
    expect(card).toMatchObject({ _id: luna.user.id, totalFollowers: 1 });

    // Suggestions for the fan: neither Luna (subscribed) nor Iris (followed).
    expect(await randomIds(fan)).toEqual([marco.user.id]);
    // Unfollowing Luna while still subscribed: still not suggested.
    expect((await req('DELETE', `/follows/${luna.user.id}`, fan)).statusCode).toBe(200);
    expect(await randomIds(fan)).toEqual([marco.user.id]);
    // A creator is never suggested to themselves; visitors get everyone.
    expect(await randomIds(marco)).toEqual([luna.user.id, iris.user.id].sort());
    expect(await randomIds()).toEqual([luna.user.id, iris.user.id, marco.user.id].sort());
  });
});

describe('migration 0031 (subscribers who subscribed before the rule follow)', () => {
  it('current subscribers follow and the counts are recomputed; lapsed and blocked ones do not', async () => {
    const creator = await createCreator(t);
    const [current, cancelled, expired, blocked] = [await createFan(t), await createFan(t), await createFan(t), await createFan(t)];
    await subscribe(t, current.user.id, creator.user.id);
    await subscribe(t, cancelled.user.id, creator.user.id, { status: 'cancelled' });
    await subscribe(t, expired.user.id, creator.user.id, { status: 'expired', expiresAt: new Date(Date.now() - 1000) });
    await subscribe(t, blocked.user.id, creator.user.id);
    await t.ctx.db.insert(userBlocks).values({ blockerId: creator.user.id, targetId: blocked.user.id });
    const sqlText = await fs.readFile(new URL('../../../drizzle/0031_subscribers_follow.sql', import.meta.url), 'utf8');
    for (const statement of sqlText.split('--> statement-breakpoint')) await t.ctx.db.execute(statement);
    const rows = await t.ctx.db.select().from(follows).where(eq(follows.followingId, creator.user.id));
    expect(rows.map((r) => r.followerId).sort()).toEqual([current.user.id, cancelled.user.id].sort());
    const [count] = await t.ctx.db.select().from(followerCounts).where(eq(followerCounts.performerId, creator.user.id));
    expect(count?.total).toBe(2);
    expect(performerStatsSchema.parse((await req('GET', `/performers/${creator.user.id}/stats`)).json().data).totalFollowers).toBe(2);
  });
});
