import { describe, expect, it } from 'vitest';
import { idempotencyKeys, newIdempotencyKey } from './idempotency-keys';

const TOP_UP = '/payment/wallet/top-up';

describe('the charge key policy (a key per intent)', () => {
  it('re-sends the same key when the same intent is retried after no answer or a 5xx', () => {
    const k = idempotencyKeys();
    const first = k.keyFor(TOP_UP, { amount: 10, cardId: 'c1' });
    expect(k.keyFor(TOP_UP, { amount: 10, cardId: 'c1' })).toBe(first); // double click
    k.settle(0); // network error: the outcome is unknown
    expect(k.keyFor(TOP_UP, { amount: 10, cardId: 'c1' })).toBe(first);
    k.settle(502);
    expect(k.keyFor(TOP_UP, { amount: 10, cardId: 'c1' })).toBe(first);
  });

  it('renews the key after a success or a refusal', () => {
    const k = idempotencyKeys();
    const first = k.keyFor(TOP_UP, { amount: 10 });
    k.settle(200);
    const second = k.keyFor(TOP_UP, { amount: 10 }); // a second top-up of the same amount is a new intent
    expect(second).not.toBe(first);
    k.settle(400);
    expect(k.keyFor(TOP_UP, { amount: 10 })).not.toBe(second);
  });

  it('renews the key when the amount, the target or the card changes, and on reset', () => {
    const k = idempotencyKeys();
    const a = k.keyFor('/wallet/charges/tip/p1', { price: 5 });
    const b = k.keyFor('/wallet/charges/tip/p1', { price: 6 });
    const c = k.keyFor('/wallet/charges/tip/p2', { price: 6 });
    expect(new Set([a, b, c]).size).toBe(3);
    k.reset();
    expect(k.keyFor('/wallet/charges/tip/p2', { price: 6 })).not.toBe(c);
  });

  it('makes v4 UUIDs', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
