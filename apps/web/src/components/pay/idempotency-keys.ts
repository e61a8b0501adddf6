/**
 * The web's one Idempotency-Key policy for charges (used by `useIdempotentPay`): a key per user
 * intent. The intent is the route and the body sent (amount, target, card, coupon, message…).
 * - `keyFor(intent)`: the same intent gets the same key until it is settled or reset, so a retry
 *   (double click, lost answer, network error, 5xx) is charged at most once; another intent (the
 *   user changed the amount, the creator, the card…) gets a new key.
 * - `settle(status)`: after an answer. 2xx (paid) and 4xx (refused: nothing was charged) end the
 *   intent — the next attempt gets a new key; 0 (no answer) and 5xx (outcome unknown) keep it.
 * - `reset()`: the dialog opened again — a new intent.
 * No React and no imports, so the unit tests run it as is.
 */
export function newIdempotencyKey(): string {
  const c = typeof crypto !== 'undefined' ? crypto : undefined;
  if (c?.randomUUID) return c.randomUUID();
  const b = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface IdempotencyKeys {
  keyFor(path: string, body: unknown): string;
  settle(status: number): void;
  reset(): void;
}

export function idempotencyKeys(makeKey: () => string = newIdempotencyKey): IdempotencyKeys {
  let current: { key: string; intent: string } | null = null;
  return {
    keyFor(path, body) {
      const intent = JSON.stringify([path, body]);
      if (!current || current.intent !== intent) current = { key: makeKey(), intent };
      return current.key;
    },
    settle(status) {
      if (status > 0 && status < 500) current = null;
    },
    reset() {
      current = null;
    },
  };
}
