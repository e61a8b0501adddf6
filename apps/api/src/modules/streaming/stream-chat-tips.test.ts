import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { follow } from '../../../test/factories';
import { expectLedgerBalanced, topUp } from '../../../test/money';
import { connectClient, joinRoom, listen, waitFor, type Client } from '../../../test/sockets';
import { insertLiveStream } from '../../../test/stream-rows';
import { walletCharges } from '../wallet/wallet.tables';
import { earnings } from '../earnings/earnings.tables';
import { streamMessages, type StreamRow } from './streaming.tables';

let t: TestApp;
let url: string;
const open: Client[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await expectLedgerBalanced(t);
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, path: string, who?: Made, payload?: unknown) =>
  t.app.inject({ method, url: path, headers: who?.auth ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
const tip = (creator: Made, fan: Made, body: { price: number; message?: string; streamId?: string }) => req('POST', `/wallet/charges/tip/${creator.user.id}`, fan, body);
const balanceOf = async (who: Made) => (await req('GET', '/users/me', who)).json().data.balance as number;
const chargesOf = async (who: Made) => t.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, who.user.id));
const messagesOf = async (s: StreamRow) => t.ctx.db.select().from(streamMessages).where(eq(streamMessages.streamId, s.id));

/** A creator live to their followers, and a follower with 100 in the wallet. */
async function scene() {
  const creator = await createCreator(t);
  const fan = await createFan(t);
  await follow(t, fan.user.id, creator.user.id);
  await topUp(t, fan, 100, { card: true });
  const stream = await insertLiveStream(t, creator.user.id);
  return { creator, fan, stream };
}

describe('tips in a live stream', () => {
  it('a tip with streamId: the charge, a tip message written by the server, the tips total — pushed to the room with the total', async () => {
    const { creator, fan, stream } = await scene();
    const viewer = await connectClient(url, creator.token, open);
    expect(await joinRoom(viewer, 'stream/join', { streamId: stream.id })).toBe(true);

    const res = await tip(creator, fan, { price: 12, message: 'For the <i>song</i>', streamId: stream.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ balance: 88, charge: { type: 'tip', amount: 12, description: 'Tip in live stream: For the song' } });

    const page = (await req('GET', `/messages/stream/${stream.id}`, fan)).json().data;
    expect(page.data).toEqual([expect.objectContaining({ type: 'tip', amount: 12, text: 'For the song', senderId: fan.user.id, isDeleted: false })]);
    const [charge] = await chargesOf(fan);
    expect((await messagesOf(stream))[0]!.chargeId).toBe(charge!.id);
    expect((await req('GET', `/conversations/stream/${stream.id}`, fan)).json().data.tipsTotal).toBe(12);
    const [earned] = await t.ctx.db.select().from(earnings).where(eq(earnings.source, `wallet_charge:${charge!.id}`));
    expect(earned).toMatchObject({ type: 'tip', gross: 1200, performerId: creator.user.id, description: 'Tip in live stream: For the song' });

    const [pushed] = await waitFor(viewer, 'stream-message/created');
    expect(pushed).toMatchObject({ tipsTotal: 12, message: { type: 'tip', amount: 12, text: 'For the song' } });

    // A second tip adds up.
    expect((await tip(creator, fan, { price: 10, streamId: stream.id })).json().data.charge.description).toBe('Tip in live stream');
    expect((await req('GET', `/conversations/stream/${stream.id}`, fan)).json().data.tipsTotal).toBe(22);
    await expectLedgerBalanced(t);
  });

  it("another creator's stream, an ended one, or a stream the tipper may not watch → refused, and no money moves", async () => {
    const { creator, fan, stream } = await scene();
    const other = await createCreator(t);
    await follow(t, fan.user.id, other.user.id);
    const otherStream = await insertLiveStream(t, other.user.id);
    const ended = await insertLiveStream(t, creator.user.id, { status: 'ended', endedAt: new Date() });
    const subscribersOnly = await insertLiveStream(t, (await createCreator(t)).user.id, { access: 'subscribers' });
    const before = await balanceOf(fan);

    expect((await tip(creator, fan, { price: 10, streamId: otherStream.id })).statusCode).toBe(404);
    expect((await tip(creator, fan, { price: 10, streamId: ended.id })).statusCode).toBe(404);
    expect((await tip(creator, fan, { price: 10, streamId: '01900000-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    const owner = await t.ctx.users.byId(subscribersOnly.performerId);
    const notEntitled = await req('POST', `/wallet/charges/tip/${owner.id}`, fan, { price: 10, streamId: subscribersOnly.id });
    expect(notEntitled.statusCode).toBe(403);

    expect(await balanceOf(fan)).toBe(before);
    expect(await chargesOf(fan)).toEqual([]);
    for (const s of [stream, otherStream, ended, subscribersOnly]) expect(await messagesOf(s)).toEqual([]);
    expect((await req('GET', `/conversations/stream/${otherStream.id}`, fan)).json().data.tipsTotal).toBe(0);
    await expectLedgerBalanced(t);
  });

  it('a tipper bypasses slow mode in that stream', async () => {
    const { creator, fan, stream } = await scene();
    const other = await createFan(t);
    await follow(t, other.user.id, creator.user.id);
    await req('PUT', `/conversations/stream/${stream.id}/update`, creator, { slowModeSeconds: 60 });
    const say = (who: Made, text: string) => req('POST', `/messages/stream/${stream.id}`, who, { text });
    expect((await say(other, 'one')).statusCode).toBe(200);
    expect((await say(other, 'two')).statusCode).toBe(429);
    expect((await say(fan, 'one')).statusCode).toBe(200);
    expect((await say(fan, 'two')).statusCode).toBe(429);
    expect((await tip(creator, fan, { price: 10, message: 'hurry', streamId: stream.id })).statusCode).toBe(200);
    expect((await say(fan, 'two')).statusCode).toBe(200);
    expect((await say(fan, 'three')).statusCode).toBe(200);
    expect((await say(other, 'two')).statusCode).toBe(429);
  });
});
