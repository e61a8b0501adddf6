/**
 * The cart's lines and the browser-storage part of it. A signed-in fan's cart is kept on the server
 * (GET /cart…, useCart.ts; issue 26 §4.5: it lived in one browser's storage, so another browser
 * showed an empty cart). Browser storage holds only a guest's cart (`cart:guest`) — and, from
 * before, an account's own (`cart:<userId>`): both are merged into the server cart at sign-in
 * (`takeLocalCarts` + POST /cart/merge) and then cleared. The store below reads them with
 * `useSyncExternalStore`, shared by every tab (the `storage` event).
 *
 * No React and no zod here: the header's cart button is on every page's first load. The contract's
 * values (`cartStorageKey`, `parseStoredCart`, `PRODUCT_QUANTITY_MAX`, `CART_MAX_LINES` of
 * packages/shared/src/products.ts) are kept in step by cart.unit.test.ts.
 */

export interface CartLine {
  productId: string;
  quantity: number;
}

/** Units of one product in a line (PRODUCT_QUANTITY_MAX). */
export const CART_QUANTITY_MAX = 99;
/** Lines in one cart (CART_MAX_LINES). */
export const CART_LINES_MAX = 20;

/** The browser-storage key of a user's cart (cartStorageKey). */
export const cartKey = (userId: string) => `cart:${userId}`;
/** A guest's cart in browser storage (merged into the fan's server cart at sign-in). */
export const GUEST_CART_KEY = cartKey('guest');
export const GUEST = 'guest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const clampQty = (n: number) => Math.max(1, Math.min(CART_QUANTITY_MAX, Math.floor(n)));

/** A stored cart read back (parseStoredCart): invalid lines dropped, duplicates merged (capped), at most 20 lines. */
export function parseCart(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return [];
  const byId = new Map<string, number>();
  for (const item of raw) {
    const l = item as { productId?: unknown; quantity?: unknown } | null;
    if (!l || typeof l.productId !== 'string' || !UUID.test(l.productId)) continue;
    if (typeof l.quantity !== 'number' || !Number.isInteger(l.quantity) || l.quantity < 1) continue;
    byId.set(l.productId, Math.min(CART_QUANTITY_MAX, (byId.get(l.productId) ?? 0) + l.quantity));
  }
  return [...byId.entries()].slice(0, CART_LINES_MAX).map(([productId, quantity]) => ({ productId, quantity }));
}

/** The result of adding to the cart: `full` when a new line would pass the 20-line limit (nothing changed). */
export type AddResult = 'added' | 'updated' | 'full';

/**
 * Adds `quantity` of a product: a new line goes last; an existing line grows, capped at `max`
 * (the stock, when known) and at 99.
 */
export function addLine(lines: CartLine[], productId: string, quantity: number, max = CART_QUANTITY_MAX): { lines: CartLine[]; result: AddResult } {
  const cap = Math.max(1, Math.min(CART_QUANTITY_MAX, max));
  const i = lines.findIndex((l) => l.productId === productId);
  if (i >= 0) {
    const next = lines.slice();
    next[i] = { productId, quantity: Math.min(cap, clampQty(lines[i]!.quantity + quantity)) };
    return { lines: next, result: 'updated' };
  }
  if (lines.length >= CART_LINES_MAX) return { lines, result: 'full' };
  return { lines: [...lines, { productId, quantity: Math.min(cap, clampQty(quantity)) }], result: 'added' };
}

/** Sets a line's quantity (1–99); unknown products are left alone. */
export function setLine(lines: CartLine[], productId: string, quantity: number): CartLine[] {
  if (!Number.isFinite(quantity)) return lines;
  return lines.map((l) => (l.productId === productId ? { productId, quantity: clampQty(quantity) } : l));
}

/** Drops the lines of these products (after a checkout: the bought ones; a Remove button: one). */
export function removeLines(lines: CartLine[], productIds: Iterable<string>): CartLine[] {
  const drop = new Set(productIds);
  return lines.filter((l) => !drop.has(l.productId));
}

