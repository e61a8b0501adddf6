/** Small display helpers shared by the feed, profile and list screens. */
import { formatMoney, formatNumber, formatPercent } from '@stagepass/shared';

/** "Unlock for $4.99", "$10,000.00": money in the site currency (decimal, spec: API money is a decimal), through Intl. */
export function money(amount: number | null | undefined): string {
  return formatMoney(amount);
}

/** 12345 → "12,345": every count shown in full (likes, views, subscribers…). */
export function count(n: number | null | undefined): string {
  return formatNumber(n);
}

/** 20 → "20%", 12.5 → "12.5%". */
export function percent(pct: number | null | undefined): string {
  return formatPercent(pct);
}

/** Chart axes: 1500 → "$1.5K", 20 → "$20". */
export function moneyAxis(v: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(v);
}

/** 1234 → "1.2K" */
export function compactNumber(n: number | null | undefined): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n ?? 0);
}

/** "just now", "5m", "3h", "2d", then a date. */
export function timeAgo(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  const s = Math.round((now - t) / 1000);
  if (s < 0) return `in ${timeLeft(iso, now)}`;
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.max(1, Math.round(s / 60))}m`;
  if (s < 86400) return `${Math.round(s / 3600)}h`;
  if (s < 7 * 86400) return `${Math.round(s / 86400)}d`;
  return new Date(t).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: new Date(t).getFullYear() === new Date(now).getFullYear() ? undefined : 'numeric' });
}

/** "3 days", "5 hours", "12 minutes" until `iso`. */
export function timeLeft(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((new Date(iso).getTime() - now) / 1000));
  if (s >= 86400) return plural(Math.floor(s / 86400), 'day');
  if (s >= 3600) return plural(Math.floor(s / 3600), 'hour');
  return plural(Math.max(1, Math.floor(s / 60)), 'minute');
}

export function plural(n: number, word: string): string {
  return `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;
}

export function fullDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export function monthYear(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}
