/**
 * What a block deliberately keeps (README "What a block keeps"; issue 25's informational items):
 * a digital product paid for before the block still downloads — the creator's shop is gone for the
 * fan (404) — and the pair's conversation still opens, flagged `isBlocked`, with writing refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { createCreator, createFan, createTestApp, type Made, type TestApp } from '../../../test/harness';
import { follow } from '../../../test/factories';
import { createProduct } from '../../../test/shop';
import { SITE, wallet } from '../ledger/ledger.service';

let t: TestApp;
let creator: Made;
let fan: Made;
beforeAll(async () => {
  t = await createTestApp();
  [creator, fan] = await Promise.all([createCreator(t), createFan(t)]);
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST', url: string, who: Made, payload?: object) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const block = async () => expect((await req('POST', '/block/users', creator, { targetId: fan.user.id })).statusCode).toBe(200);

describe('a block keeps what was paid for and the shared history', () => {
  it('a digital product bought before the block: the shop is 404, the download link and the file still work', async () => {
    const other = await createFan(t);
    await t.ctx.db.transaction((tx) =>
      t.ctx.ledger.post(tx, { type: 'wallet_topup', reference: `test-topup:${uuidv7()}`, postings: [{ account: SITE.gateway, amount: -5_000 }, { account: wallet(other.user.id), amount: 5_000 }] }),
    );
    const product = await createProduct(t, creator.user.id, { type: 'digital', price: 12 });
    expect((await req('POST', `/wallet/charges/product/${product.id}`, other, {})).statusCode).toBe(200);
    expect((await req('POST', '/block/users', creator, { targetId: other.user.id })).statusCode).toBe(200);

    expect((await req('GET', `/performer-assets/products/${product.id}`, other)).statusCode).toBe(404);
    const link = await req('GET', `/performer-assets/products/${product.id}/download-link`, other);
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json().data.url);
    const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString()).toContain('%PDF');
  });

  it("the pair's conversation still opens, flagged isBlocked, and neither can write", async () => {
    await follow(t, fan.user.id, creator.user.id);
    const opened = await req('POST', '/conversations', fan, { source: 'performer', sourceId: creator.user.id });
    expect(opened.statusCode, opened.body).toBe(200);
    await block();
    const again = await req('POST', '/conversations', fan, { source: 'performer', sourceId: creator.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ _id: opened.json().data._id, isBlocked: true });
    for (const who of [fan, creator]) {
      const sent = await req('POST', `/messages/conversations/${opened.json().data._id}`, who, { text: 'still there?' });
      expect(sent.statusCode, sent.body).toBe(403);
    }
  });
});
