'use client';
import { useEffect, useMemo } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import type { Product } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, type ApiFailure } from '@/lib/api';
import type { Messages } from '@/i18n/messages';
import type { CartLine } from './cart';
import { cartProblemKey, lineTotal, type CartProblemKey } from './product-text';
import { useCart } from './useCart';

/** Why a cart line cannot be checked out, as a key of the `cart` messages: cartProblemKey's, or its product did not load. */
export type CartProblem = CartProblemKey | Extract<keyof Messages['cart'], 'didNotLoad'>;

/** A cart line with what is known of its product. `problem` (not null): shown, but left out of the checkout. */
export interface CartItem {
  line: CartLine;
  product: Product | null;
  problem: CartProblem | null;
  /** price × quantity + shipping (0 while unknown or not buyable). */
  total: number;
}

/** The lines of one creator: each creator's products become their own orders. */
export interface CartGroup {
  performer: Product['performer'];
  items: CartItem[];
  /** Of the buyable lines. */
  subtotal: number;
  shipping: number;
  total: number;
}

/** `failed`: the read failed (not a 404: that is "no longer available"). */
type Loaded = Record<string, { product: Product | null; failed: boolean }>;

const sum = (ns: number[]) => Math.round(ns.reduce((a, b) => a + b, 0) * 100) / 100;

/** Reads the cart's products (GET …/products/{id} each; a 404 = no longer available). */
async function loadProducts(ids: string[]): Promise<Loaded> {
  const out: Loaded = {};
  const results = await Promise.allSettled(ids.map((id) => call(routes.products.get, { params: { id } })));
  results.forEach((r, i) => {
    const id = ids[i]!;
    if (r.status === 'fulfilled') out[id] = { product: r.value, failed: false };
    else {
      const status = (r.reason as ApiFailure | undefined)?.statusCode;
      out[id] = { product: null, failed: status !== 404 && status !== 400 };
    }
  });
  return out;
}

/**
 * The cart with its products, grouped by creator. Each read of a product counts a view, so the
 * products are read when the set of products changes (or `fresh`: on mount and on focus, for the
 * checkout), not on every open of the drawer. A line asking for more than the stock is lowered to it.
 */
export function useCartProducts({ enabled = true, fresh = false }: { enabled?: boolean; fresh?: boolean } = {}) {
  const cart = useCart();
  const ids = useMemo(() => cart.lines.map((l) => l.productId).sort(), [cart.lines]);
  const config: SWRConfiguration<Loaded> = fresh
    ? { keepPreviousData: true, revalidateOnMount: true }
    : { keepPreviousData: true, revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 60_000 };
  const swr = useSWR<Loaded>(enabled && ids.length ? ['cart-products', ids.join(',')] : null, () => loadProducts(ids), config);
  const loaded = swr.data;

  const items: CartItem[] = useMemo(
    () =>
      cart.lines.map((line) => {
        const got = loaded?.[line.productId];
        if (!got) return { line, product: null, problem: null, total: 0 };
        const problem: CartProblem | null = got.failed ? 'didNotLoad' : cartProblemKey(got.product, cart.userId);
        const product = got.product;
        return { line, product, problem, total: product && !problem ? lineTotal(product, line.quantity) : 0 };
      }),
    [cart.lines, cart.userId, loaded],
  );

  // More in the cart than in stock (bought out meanwhile): lower the line to what is left.
  const { setQuantity } = cart;
  useEffect(() => {
    for (const it of items) {
      const p = it.product;
      if (p && !it.problem && p.type === 'physical' && p.stock !== null && p.stock > 0 && it.line.quantity > p.stock) setQuantity(p._id, p.stock);
      if (p && !it.problem && p.type === 'digital' && it.line.quantity > 1) setQuantity(p._id, 1);
    }
  }, [items, setQuantity]);

  const groups: CartGroup[] = useMemo(() => {
    const byCreator = new Map<string, CartGroup>();
    for (const it of items) {
      if (!it.product) continue;
      const key = it.product.performerId;
      let g = byCreator.get(key);
      if (!g) byCreator.set(key, (g = { performer: it.product.performer, items: [], subtotal: 0, shipping: 0, total: 0 }));
      g.items.push(it);
    }
    for (const g of byCreator.values()) {
      const ok = g.items.filter((it) => !it.problem && it.product);
      g.subtotal = sum(ok.map((it) => it.product!.price * it.line.quantity));
      g.shipping = sum(ok.map((it) => (it.product!.type === 'physical' ? it.product!.shippingFee : 0)));
      g.total = sum([g.subtotal, g.shipping]);
    }
    return [...byCreator.values()];
  }, [items]);

  /** Lines whose product did not come back at all (404, withdrawn before this read). */
  const missing = items.filter((it) => loaded?.[it.line.productId] && !it.product);
  const buyable = items.filter((it) => it.product && !it.problem);
  const totals = {
    items: buyable.reduce((n, it) => n + it.line.quantity, 0),
    subtotal: sum(groups.map((g) => g.subtotal)),
    shipping: sum(groups.map((g) => g.shipping)),
    total: sum(groups.map((g) => g.total)),
  };
  const needsAddress = buyable.some((it) => it.product!.type === 'physical');
  const loading = ids.length > 0 && !loaded && (swr.isLoading || !swr.error);

  return { cart, items, groups, missing, buyable, totals, needsAddress, loading, error: swr.error as unknown, reload: () => swr.mutate() };
}