/** Units in the cart (the header badge). */
export const cartCount = (lines: CartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** What the store needs from the browser (a fake one in the unit tests). */
export interface CartEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Where `storage` events of other tabs arrive (window). */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

const EMPTY: CartLine[] = [];

/**
 * The cart store: one snapshot per user key, stable between writes (useSyncExternalStore compares
 * by identity), and a listener list told about writes in this tab and `storage` events of others.
 */
export function createCartStore(env: () => CartEnv) {
  const listeners = new Set<() => void>();
  const cache = new Map<string, { raw: string | null; lines: CartLine[] }>();
  let drawerOpen = false;

  const read = (userId: string): CartLine[] => {
    const key = cartKey(userId);
    let raw: string | null = null;
    try {
      raw = env().storage?.getItem(key) ?? null;
    } catch {
      raw = null; // storage blocked (privacy mode): an empty cart
    }
    const hit = cache.get(key);
    if (hit && hit.raw === raw) return hit.lines;
    let lines = EMPTY;
    if (raw) {
      try {
        lines = parseCart(JSON.parse(raw));
      } catch {
        lines = EMPTY;
      }
    }
    if (lines.length === 0) lines = EMPTY;
    cache.set(key, { raw, lines });
    return lines;
  };

  const notify = () => {
    for (const l of [...listeners]) l();
  };

  const write = (userId: string, lines: CartLine[]) => {
    const key = cartKey(userId);
    const storage = env().storage;
    try {
      if (lines.length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(lines.map(({ productId, quantity }) => ({ productId, quantity }))));
    } catch {
      /* storage full or blocked: the cart stays as it was */
    }
    notify();
  };

  const onStorage = (e: Event) => {
    const key = (e as StorageEvent).key;
    // null: the whole storage was cleared (another tab logged out, the user cleared site data).
    if (key === null || key === undefined || key.startsWith('cart:')) notify();
  };

  return {
    read,
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (listeners.size === 1) env().events?.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) env().events?.removeEventListener('storage', onStorage);
      };
    },
    add(userId: string, productId: string, quantity: number, max?: number): AddResult {
      const { lines, result } = addLine(read(userId), productId, quantity, max);
      if (result !== 'full') write(userId, lines);
      return result;
    },
    setQuantity(userId: string, productId: string, quantity: number) {
      write(userId, setLine(read(userId), productId, quantity));
    },
    remove(userId: string, productIds: Iterable<string>) {
      write(userId, removeLines(read(userId), productIds));
    },
    /** The cart drawer (one per page, opened from the header or after "Add to cart"). */
    isDrawerOpen: () => drawerOpen,
    setDrawerOpen(open: boolean) {
      if (drawerOpen === open) return;
      drawerOpen = open;
      notify();
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

/**
 * The carts this browser holds for `userId` at sign-in: the guest's and the account's own from
 * before the server kept carts, merged (parseCart's rules). `clear` removes both — only once the
 * server took them (POST /cart/merge answered).
 */
export function takeLocalCarts(env: CartEnv, userId: string): { lines: CartLine[]; clear: () => void } {
  const keys = [GUEST_CART_KEY, cartKey(userId)];
  const raw: unknown[] = [];
  for (const key of keys) {
    try {
      const text = env.storage?.getItem(key);
      if (text) raw.push(...(JSON.parse(text) as unknown[]));
    } catch {
      /* unreadable or blocked: nothing to merge */
    }
  }
  return {
    lines: parseCart(raw),
    clear: () => {
      for (const key of keys) {
        try {
          env.storage?.removeItem(key);
        } catch {
          /* blocked storage */
        }
      }
    },
  };
}

/** The page's browser environment (none on the server). */
export const browserEnv = (): CartEnv => (typeof window === 'undefined' ? { storage: null, events: null } : { storage: safeLocalStorage(), events: window });

/** The page's cart store over `localStorage` and `window` (the guest's cart). */
export const cartStore = createCartStore(browserEnv);

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
