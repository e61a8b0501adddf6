'use client';
/**
 * The sales tax of the caller's purchases (issue 29 §3; API: GET /taxes/mine, rules: apps/api
 * modules/taxes README "Sales tax"): the rule in force at their place, and the price parts computed
 * with the shared `taxFor` — the same function the API charges with, so what a fan is shown is
 * what they pay. Prices are shown through ONE component, components/money/TaxedPrice.tsx.
 */
import { taxFor, taxOfKind, toMinor, fromMinor, type ApplicableTax, type SaleTaxKind } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';

export interface PriceParts {
  /** Decimals in the site currency: the price as listed, the tax, what the fan pays. */
  price: number;
  tax: number;
  total: number;
  /** The rule's terms, or null when untaxed. */
  rule: ApplicableTax | null;
}

/**
 * The price parts of `amount` (a decimal) for a sale of `kind` under `tax` (null: untaxed). An
 * array is several sales charged one by one (a cart: one charge per line), each taxed on its own
 * as the API does, and summed.
 */
export function priceParts(amount: number | number[], kind: SaleTaxKind, tax: ApplicableTax | null | undefined): PriceParts {
  const rule = taxOfKind(tax, kind);
  const lines = (Array.isArray(amount) ? amount : [amount]).map((a) => taxFor(Math.max(0, toMinor(a || 0)), rule));
  const sum = (k: 'net' | 'tax' | 'total') => lines.reduce((s, l) => s + l[k], 0);
  const price = rule?.inclusive ? sum('total') : sum('net');
  return { price: fromMinor(price), tax: fromMinor(sum('tax')), total: fromMinor(sum('total')), rule: sum('tax') > 0 ? rule : null };
}

/** What applies to the caller (SWR over GET /taxes/mine); `residenceRequired`: paying is refused until they state their US state / Canadian province. */
export function useSalesTax() {
  const { data, isLoading, mutate } = useRoute(routes.salesTax.mine);
  return {
    tax: data?.tax ?? null,
    residenceRequired: data?.residenceRequired ?? false,
    place: data?.place ?? null,
    loading: isLoading,
    refresh: mutate,
    parts: (amount: number | number[], kind: SaleTaxKind) => priceParts(amount, kind, data?.tax),
  };
}
