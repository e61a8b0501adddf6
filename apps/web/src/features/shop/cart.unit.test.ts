import { describe, expect, it, vi } from 'vitest';
import { CART_MAX_LINES, PRODUCT_QUANTITY_MAX, cartStorageKey, parseStoredCart } from '@stagepass/shared';
import { CART_LINES_MAX, CART_QUANTITY_MAX, GUEST_CART_KEY, addLine, cartCount, cartKey, createCartStore, parseCart, removeLines, setLine, takeLocalCarts, type CartEnv } from './cart';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const P3 = '33333333-3333-4333-8333-333333333333';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function fakeEnv() {
  const data = new Map<string, string>();
  const handlers = new Set<(e: Event) => void>();
  const env: CartEnv = {
    storage: {
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, String(v)),
      removeItem: (k) => void data.delete(k),
    },
    events: {
      addEventListener: ((type: string, h: (e: Event) => void) => type === 'storage' && handlers.add(h)) as Window['addEventListener'],
      removeEventListener: ((type: string, h: (e: Event) => void) => type === 'storage' && handlers.delete(h)) as Window['removeEventListener'],
    },
  };
  /** Another tab wrote `key` (the browser fires `storage` only in the other tabs). */
  const otherTab = (key: string | null, value?: string) => {
    if (key === null) data.clear();
    else if (value === undefined) data.delete(key);
    else data.set(key, value);
    for (const h of [...handlers]) h({ key } as unknown as Event);
  };
  return { env, data, handlers, otherTab };
}

describe('cart lines (spec §3)', () => {
  it('keeps the contract: key per user, limits, and the same reading of a stored cart as the shared parser', () => {
    expect(cartKey('u1')).toBe(cartStorageKey('u1'));
    expect(CART_QUANTITY_MAX).toBe(PRODUCT_QUANTITY_MAX);
    expect(CART_LINES_MAX).toBe(CART_MAX_LINES);
    const samples: unknown[] = [
      null,
      'x',
      {},
      [{ productId: P1, quantity: 2 }, { productId: P1, quantity: 98 }, { productId: P2, quantity: 1 }],
      [{ productId: 'nope', quantity: 1 }, { productId: P1, quantity: 0 }, { productId: P2, quantity: 1.5 }, { productId: P3, quantity: '2' }, null, 7],
      Array.from({ length: 25 }, (_, i) => ({ productId: id(i + 1), quantity: 1 })),
    ];
    for (const s of samples) expect(parseCart(s)).toEqual(parseStoredCart(s));
  });

  it('adds a new product last, grows an existing line up to the stock and to 99, and refuses a 21st line', () => {
    let { lines, result } = addLine([], P1, 2);
    expect(result).toBe('added');
    ({ lines, result } = addLine(lines, P2, 1));
    expect(lines.map((l) => l.productId)).toEqual([P1, P2]);
    ({ lines, result } = addLine(lines, P1, 5, 4));
    expect(result).toBe('updated');
    expect(lines[0]).toEqual({ productId: P1, quantity: 4 });
    expect(addLine(lines, P2, 500).lines[1]!.quantity).toBe(99);
    const full = Array.from({ length: 20 }, (_, i) => ({ productId: id(i + 1), quantity: 1 }));
    expect(addLine(full, P1, 1)).toEqual({ lines: full, result: 'full' });
    expect(addLine(full, id(3), 1).result).toBe('updated');
  });

  it('sets quantities within 1–99, removes lines and counts units', () => {
    const lines = [{ productId: P1, quantity: 2 }, { productId: P2, quantity: 3 }];
    expect(setLine(lines, P1, 0)[0]!.quantity).toBe(1);
    expect(setLine(lines, P1, 150)[0]!.quantity).toBe(99);
    expect(setLine(lines, P1, 4.7)[0]!.quantity).toBe(4);
    expect(setLine(lines, P1, Number.NaN)).toBe(lines);
    expect(setLine(lines, P3, 5)).toEqual(lines);
    expect(removeLines(lines, [P1])).toEqual([{ productId: P2, quantity: 3 }]);
    expect(cartCount(lines)).toBe(5);
  });
});

