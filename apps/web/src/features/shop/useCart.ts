'use client';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useCurrentUser } from '@/store';
import { cartCount, cartStore, type CartLine } from './cart';

const NONE: CartLine[] = [];
const serverLines = () => NONE;
const serverClosed = () => false;

/**
 * The signed-in user's cart (spec §3: browser storage, key `cart:<userId>`), live across tabs.
 * Anonymous visitors have none (`userId` null: writes do nothing). The server render and the
 * first client render see an empty cart, so hydration matches; the stored one follows at once.
 */
export function useCart() {
  const me = useCurrentUser();
  const userId = me?._id ?? null;
  const getSnapshot = useCallback(() => (userId ? cartStore.read(userId) : NONE), [userId]);
  const lines = useSyncExternalStore(cartStore.subscribe, getSnapshot, serverLines);
  const count = useMemo(() => cartCount(lines), [lines]);

  const add = useCallback((productId: string, quantity: number, max?: number) => (userId ? cartStore.add(userId, productId, quantity, max) : 'full'), [userId]);
  const setQuantity = useCallback((productId: string, quantity: number) => userId && cartStore.setQuantity(userId, productId, quantity), [userId]);
  const remove = useCallback((productIds: string | Iterable<string>) => userId && cartStore.remove(userId, typeof productIds === 'string' ? [productIds] : productIds), [userId]);

  return { userId, lines, count, add, setQuantity, remove };
}

/** The cart drawer's open state (one drawer, mounted by the header's cart button). */
export function useCartDrawer() {
  const open = useSyncExternalStore(cartStore.subscribe, cartStore.isDrawerOpen, serverClosed);
  return { open, setOpen: cartStore.setDrawerOpen };
}

/** Opens the cart drawer from anywhere (e.g. "View cart" after adding a product). */
export const openCart = () => cartStore.setDrawerOpen(true);
