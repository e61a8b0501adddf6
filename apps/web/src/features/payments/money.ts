'use client';
/**
 * Shared money helpers of the fan screens: the active gateway and limits from the public settings,
 * the wallet balance of the current user (`auth.authUser.balance`) (one number for the header and every screen),
 * list revalidation. Charges go through `useIdempotentPay` (src/components/pay).
 */
import { useCallback } from 'react';
import { mutate as globalMutate } from 'swr';
import type { CurrentUser, GatewayNameValue } from '@stagepass/shared';
import { api } from '@/lib/api';
import { useSettings } from '@/lib/site-context';
import { useAppDispatch, useAppSelector } from '@/store';
import { patchAuthUser, setAuthUser } from '@/store/auth';

export interface PaymentSettings {
  /** The gateway that actually runs: the sandbox whenever the API says so (no Stripe keys). */
  gateway: GatewayNameValue;
  sandbox: boolean;
  stripePublishableKey: string;
  wallet: { min: number; max: number };
  tip: { min: number; max: number };
}

export function usePaymentSettings(): PaymentSettings {
  const s = useSettings();
  const sandbox = Boolean(s.paymentsSandbox);
  return {
    gateway: sandbox ? 'sandbox' : (s.paymentGateway as GatewayNameValue) || 'stripe',
    sandbox,
    stripePublishableKey: s.stripePublishableKey || '',
    wallet: { min: s.minimumWalletPrice, max: s.maximumWalletPrice },
    tip: { min: s.minimumTipPrice, max: s.maximumTipPrice },
  };
}

/** The signed-in user's wallet balance (Redux) and ways to update it after a money action. */
export function useBalance() {
  const dispatch = useAppDispatch();
  const balance = useAppSelector((s) => s.auth.authUser?.balance ?? 0);
  /** Take the balance a charge answered with at once… */
  const setBalance = useCallback((b: number) => dispatch(patchAuthUser({ balance: b })), [dispatch]);
  /** …and/or reload /users/me so every screen agrees with the server. */
  const refresh = useCallback(async () => {
    try {
      const me = await api.get<CurrentUser>('/users/me');
      dispatch(setAuthUser(me));
      return me.balance;
    } catch {
      return undefined;
    }
  }, [dispatch]);
  return { balance, setBalance, refresh };
}

/** Revalidate every SWR list whose path starts with one of `prefixes` (array keys `[path, query]` too). */
export function revalidatePaths(...prefixes: string[]) {
  // One argument only: with a data argument SWR would first replace the cached data.
  return globalMutate((key) => {
    const path = Array.isArray(key) ? key[0] : key;
    return typeof path === 'string' && prefixes.some((p) => path.startsWith(p));
  });
}

/** "Visa •••• 4242 · 12/2030" */
export function cardLabel(c: { brand: string; last4: string; expMonth?: number; expYear?: number }): string {
  const brand = c.brand ? c.brand.charAt(0).toUpperCase() + c.brand.slice(1) : 'Card';
  const exp = c.expMonth && c.expYear ? ` · ${String(c.expMonth).padStart(2, '0')}/${c.expYear}` : '';
  return `${brand} •••• ${c.last4}${exp}`;
}

/** Round to cents (amount inputs can produce 10.000000001). */
export const cents = (n: number) => Math.round(n * 100) / 100;