describe('the cart store', () => {
  it('keeps one cart per user under cart:<userId> and answers the same snapshot until it changes', () => {
    const { env, data } = fakeEnv();
    const store = createCartStore(() => env);
    expect(store.read('u1')).toEqual([]);
    expect(store.read('u1')).toBe(store.read('u1'));
    store.add('u1', P1, 2);
    store.add('u2', P2, 1);
    expect(JSON.parse(data.get('cart:u1')!)).toEqual([{ productId: P1, quantity: 2 }]);
    expect(JSON.parse(data.get('cart:u2')!)).toEqual([{ productId: P2, quantity: 1 }]);
    const snap = store.read('u1');
    expect(store.read('u1')).toBe(snap);
    store.setQuantity('u1', P1, 5);
    expect(store.read('u1')).not.toBe(snap);
    expect(store.read('u1')).toEqual([{ productId: P1, quantity: 5 }]);
    store.remove('u1', [P1]);
    expect(data.has('cart:u1')).toBe(false);
    expect(store.read('u1')).toEqual([]);
  });

  it('tells its listeners about writes in this tab and about other tabs (storage event), and unhooks when nobody listens', () => {
    const { env, handlers, otherTab } = fakeEnv();
    const store = createCartStore(() => env);
    const listener = vi.fn();
    const off = store.subscribe(listener);
    expect(handlers.size).toBe(1);
    store.add('u1', P1, 1);
    expect(listener).toHaveBeenCalledTimes(1);
    otherTab('cart:u1', JSON.stringify([{ productId: P1, quantity: 3 }, { productId: P2, quantity: 1 }]));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.read('u1')).toEqual([{ productId: P1, quantity: 3 }, { productId: P2, quantity: 1 }]);
    otherTab('theme', 'dark');
    expect(listener).toHaveBeenCalledTimes(2);
    otherTab(null);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(store.read('u1')).toEqual([]);
    off();
    expect(handlers.size).toBe(0);
  });

  it('survives a damaged or blocked storage: an empty cart, nothing thrown', () => {
    const { env, data } = fakeEnv();
    data.set('cart:u1', '{not json');
    const store = createCartStore(() => env);
    expect(store.read('u1')).toEqual([]);
    const blocked = createCartStore(() => ({
      storage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceeded');
        },
        removeItem: () => undefined,
      },
      events: null,
    }));
    expect(blocked.read('u1')).toEqual([]);
    expect(() => blocked.add('u1', P1, 1)).not.toThrow();
    const none = createCartStore(() => ({ storage: null, events: null }));
    expect(none.read('u1')).toEqual([]);
  });

  it('opens and closes the drawer for its listeners', () => {
    const { env } = fakeEnv();
    const store = createCartStore(() => env);
    const listener = vi.fn();
    store.subscribe(listener);
    store.setDrawerOpen(true);
    store.setDrawerOpen(true);
    expect(store.isDrawerOpen()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('the browser carts merged into the server cart at sign-in (issue 26 §4.5)', () => {
  it('takes the guest cart and the account’s old browser cart, merged, and clears both once handed over', () => {
    const { env, data } = fakeEnv();
    data.set(GUEST_CART_KEY, JSON.stringify([{ productId: P1, quantity: 1 }, { productId: P2, quantity: 2 }]));
    data.set(cartKey('u1'), JSON.stringify([{ productId: P1, quantity: 3 }]));
    data.set(cartKey('u2'), JSON.stringify([{ productId: P3, quantity: 1 }]));
    const local = takeLocalCarts(env, 'u1');
    expect(local.lines).toEqual([{ productId: P1, quantity: 4 }, { productId: P2, quantity: 2 }]);
    expect(data.has(GUEST_CART_KEY)).toBe(true); // nothing cleared until the merge succeeded
    local.clear();
    expect([...data.keys()]).toEqual([cartKey('u2')]);
    expect(takeLocalCarts(env, 'u1').lines).toEqual([]);
  });
});
