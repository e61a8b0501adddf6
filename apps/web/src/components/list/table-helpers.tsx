'use client';
/** Pieces shared by the fan money tables (wallet history, transactions, subscriptions). */
import { Input, Select } from 'antd';
import { useTranslations } from 'next-intl';
import type { TableQuery } from '@/lib/use-table-query';
import css from '../ui.module.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The API query of a table whose URL holds `fromDate`/`toDate` as local dates (YYYY-MM-DD): sent
 * as the start of the first day and the end of the last (the API compares instants).
 */
export function withDateRange(apiQuery: Record<string, string | number>): Record<string, string | number> {
  const q = { ...apiQuery };
  const from = String(q.fromDate ?? '');
  const to = String(q.toDate ?? '');
  if (from) {
    if (DAY.test(from)) q.fromDate = new Date(`${from}T00:00:00`).toISOString();
    else delete q.fromDate;
  }
  if (to) {
    if (DAY.test(to)) q.toDate = new Date(`${to}T23:59:59.999`).toISOString();
    else delete q.toDate;
  }
  return q;
}

export function FilterSelect({ label, name, options, query, set, width = 170 }: { label: string; name: string; options: Array<{ value: string; label: string }>; query: TableQuery; set: (p: Record<string, string | null>) => void; width?: number }) {
  const t = useTranslations('tables');
  return (
    <div className="money-filter">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <Select<string>
        id={`filter-${name}`}
        allowClear
        placeholder={t('all')}
        value={query.filters[name] || undefined}
        onChange={(v) => set({ [name]: v || null })}
        options={options}
        // the width is the caller's (each table picks its own)
        style={{ width }}
      />
    </div>
  );
}

export function DateFilters({ query, set }: { query: TableQuery; set: (p: Record<string, string | null>) => void }) {
  const t = useTranslations('tables');
  const from = query.filters.fromDate || '';
  const to = query.filters.toDate || '';
  return (
    <>
      <div className="money-filter">
        <label htmlFor="filter-fromDate">{t('fromDate')}</label>
        <Input id="filter-fromDate" type="date" value={from} max={to || undefined} onChange={(e) => set({ fromDate: e.target.value || null })} className={css.date} />
      </div>
      <div className="money-filter">
        <label htmlFor="filter-toDate">{t('toDate')}</label>
        <Input id="filter-toDate" type="date" value={to} min={from || undefined} onChange={(e) => set({ toDate: e.target.value || null })} className={css.date} />
      </div>
    </>
  );
}

/** "Wallet top-up" ← wallet_topup */
export const humanize = (s: string) => {
  const t = s.replace(/_/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
};

export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
