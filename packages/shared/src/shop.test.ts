import { describe, expect, it } from 'vitest';
import { CART_MAX_LINES, PRODUCT_QUANTITY_MAX, cartStorageKey, createProductSchema, parseStoredCart, updateProductSchema } from './products';
import { DELIVERY_TRANSITIONS, canMoveDelivery, updateOrderSchema } from './orders';
import { cartCheckoutBodySchema, walletChargeBodySchema } from './wallet';

const ID = '0190a0b0-0000-7000-8000-000000000000';
const ID2 = '0190a0b0-0000-7000-8000-000000000001';
const fields = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) => (r.success ? [] : r.error!.issues.map((i) => i.path.join('.')).sort());

describe('product form fields (multipart text, shared by the API and the web form)', () => {
  it('reads numbers from text, treats empty inputs as not given, and reports every field at once', () => {
    expect(createProductSchema.parse({ name: ' Mug ', type: 'physical', price: '12.50', stock: '3', shippingFee: '' })).toEqual({ name: 'Mug', description: '', type: 'physical', status: 'draft', price: 12.5, stock: 3 });
    expect(createProductSchema.parse({ name: 'E', type: 'digital', price: 5, status: '' })).toMatchObject({ status: 'draft', price: 5 });
    expect(fields(createProductSchema.safeParse({ name: '', type: 'physical', price: 'abc' }))).toEqual(['name', 'price', 'stock']);
    expect(fields(createProductSchema.safeParse({ name: 'x', type: 'physical', price: '1.234', stock: '1.5', shippingFee: '-1' }))).toEqual(['price', 'shippingFee', 'stock']);
    expect(fields(createProductSchema.safeParse({ name: 'x', type: 'service', price: '0', status: 'live' }))).toEqual(['price', 'status', 'type']);
  });

  it('update: any subset; kept images as a JSON array or comma-separated, each a distinct id', () => {
    expect(updateProductSchema.parse({})).toEqual({});
    expect(updateProductSchema.parse({ imageIds: '' })).toEqual({ imageIds: [] });
    expect(updateProductSchema.parse({ imageIds: `${ID}, ${ID2}` }).imageIds).toEqual([ID, ID2]);
    expect(updateProductSchema.parse({ imageIds: JSON.stringify([ID2]) }).imageIds).toEqual([ID2]);
    expect(fields(updateProductSchema.safeParse({ imageIds: `${ID},${ID}` }))).toEqual(['imageIds']);
    expect(fields(updateProductSchema.safeParse({ imageIds: 'nope' }))).toEqual(['imageIds.0']);
    expect(fields(updateProductSchema.safeParse({ imageIds: '[1,' }))).toEqual(['imageIds']);
  });
});

describe('buying products', () => {
  it('a charge takes a whole quantity 1..99, a delivery address id and a note of at most 500 characters', () => {
    expect(walletChargeBodySchema.parse({ quantity: 2, deliveryAddressId: ID, note: ' thanks ' })).toEqual({ quantity: 2, deliveryAddressId: ID, note: 'thanks' });
    for (const quantity of [0, 100, 1.5, '2']) expect(fields(walletChargeBodySchema.safeParse({ quantity }))).toEqual(['quantity']);
    expect(fields(walletChargeBodySchema.safeParse({ deliveryAddressId: 'x', note: 'n'.repeat(501) }))).toEqual(['deliveryAddressId', 'note']);
  });

  it('a cart has 1..20 distinct products', () => {
    expect(cartCheckoutBodySchema.safeParse({ items: [{ productId: ID, quantity: 1 }] }).success).toBe(true);
    expect(fields(cartCheckoutBodySchema.safeParse({ items: [] }))).toEqual(['items']);
    expect(fields(cartCheckoutBodySchema.safeParse({ items: [{ productId: ID, quantity: 1 }, { productId: ID, quantity: 2 }] }))).toEqual(['items']);
    expect(cartCheckoutBodySchema.safeParse({ items: Array.from({ length: CART_MAX_LINES + 1 }, (_, i) => ({ productId: `0190a0b0-0000-7000-8000-${String(i).padStart(12, '0')}`, quantity: 1 })) }).success).toBe(false);
  });

  it('a stored cart is read back safely: bad lines dropped, duplicates merged up to the cap', () => {
    expect(parseStoredCart('nope')).toEqual([]);
    expect(parseStoredCart([{ productId: ID, quantity: 60 }, { productId: ID, quantity: 60 }, { productId: 'x', quantity: 1 }, { productId: ID2, quantity: 0 }, null])).toEqual([{ productId: ID, quantity: PRODUCT_QUANTITY_MAX }]);
    expect(cartStorageKey('u1')).toBe('cart:u1');
  });
});

describe('order delivery', () => {
  it('moves forward only: processing → shipping → delivered, refunded from processing or shipping', () => {
    expect(canMoveDelivery('processing', 'shipping')).toBe(true);
    expect(canMoveDelivery('shipping', 'delivered')).toBe(true);
    expect(canMoveDelivery('processing', 'refunded')).toBe(true);
    expect(canMoveDelivery('shipping', 'refunded')).toBe(true);
    expect(canMoveDelivery('processing', 'delivered')).toBe(false);
    expect(canMoveDelivery('delivered', 'refunded')).toBe(false);
    expect(DELIVERY_TRANSITIONS.refunded).toEqual([]);
    expect(fields(updateOrderSchema.safeParse({ deliveryStatus: 'lost', trackingCode: '' }))).toEqual(['deliveryStatus', 'trackingCode']);
  });
});
