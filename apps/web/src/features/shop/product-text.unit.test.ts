import { describe, expect, it } from 'vitest';
import type { Product } from '@stagepass/shared';
import { createTranslator } from 'next-intl';
import en from '../../../messages/en.json';
import { cartProblemKey, lineTotal, maxQuantity, stockBadge, stockLine as line } from './product-text';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'shop' });
const tc = createTranslator({ locale: 'en', messages: en, namespace: 'cards' });
const badge = (p: Parameters<typeof stockBadge>[0]) => {
  const b = stockBadge(p);
  return tc(b.key, b.values);
};
const cart = createTranslator({ locale: 'en', messages: en, namespace: 'cart' });
const cartProblem = (p: Product | null, viewer: string) => {
  const key = cartProblemKey(p, viewer);
  return key && cart(key);
};
const stockLine = (p: Parameters<typeof line>[0]) => {
  const l = line(p);
  return l && t(l.key, l.values);
};

const product = (over: Partial<Product>): Product =>
  ({ _id: 'p', performerId: 'seller', type: 'physical', status: 'active', price: 10, stock: 10, shippingFee: 2.5, isBought: false, ...over }) as Product;

describe('shop texts', () => {
  it('badges and stock lines: Digital, In stock, Only N left, Sold out', () => {
    expect(badge({ type: 'digital', stock: null })).toBe('Digital');
    expect(badge({ type: 'physical', stock: 12 })).toBe('In stock');
    expect(badge({ type: 'physical', stock: 2 })).toBe('Only 2 left');
    expect(badge({ type: 'physical', stock: 0 })).toBe('Sold out');
    expect(stockLine({ type: 'physical', stock: 3 })).toBe('In stock: 3');
    expect(stockLine({ type: 'physical', stock: 0 })).toBe('Sold out');
    expect(stockLine({ type: 'digital', stock: null })).toBeNull();
  });

  it('how many may go in the cart: the stock (at most 99), one of a digital product', () => {
    expect(maxQuantity({ type: 'physical', stock: 3 })).toBe(3);
    expect(maxQuantity({ type: 'physical', stock: 500 })).toBe(99);
    expect(maxQuantity({ type: 'physical', stock: 0 })).toBe(0);
    expect(maxQuantity({ type: 'digital', stock: null })).toBe(1);
  });

  it('why a cart line cannot be checked out', () => {
    expect(cartProblem(product({}), 'fan')).toBeNull();
    expect(cartProblem(null, 'fan')).toBe('No longer available');
    expect(cartProblem(product({ status: 'inactive' }), 'fan')).toBe('No longer available');
    expect(cartProblem(product({}), 'seller')).toBe('Your own product');
    expect(cartProblem(product({ stock: 0 }), 'fan')).toBe('Sold out');
    expect(cartProblem(product({ type: 'digital', stock: null, isBought: true }), 'fan')).toBe('You already own this');
    // The product page (shop messages) says the same as the cart (cart messages).
    for (const [p, viewer] of [[null, 'fan'], [product({}), 'seller'], [product({ stock: 0 }), 'fan'], [product({ type: 'digital', stock: null, isBought: true }), 'fan']] as const)
      expect(t(cartProblemKey(p, viewer)!)).toBe(cartProblem(p, viewer));
  });

  it('a line costs price × quantity plus the shipping fee once (physical), to the cent', () => {
    expect(lineTotal({ type: 'physical', price: 24.5, shippingFee: 4.99 }, 2)).toBe(53.99);
    expect(lineTotal({ type: 'digital', price: 9.99, shippingFee: 3 }, 1)).toBe(9.99);
    expect(lineTotal({ type: 'physical', price: 0.1, shippingFee: 0.2 }, 3)).toBe(0.5);
  });
});
