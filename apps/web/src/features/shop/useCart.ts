'use client';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { routes } from '@stagepass/shared/routes';
import type { Cart } from '@stagepass/shared';
import { call } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { useCurrentUser } from '@/store';
import { GUEST, addLine, browserEnv, cartCount, cartStore, removeLines, setLine, takeLocalCarts, type AddResult, type CartLine } from './cart';

const NONE: CartLine[] = [];
const serverLines = () => NONE;
const serverClosed = () => false;
const guestSnapshot = () => cartStore.read(GUEST);

/** One merge of this browser's carts per signed-in user and page (every useCart shares it). */
const merging = new Map<string, Promise<Cart | null>>();
function mergeLocalCarts(userId: string): Promise<Cart | null> {
  let p = merging.get(userId);
  if (!p) {
    const local = takeLocalCarts(browserEnv(), userId);
    p = local.lines.length
      ? call(routes.cart.merge, { body: { items: local.lines } })
          .then((cart) => {
            local.clear();
            return cart;
          })
          .catch(() => null)
      : Promise.resolve(null);
    merging.set(userId, p);
  }
  return p;
}

/**
 * The cart. Signed in: the fan's cart on the server (GET /cart; issue 26 §4.5), the same in every
 * browser — changes show at once (optimistic) and are written with PUT/DELETE /cart/items; at
 * sign-in this browser's carts (a guest's, and the account's own from before) are merged in once
 * (POST /cart/merge). Signed out: a guest cart in browser storage. The server render and the first
 * client render see an empty cart, so hydration matches.
 */
export function useCart() {
  const me = useCurrentUser();
  const userId = me?._id ?? null;
  const guestLines = useSyncExternalStore(cartStore.subscribe, guestSnapshot, serverLines);
  const server = useRoute(routes.cart.get, userId ? {} : null);
  const { mutate } = server;
  const lines = userId ? (server.data?.lines ?? NONE) : guestLines;
  const count = useMemo(() => cartCount(lines), [lines]);

  useEffect(() => {
    if (!userId) return;
    void mergeLocalCarts(userId).then((cart) => cart && mutate(cart, { revalidate: false }));
  }, [userId, mutate]);

  /** Shows `next` at once and writes it; a refusal puts the server's cart back. */
  const write = useCallback(
    (next: CartLine[], send: () => Promise<Cart>) => void mutate(send, { optimisticData: { lines: next }, rollbackOnError: true, revalidate: false }).catch(() => mutate()),
    [mutate],
  );

  const add = useCallback(
    (productId: string, quantity: number, max?: number): AddResult => {
      if (!userId) return cartStore.add(GUEST, productId, quantity, max);
      const { lines: next, result } = addLine(lines, productId, quantity, max);
      const q = next.find((l) => l.productId === productId)?.quantity;
      if (result !== 'full' && q) write(next, () => call(routes.cart.set, { params: { productId }, body: { quantity: q } }));
      return result;
    },
    [userId, lines, write],
  );
  const setQuantity = useCallback(
    (productId: string, quantity: number) => {
      if (!userId) return cartStore.setQuantity(GUEST, productId, quantity);
      const next = setLine(lines, productId, quantity);
      const q = next.find((l) => l.productId === productId)?.quantity;
      if (q) write(next, () => call(routes.cart.set, { params: { productId }, body: { quantity: q } }));
    },
    [userId, lines, write],
  );
  const remove = useCallback(
    (productIds: string | Iterable<string>) => {
      const ids = [...new Set(typeof productIds === 'string' ? [productIds] : productIds)];
      if (!userId) return cartStore.remove(GUEST, ids);
      const next = removeLines(lines, ids);
      write(next, async () => {
        let cart: Cart = { lines: next };
        for (const productId of ids) cart = await call(routes.cart.remove, { params: { productId } });
        return cart;
      });
    },
    [userId, lines, write],
  );

  return { userId, lines, count, add, setQuantity, remove };
}

/** The cart drawer's open state (one drawer, mounted by the header's cart button). */
export function useCartDrawer() {
  const open = useSyncExternalStore(cartStore.subscribe, cartStore.isDrawerOpen, serverClosed);
  return { open, setOpen: cartStore.setDrawerOpen };
}

/** Opens the cart drawer from anywhere (e.g. "View cart" after adding a product). */
export const openCart = () => cartStore.setDrawerOpen(true);
