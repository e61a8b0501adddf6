// The tier badge beside a fan's name (README "Tier badges", issue 30 §1): in the creator's view only —
// their conversations (list and one), their live chat (the list and their copy of
// 'stream-message/created'); a fan, another creator and the room's other viewers never get a tier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tierSchema, type TierBadgeInfo } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { follow } from '../../../test/factories';
import { addCard } from '../../../test/money';
import { connectClient, joinRoom, listen, waitFor, type Client } from '../../../test/sockets';
import { insertLiveStream } from '../../../test/stream-rows';

let t: TestApp;
let url: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, path: string, who?: Made | null, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: who?.auth ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

/** A creator with a Gold tier; `gold` subscribed to Gold, `base` to the default tier, `free` follows only. */
async function scene() {
  const c = await createCreator(t);
  expect((await req('PUT', '/performers/subscription-settings', c, { monthlyPrice: 5, freeSubscriptionEnabled: false })).statusCode).toBe(200);
  const goldTier = tierSchema.parse((await req('POST', '/subscription-tiers', c, { name: 'Gold', price: 20, colour: '#d4b106' })).json().data);
  const [gold, base, free] = await Promise.all([createFan(t), createFan(t), createFan(t)]);
  for (const f of [gold, base]) await addCard(t, f);
  expect((await req('POST', '/payment/subscribe/performers', gold, { performerId: c.user.id, tierId: goldTier._id })).statusCode).toBe(200);
  expect((await req('POST', '/payment/subscribe/performers', base, { performerId: c.user.id })).statusCode).toBe(200);
  for (const f of [gold, base, free]) await follow(t, f.user.id, c.user.id);
  return { c, goldTier, gold, base, free };
}
const badge = (b: TierBadgeInfo | null | undefined) => (b ? { name: b.name, colour: b.colour } : b);

describe('tier badges in messages', () => {
  it('the creator\'s conversation list and each conversation carry the fan\'s tier (one query per page); fans and another creator get none', async () => {
    const { c, gold, base, free } = await scene();
    const other = await createCreator(t);
    for (const f of [gold, base, free]) await t.ctx.messages.pairConversationId(c.user.id, f.user.id);
    const withGold = await t.ctx.messages.pairConversationId(other.user.id, gold.user.id);

    const list = (await req('GET', '/conversations?limit=10', c)).json().data.data as Array<{ _id: string; recipient: { _id: string }; recipientTier?: TierBadgeInfo | null }>;
    const byFan = new Map(list.map((x) => [x.recipient._id, badge(x.recipientTier)]));
    expect(byFan.get(gold.user.id)).toEqual({ name: 'Gold', colour: '#d4b106' });
    expect(byFan.get(base.user.id)).toMatchObject({ name: 'Standard' });
    expect(byFan.get(free.user.id)).toBeNull();
    const one = list.find((x) => x.recipient._id === gold.user.id)!;
    expect(badge((await req('GET', `/conversations/${one._id}`, c)).json().data.recipientTier)).toEqual({ name: 'Gold', colour: '#d4b106' });

    // The fan's side: no tier field at all (theirs or anyone's).
    const fanList = (await req('GET', '/conversations', gold)).json().data.data as Array<Record<string, unknown>>;
    expect(fanList.length).toBe(2);
    for (const x of fanList) expect(x).not.toHaveProperty('recipientTier');
    expect((await req('GET', `/conversations/${one._id}`, gold)).json().data).not.toHaveProperty('recipientTier');
    // Another creator talking to the same fan: the fan has no subscription with them → null, never Gold.
    expect((await req('GET', `/conversations/${withGold}`, other)).json().data.recipientTier).toBeNull();
    // Someone else's conversation: 404; nobody signed in: 401.
    expect((await req('GET', `/conversations/${one._id}`, other)).statusCode).toBe(404);
    expect((await req('GET', `/conversations/${one._id}`, null)).statusCode).toBe(401);
  });
});

describe('tier badges in live chat', () => {
  it('the creator\'s chat list and their socket copy of a fan\'s message carry its tier; the other viewers\' events and lists do not', async () => {
    const { c, gold, free } = await scene();
    const stream = await insertLiveStream(t, c.user.id);
    const [creatorSock, goldSock, freeSock] = await Promise.all([connectClient(url, c.token, open), connectClient(url, gold.token, open), connectClient(url, free.token, open)]);
    expect(await Promise.all([creatorSock, goldSock, freeSock].map((s) => joinRoom(s, 'stream/join', { streamId: stream.id })))).toEqual([true, true, true]);

    expect((await req('POST', `/messages/stream/${stream.id}`, gold, { text: 'from a gold fan' })).statusCode).toBe(200);
    const [toCreator] = await waitFor(creatorSock, 'stream-message/created');
    expect(toCreator!.message.text).toBe('from a gold fan');
    expect(badge(toCreator!.message.fanTier)).toEqual({ name: 'Gold', colour: '#d4b106' });
    for (const s of [goldSock, freeSock]) {
      const [e] = await waitFor(s, 'stream-message/created');
      expect(e!.message.text).toBe('from a gold fan');
      expect(e!.message).not.toHaveProperty('fanTier');
    }
    // The creator got exactly one copy (not the room's as well).
    expect(creatorSock.received.filter((r) => r.event === 'stream-message/created')).toHaveLength(1);

    expect((await req('POST', `/messages/stream/${stream.id}`, free, { text: 'from a follower' })).statusCode).toBe(200);
    expect((await req('POST', `/messages/stream/${stream.id}`, c, { text: 'thanks all' })).statusCode).toBe(200);
    const [, toCreator2, own] = await waitFor(creatorSock, 'stream-message/created', 3);
    expect(toCreator2!.message).toMatchObject({ text: 'from a follower', fanTier: null });
    expect(own!.message).toMatchObject({ text: 'thanks all' });
    expect(own!.message).not.toHaveProperty('fanTier');

    const asCreator = (await req('GET', `/messages/stream/${stream.id}`, c)).json().data.data as Array<{ text: string; fanTier?: TierBadgeInfo | null }>;
    expect(asCreator.map((m) => [m.text, badge(m.fanTier)])).toEqual([['thanks all', undefined], ['from a follower', null], ['from a gold fan', { name: 'Gold', colour: '#d4b106' }]]);
    const asFan = (await req('GET', `/messages/stream/${stream.id}`, free)).json().data.data as Array<Record<string, unknown>>;
    for (const m of asFan) expect(m).not.toHaveProperty('fanTier');
  });
});
