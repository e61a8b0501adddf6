import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageSchema } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { createFeedFile, follow } from '../../../test/factories';
import { topUp } from '../../../test/money';
import { massMessages } from './messages.tables';

/** Issue 26 §4.3: the sender of a paid message sees whether it was bought (and, for a mass message, how many copies were). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST';
const req = (who: Made, method: Method, path: string, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const thread = async (who: Made, conversationId: string) => (await req(who, 'GET', `/messages/conversations/${conversationId}`)).json().data.data.map((m: unknown) => messageSchema.parse(m));

describe('paid messages as their sender sees them', () => {
  it('a 1:1 paid message: not bought yet, then bought; the fan sees neither figure', async () => {
    const creator = await createCreator(t);
    const fan = await createFan(t);
    await follow(t, fan.user.id, creator.user.id);
    const conversationId = (await req(fan, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id })).json().data._id as string;
    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const sent = await req(creator, 'POST', `/messages/conversations/${conversationId}`, { text: 'a treat', fileIds: [photo.id], price: 3.5 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(messageSchema.parse(sent.json().data)).toMatchObject({ boughtByRecipient: false, massPurchases: null });
    expect((await thread(creator, conversationId))[0]).toMatchObject({ boughtByRecipient: false, massPurchases: null });

    await topUp(t, fan, 10, { card: true });
    expect((await req(fan, 'POST', `/wallet/charges/message/${sent.json().data._id}`)).statusCode).toBe(200);
    expect((await thread(creator, conversationId))[0]).toMatchObject({ boughtByRecipient: true, isBought: false });
    expect((await thread(fan, conversationId))[0]).toMatchObject({ isBought: true, boughtByRecipient: null, massPurchases: null });
  });

  it('a copy of a paid mass message: its own state and how many copies were bought', async () => {
    const creator = await createCreator(t);
    const [buyer, idle] = await Promise.all([createFan(t), createFan(t)]);
    for (const f of [buyer, idle]) await follow(t, f.user.id, creator.user.id);
    const photo = await createFeedFile(t, creator.user.id, 'feed-photo');
    const r = await req(creator, 'POST', '/messages/broadcast-message', { text: 'Special', fileIds: [photo.id], price: 3, audience: 'followers' });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data._id as string;
    const end = Date.now() + 60_000;
    for (;;) {
      const [m] = await t.ctx.db.select({ status: massMessages.status }).from(massMessages).where(eq(massMessages.id, id));
      if (m?.status === 'sent' || Date.now() > end) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const conv = async (fan: Made) => (await req(fan, 'GET', '/conversations')).json().data.data[0]._id as string;
    const [buyerConv, idleConv] = [await conv(buyer), await conv(idle)];
    const copy = (await thread(buyer, buyerConv))[0];
    await topUp(t, buyer, 10, { card: true });
    expect((await req(buyer, 'POST', `/wallet/charges/message/${copy._id}`)).statusCode).toBe(200);
    expect((await thread(creator, buyerConv))[0]).toMatchObject({ massMessageId: id, boughtByRecipient: true, massPurchases: 1 });
    expect((await thread(creator, idleConv))[0]).toMatchObject({ massMessageId: id, boughtByRecipient: false, massPurchases: 1 });
  });
});
