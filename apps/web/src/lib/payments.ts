'use client';
/**
 * Shared money helpers of the fan screens: the active gateway and limits from the public settings,
 * the wallet balance of the current user (`auth.authUser.balance`) (one number for the header and every screen).
 * Lists are revalidated with `revalidateRoutes` (lib/swr). Charges go through `useIdempotentPay` (src/components/pay).
 */
import { useCallback } from 'react';
import type { GatewayNameValue } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call } from '@/lib/api';
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
      const me = await call(routes.users.me);
      dispatch(setAuthUser(me));
      return me.balance;
    } catch {
      return undefined;
    }
  }, [dispatch]);
  return { balance, setBalance, refresh };
}

/** "Visa •••• 4242 · 12/2030" */
export function cardLabel(c: { brand: string; last4: string; expMonth?: number; expYear?: number }): string {
  const brand = c.brand ? c.brand.charAt(0).toUpperCase() + c.brand.slice(1) : 'Card';
  const exp = c.expMonth && c.expYear ? ` · ${String(c.expMonth).padStart(2, '0')}/${c.expYear}` : '';
  return `${brand} •••• ${c.last4}${exp}`;
}

/** Round to cents (amount inputs can produce 10.000000001). */
export const cents = (n: number) => Math.round(n * 100) / 100;
