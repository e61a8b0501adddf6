import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MAX_LINES, CART_MESSAGES, MESSAGES, cartSchema } from '@stagepass/shared';
import { createCreator, createFan, createTestApp, TEST_PASSWORD, type Made, type TestApp } from '../../../test/harness';
import { createAddress, createProduct } from '../../../test/shop';
import { topUp } from '../../../test/money';

/** Issue 26 §4.5: the cart lived in one browser's storage; it is kept on the server per fan, merged with a guest cart at sign-in. */
let t: TestApp;
let seller: Made;
beforeAll(async () => {
  t = await createTestApp();
  seller = await createCreator(t);
});
afterAll(async () => {
  await t?.close();
});

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: { auth: Record<string, string> }, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
const cartOf = async (who: { auth: Record<string, string> }) => {
  const res = await req('GET', '/cart', who);
  expect(res.statusCode, res.body).toBe(200);
  return cartSchema.parse(res.json().data).lines;
};
const MISSING = '01900000-0000-7000-8000-000000000000';

describe('the cart on the server', () => {
  it('is the fan’s on every device; lines grow and are set (1–99), removed; another fan never sees or changes it', async () => {
    const fan = await createFan(t);
    const other = await createFan(t);
    const [mug, book] = [await createProduct(t, seller.user.id, { name: 'Mug' }), await createProduct(t, seller.user.id, { name: 'Book', type: 'digital' })];
    expect((await req('POST', '/cart/items', fan, { productId: mug.id, quantity: 2 })).statusCode).toBe(200);
    expect((await req('POST', '/cart/items', fan, { productId: mug.id, quantity: 1 })).json().data.lines).toEqual([{ productId: mug.id, quantity: 3 }]);
    expect((await req('PUT', `/cart/items/${book.id}`, fan, { quantity: 4 })).statusCode).toBe(200);
    // Another device of the same fan (a second session) sees the same cart.
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: fan.user.username, password: TEST_PASSWORD } });
    const elsewhere = { auth: { authorization: `Bearer ${login.json().data.token}` } };
    expect(await cartOf(elsewhere)).toEqual([{ productId: mug.id, quantity: 3 }, { productId: book.id, quantity: 4 }]);
    // Capped at 99; more than 99 at once is refused.
    expect((await req('POST', '/cart/items', fan, { productId: mug.id, quantity: 99 })).json().data.lines[0]).toEqual({ productId: mug.id, quantity: 99 });
    expect((await req('PUT', `/cart/items/${book.id}`, fan, { quantity: 100 })).statusCode).toBe(400);
    // Another fan: their own (empty) cart; removing "the same" line changes only theirs.
    expect(await cartOf(other)).toEqual([]);
    expect((await req('DELETE', `/cart/items/${mug.id}`, other)).json().data.lines).toEqual([]);
    expect((await cartOf(fan)).map((l) => l.productId)).toEqual([mug.id, book.id]);
    expect((await req('DELETE', `/cart/items/${mug.id}`, fan)).json().data.lines).toEqual([{ productId: book.id, quantity: 4 }]);
    // Anonymous: 401 on every cart route.
    for (const [method, url, body] of [['GET', '/cart'], ['POST', '/cart/items', { productId: mug.id, quantity: 1 }], ['PUT', `/cart/items/${mug.id}`, { quantity: 1 }], ['DELETE', `/cart/items/${mug.id}`], ['POST', '/cart/merge', { items: [] }]] as const) {
      expect((await req(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('takes only products the fan may buy, and 20 lines at most', async () => {
    const fan = await createFan(t);
    const draft = await createProduct(t, seller.user.id, { status: 'draft' });
    expect((await req('POST', '/cart/items', fan, { productId: MISSING, quantity: 1 })).statusCode).toBe(404);
    expect((await req('POST', '/cart/items', fan, { productId: draft.id, quantity: 1 })).json()).toMatchObject({ statusCode: 404, message: CART_MESSAGES.notFound });
    const own = await createProduct(t, seller.user.id);
    const res = await req('POST', '/cart/items', seller, { productId: own.id, quantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.ownItem);
    const many = await Promise.all(Array.from({ length: CART_MAX_LINES + 1 }, (_, i) => createProduct(t, seller.user.id, { name: `P${i}`, image: false })));
    for (const p of many.slice(0, CART_MAX_LINES)) expect((await req('POST', '/cart/items', fan, { productId: p.id, quantity: 1 })).statusCode).toBe(200);
    const full = await req('POST', '/cart/items', fan, { productId: many[CART_MAX_LINES]!.id, quantity: 1 });
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(CART_MESSAGES.full);
  });

  it('merges a guest cart at sign-in: quantities add up, what cannot be bought is left out; a checkout empties the bought lines', async () => {
    const fan = await createFan(t);
    const [mug, book, poster] = [await createProduct(t, seller.user.id, { name: 'Mug', price: 10, stock: 5 }), await createProduct(t, seller.user.id, { type: 'digital', price: 5 }), await createProduct(t, seller.user.id, { price: 7 })];
    const draft = await createProduct(t, seller.user.id, { status: 'draft' });
    await req('POST', '/cart/items', fan, { productId: mug.id, quantity: 1 });
    const merged = await req('POST', '/cart/merge', fan, { items: [{ productId: mug.id, quantity: 2 }, { productId: book.id, quantity: 1 }, { productId: draft.id, quantity: 1 }, { productId: MISSING, quantity: 3 }] });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data.lines).toEqual([{ productId: mug.id, quantity: 3 }, { productId: book.id, quantity: 1 }]);
    await req('POST', '/cart/items', fan, { productId: poster.id, quantity: 1 });

    await topUp(t, fan, 100, { card: true });
    const addr = await createAddress(t, fan);
    const paid = await req('POST', '/wallet/charges/cart', fan, { items: [{ productId: mug.id, quantity: 3 }, { productId: book.id, quantity: 1 }], deliveryAddressId: addr._id });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.ctx.queue.drain();
    expect(await cartOf(fan)).toEqual([{ productId: poster.id, quantity: 1 }]);
  });
});
