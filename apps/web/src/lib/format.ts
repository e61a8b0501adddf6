/**
 * THE display formatting of the web app: money, counts, dates, in the page's language (issue 34 §3)
 * through Intl. A component gets them bound to the page's language with `useFormat()` (`formatIn(locale)`
 * outside React) — new and translated code uses that; the plain English calls left are the areas not
 * translated yet (apps/web README "Languages").
 */
import { useMemo } from 'react';
import { useLocale } from 'next-intl';
import { DEFAULT_LOCALE, formatMoney, formatNumber, formatPercent, INTL_LOCALE, isLocale, type Locale } from '@stagepass/shared';

const intl = (locale: Locale) => INTL_LOCALE[locale] ?? INTL_LOCALE.en;

/*
 * The plain helpers below write English (they are passed around as callbacks — `render: money` —
 * so they take no locale argument a caller could fill by accident); `formatIn(locale)` and
 * `useFormat()` give the same helpers in another language.
 */

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
  return moneyAxisIn(v, DEFAULT_LOCALE);
}
function moneyAxisIn(v: number, locale: Locale): string {
  return new Intl.NumberFormat(intl(locale), { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(v);
}

/** 1234 → "1.2K" */
export function compactNumber(n: number | null | undefined): string {
  return compactNumberIn(n, DEFAULT_LOCALE);
}
function compactNumberIn(n: number | null | undefined, locale: Locale): string {
  return new Intl.NumberFormat(intl(locale), { notation: 'compact', maximumFractionDigits: 1 }).format(n ?? 0);
}

/** "just now", "5m", "3h", "2d", then a date. */
export function timeAgo(iso: string | null | undefined, now = Date.now()): string {
  return timeAgoIn(iso, now, DEFAULT_LOCALE);
}
/** English: as timeAgo; other languages: Intl's narrow relative time ("hace 5 min"), then a date. */
function timeAgoIn(iso: string | null | undefined, now: number, locale: Locale): string {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  const s = Math.round((now - t) / 1000);
  if (s < 0) return locale === 'en' ? `in ${timeLeftIn(iso, now, locale)}` : new Intl.RelativeTimeFormat(intl(locale), { style: 'long' }).format(...relativeUnit(-s));
  if (s < 7 * 86400 && locale !== 'en') return new Intl.RelativeTimeFormat(intl(locale), { numeric: 'auto', style: 'narrow' }).format(...relativeUnit(s < 45 ? 0 : -s));
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.max(1, Math.round(s / 60))}m`;
  if (s < 86400) return `${Math.round(s / 3600)}h`;
  if (s < 7 * 86400) return `${Math.round(s / 86400)}d`;
  return new Date(t).toLocaleDateString(intl(locale), { month: 'short', day: 'numeric', year: new Date(t).getFullYear() === new Date(now).getFullYear() ? undefined : 'numeric' });
}

/** Seconds (negative: past) as the largest whole unit for Intl.RelativeTimeFormat. */
function relativeUnit(seconds: number): [number, Intl.RelativeTimeFormatUnit] {
  const a = Math.abs(seconds);
  if (a < 3600) return [Math.sign(seconds) * Math.round(a / 60), 'minute'];
  if (a < 86400) return [Math.sign(seconds) * Math.round(a / 3600), 'hour'];
  return [Math.sign(seconds) * Math.round(a / 86400), 'day'];
}

/** "3 days", "5 hours", "12 minutes" until `iso`. */
export function timeLeft(iso: string, now = Date.now()): string {
  return timeLeftIn(iso, now, DEFAULT_LOCALE);
}
/** …in another language ("3 días", "5 Stunden"…). */
function timeLeftIn(iso: string, now: number, locale: Locale): string {
  const s = Math.max(0, Math.round((new Date(iso).getTime() - now) / 1000));
  const unit = (n: number, u: 'day' | 'hour' | 'minute') => new Intl.NumberFormat(intl(locale), { style: 'unit', unit: u, unitDisplay: 'long' }).format(n);
  if (s >= 86400) return unit(Math.floor(s / 86400), 'day');
  if (s >= 3600) return unit(Math.floor(s / 3600), 'hour');
  return unit(Math.max(1, Math.floor(s / 60)), 'minute');
}

export function plural(n: number, word: string): string {
  return `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** "Mar 5, 2026, 3:04 PM". */
export function fullDate(iso: string | null | undefined): string {
  return fullDateIn(iso, DEFAULT_LOCALE);
}
/** …in another language: "5 mar 2026, 15:04". */
function fullDateIn(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(intl(locale), { dateStyle: 'medium', timeStyle: 'short' });
}

/** …"Mar 5, 2026" in a language (no time; the year always). */
function shortDateIn(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(intl(locale), { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "March 2026". */
export function monthYear(iso: string | null | undefined): string {
  return monthYearIn(iso, DEFAULT_LOCALE);
}
/** …in another language: "marzo de 2026". */
function monthYearIn(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(intl(locale), { month: 'long', year: 'numeric' });
}

/** 1536 → "1.5 KB", 3221225472 → "3 GB" (powers of 1024, as disks and file managers show them). */
export function bytes(n: number | null | undefined): string {
  const v = Math.max(0, n ?? 0);
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let i = 0;
  let x = v;
  while (x >= 1024 && i < units.length - 1) {
    x /= 1024;
    i++;
  }
  if (i === 0) return `${formatNumber(v)} ${v === 1 ? 'byte' : 'bytes'}`;
  return `${new Intl.NumberFormat(INTL_LOCALE.en, { maximumFractionDigits: x < 10 ? 1 : 0 }).format(x)} ${units[i]}`;
}

/** 45 → "45 s", 3720 → "1 h 2 min", 200000 → "2 d 7 h": an age or an uptime. */
export function duration(seconds: number | null | undefined): string {
  const s = Math.max(0, Math.floor(seconds ?? 0));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  if (s < 86400) return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
  return `${Math.floor(s / 86400)} d${Math.floor((s % 86400) / 3600) ? ` ${Math.floor((s % 86400) / 3600)} h` : ''}`;
}

/** The helpers above in `locale` (English as en-US). */
export function formatIn(locale: Locale) {
  return {
    locale,
    money: (amount: number | null | undefined) => formatMoney(amount, locale),
    count: (n: number | null | undefined) => formatNumber(n, locale),
    percent: (pct: number | null | undefined) => formatPercent(pct, locale),
    compactNumber: (n: number | null | undefined) => compactNumberIn(n, locale),
    moneyAxis: (v: number) => moneyAxisIn(v, locale),
    timeAgo: (iso: string | null | undefined, now = Date.now()) => timeAgoIn(iso, now, locale),
    timeLeft: (iso: string, now = Date.now()) => timeLeftIn(iso, now, locale),
    fullDate: (iso: string | null | undefined) => fullDateIn(iso, locale),
    monthYear: (iso: string | null | undefined) => monthYearIn(iso, locale),
    shortDate: (iso: string | null | undefined) => shortDateIn(iso, locale),
  };
}

/** The helpers bound to the page's language (next-intl's locale): `const f = useFormat(); f.money(4.99)`. */
export function useFormat() {
  const raw = useLocale();
  const locale: Locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  return useMemo(() => formatIn(locale), [locale]);
}
