'use client';
/**
 * The one way the web sends a charge (wallet top-up, tip, pay-per-view unlock, subscription):
 * POST with an `Idempotency-Key`, one request at a time, and one key policy.
 *
 * Key policy (`idempotency-keys.ts`) — a key per user intent (route + body): kept across retries
 * of the same intent, renewed after a success, a 4xx, a changed amount/target/card, or `reset()`.
 * While a charge and its follow-up (`onPaid` / `onFailed`, e.g. a 3-D Secure step) run, further
 * calls are ignored and `busy` is true.
 */
import { useCallback, useRef, useState } from 'react';
import { IDEMPOTENCY_HEADER } from '@stagepass/shared';
import { routePath, type RouteArgs, type RouteData, type RouteDef } from '@stagepass/shared/routes';
import { call, type ApiFailure } from '@/lib/api';
import { idempotencyKeys } from './idempotency-keys';

export interface PayHandlers<T> {
  /** The charge answered 2xx (awaited while `busy`). */
  onPaid: (value: T) => void | Promise<void>;
  /** The charge failed — `status` is 0 when no answer came — or `onPaid` threw (awaited while `busy`). */
  onFailed: (error: unknown, status: number) => void | Promise<void>;
}

export function useIdempotentPay() {
  const keys = useRef(idempotencyKeys()).current;
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  /** Forget the key (the dialog opened again: a new intent). */
  const reset = useCallback(() => {
    if (!inFlight.current) keys.reset();
  }, [keys]);

  /** POSTs the charge entry `def` (typed params, body and answer) with the intent's key. */
  const pay = useCallback(async <D extends RouteDef>(def: D, args: RouteArgs<D>, handlers: PayHandlers<RouteData<D>>): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const key = keys.keyFor(routePath(def, args.params as Record<string, string> | undefined), args.body);
      let value: RouteData<D>;
      try {
        value = await call(def, { ...args, headers: { ...args.headers, [IDEMPOTENCY_HEADER]: key } } as RouteArgs<D>);
      } catch (e) {
        const status = (e as ApiFailure)?.statusCode ?? 0;
        keys.settle(status); // only an unknown outcome (no answer, 5xx) keeps the key for a retry
        await handlers.onFailed(e, status);
        return;
      }
      keys.settle(200);
      try {
        await handlers.onPaid(value);
      } catch (e) {
        // Paid, but the follow-up failed (e.g. the 3-D Secure script did not load): report it.
        await handlers.onFailed(e, 0);
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [keys]);

  return { pay, busy, reset };
}
