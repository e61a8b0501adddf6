/**
 * The one way amounts and numbers are written for people (web pages, notifications, error texts):
 * Intl, en-US, with thousands separators — "$10,000.00", "12,345". Machine-readable output (CSV
 * exports, API values) keeps plain numbers.
 */
import { fromMinor } from './money';

const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 10000 → "$10,000.00" (an amount in the site currency, decimal as in the API). */
export function formatMoney(amount: number | null | undefined): string {
  const v = Number(amount ?? 0);
  return MONEY.format(Number.isFinite(v) ? v : 0);
}

/** 1000000 (minor units, inside the API) → "$10,000.00". */
export function formatMoneyMinor(minor: number | bigint | null | undefined): string {
  return formatMoney(fromMinor(minor ?? 0));
}

/** 12345 → "12,345"; up to two decimals. */
export function formatNumber(n: number | null | undefined): string {
  const v = Number(n ?? 0);
  return NUMBER.format(Number.isFinite(v) ? v : 0);
}

/** 12.5 → "12.5%" (a percentage as a number of percent, not a fraction). */
export function formatPercent(pct: number | null | undefined): string {
  return `${formatNumber(pct)}%`;
}
