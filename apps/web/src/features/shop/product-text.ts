// Types only: the shop's first loads stay free of zod.
import type { Product } from '@stagepass/shared';
import type { Messages } from '@/i18n/messages';

type ShopKey = keyof Messages['shop'];
type CardsKey = keyof Messages['cards'];

/** At or below this many units left, a card says "Only N left". */
export const LOW_STOCK = 5;

/** The card badge's words: a key of the `cards` messages and its values. */
export type StockBadge = { key: CardsKey; values: { count: number }; tone: 'digital' | 'ok' | 'low' | 'out' };

/** The card badge: 'Digital', 'Only 2 left', 'Sold out', else 'In stock'. */
export function stockBadge(p: Pick<Product, 'type' | 'stock'>): StockBadge {
  if (p.type === 'digital') return { key: 'stockDigital', values: { count: 0 }, tone: 'digital' };
  const n = p.stock ?? 0;
  if (n <= 0) return { key: 'stockSoldOut', values: { count: 0 }, tone: 'out' };
  if (n <= LOW_STOCK) return { key: 'stockLow', values: { count: n }, tone: 'low' };
  return { key: 'stockIn', values: { count: n }, tone: 'ok' };
}

/** The product page's stock line: 'In stock: N' / 'Sold out' (physical products only), as a key of the `shop` messages and its values. */
export function stockLine(p: Pick<Product, 'type' | 'stock'>): { key: ShopKey; values: { count: number } } | null {
  if (p.type === 'digital') return null;
  const n = p.stock ?? 0;
  return n > 0 ? { key: 'inStockCount', values: { count: n } } : { key: 'soldOut', values: { count: 0 } };
}

/** Units a fan may put in the cart now: the stock (physical), 1 (digital), 0 when sold out. */
export function maxQuantity(p: Pick<Product, 'type' | 'stock'>, cap = 99): number {
  if (p.type === 'digital') return 1;
  return Math.max(0, Math.min(cap, p.stock ?? 0));
}

/** Why a product cannot go through the checkout: a key of the `shop` messages (the product page) and of the `cart` messages (the cart's lines). */
export type CartProblemKey = Extract<ShopKey & keyof Messages['cart'], 'problemUnavailable' | 'problemOwn' | 'problemOwned' | 'soldOut'>;

/**
 * Why a product in the cart cannot be checked out (null: it can): gone, withdrawn, sold out, a
 * digital product already bought, the viewer's own — as a key of the `shop` and `cart` messages.
 */
export function cartProblemKey(p: Product | null, viewerId: string | null): CartProblemKey | null {
  if (!p || p.status !== 'active') return 'problemUnavailable';
  if (viewerId && p.performerId === viewerId) return 'problemOwn';
  if (p.type === 'digital' && p.isBought) return 'problemOwned';
  if (p.type === 'physical' && (p.stock ?? 0) <= 0) return 'soldOut';
  return null;
}

/** What one cart line costs: price × quantity + the shipping fee (once per line, physical). */
export const lineTotal = (p: Pick<Product, 'price' | 'shippingFee' | 'type'>, quantity: number) =>
  Math.round((p.price * quantity + (p.type === 'physical' ? p.shippingFee : 0)) * 100) / 100;

/** '/profile' of a creator (username, else id). */
export const creatorHref = (c: { _id: string; username: string | null }) => `/${c.username || c._id}`;
