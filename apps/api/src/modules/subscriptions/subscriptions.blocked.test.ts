import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionSchema } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { subscribe } from '../../../test/factories';

/**
 * Issue 26 §4.2: /user/subscriptions offered "Subscribe again" for a creator the fan blocked (the
 * dialog then said "Creator not found"). Each subscription says whether the fan may subscribe again
 * (no block either way) and whether the caller made a block (their own only, as GET /block/users/{id}).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Made, payload?: object) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const mine = async (fan: Made) => {
  const res = await req('GET', '/subscriptions/user/search?limit=50', fan);
  expect(res.statusCode, res.body).toBe(200);
  return new Map((res.json().data.data as unknown[]).map((x) => subscriptionSchema.parse(x)).map((s) => [s.performerId, [s.blockedByYou, s.canResubscribe]]));
};

describe('subscriptions across a block', () => {
  it('cannot be renewed across a block either way; the caller is told of their own block only; unblocking clears it', async () => {
    const fan = await createFan(t);
    const [blockedByFan, blockerOfFan, friend] = [await createCreator(t), await createCreator(t), await createCreator(t)];
    for (const c of [blockedByFan, blockerOfFan, friend]) await subscribe(t, fan.user.id, c.user.id, { status: 'expired', expiresAt: new Date(Date.now() - 1000) });
    expect((await req('POST', '/block/users', fan, { targetId: blockedByFan.user.id })).statusCode).toBeLessThan(300);
    expect((await req('POST', '/block/users', blockerOfFan, { targetId: fan.user.id })).statusCode).toBeLessThan(300);

    expect(await mine(fan)).toEqual(new Map([[blockedByFan.user.id, [true, false]], [blockerOfFan.user.id, [false, false]], [friend.user.id, [false, true]]]));
    // The creators' lists: the one who blocked is told; the one blocked is not told who blocked.
    const listOf = async (c: Made) => ((await req('GET', '/subscriptions/performer/search', c)).json().data.data as Array<{ userId: string; blockedByYou: boolean; canResubscribe: boolean }>).find((s) => s.userId === fan.user.id);
    expect(await listOf(blockerOfFan)).toMatchObject({ blockedByYou: true, canResubscribe: false });
    expect(await listOf(blockedByFan)).toMatchObject({ blockedByYou: false, canResubscribe: false });

    expect((await req('DELETE', `/block/users/${blockedByFan.user.id}`, fan)).statusCode).toBeLessThan(300);
    expect((await mine(fan)).get(blockedByFan.user.id)).toEqual([false, true]);
  });
});
