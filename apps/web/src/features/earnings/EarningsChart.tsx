'use client';
/**
 * Net earnings over time as a bar chart (recharts, in EarningsBars, loaded on demand). Accessible:
 * the plot is an image with a summary for screen readers, arrow keys move through the bars (the
 * readout above is a live region), and the figures are available as a table under "Show the
 * figures". Colours come from the theme's CSS variables, so it follows light/dark mode.
 */
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import dynamic from 'next/dynamic';
import type { EarningStats } from '@stagepass/shared';
import { money, plural } from '@/lib/format';
import type { ChartPoint as Point } from './EarningsBars';
import css from './chart.module.css';

const EarningsBars = dynamic(() => import('./EarningsBars'), { ssr: false, loading: () => <div className={css.loading} aria-hidden="true" /> });

const DAY = 86_400_000;
const MAX_DAILY = 62;

function parseDay(s: string): number {
  const t = Date.parse(s.length <= 10 ? `${s.slice(0, 10)}T00:00:00Z` : s);
  return Number.isNaN(t) ? NaN : Math.floor(t / DAY) * DAY;
}
const fmt = (t: number, o: Intl.DateTimeFormatOptions) => new Date(t).toLocaleDateString('en-US', { timeZone: 'UTC', ...o });

/** Days without earnings are filled with zeros; long ranges are grouped by month. */
export function bucketSeries(series: EarningStats['series']): { points: Point[]; unit: 'day' | 'month' } {
  const byDay = new Map<number, { net: number; gross: number }>();
  for (const s of series) {
    const t = parseDay(s.date);
    if (Number.isNaN(t)) continue;
    const cur = byDay.get(t) ?? { net: 0, gross: 0 };
    byDay.set(t, { net: cur.net + s.net, gross: cur.gross + s.gross });
  }
  if (!byDay.size) return { points: [], unit: 'day' };
  const days = [...byDay.keys()].sort((a, b) => a - b);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const span = Math.round((last - first) / DAY) + 1;
  if (span <= MAX_DAILY) {
    const points: Point[] = [];
    for (let t = first; t <= last; t += DAY) {
      const v = byDay.get(t) ?? { net: 0, gross: 0 };
      points.push({ key: String(t), label: fmt(t, { month: 'short', day: 'numeric' }), longLabel: fmt(t, { month: 'long', day: 'numeric', year: 'numeric' }), ...v });
    }
    return { points, unit: 'day' };
  }
  const months = new Map<string, Point>();
  const start = new Date(first);
  const end = new Date(last);
  for (let y = start.getUTCFullYear(), m = start.getUTCMonth(); y < end.getUTCFullYear() || (y === end.getUTCFullYear() && m <= end.getUTCMonth()); m === 11 ? ((m = 0), y++) : m++) {
    const t = Date.UTC(y, m, 1);
    months.set(`${y}-${m}`, { key: String(t), label: fmt(t, { month: 'short', year: '2-digit' }), longLabel: fmt(t, { month: 'long', year: 'numeric' }), net: 0, gross: 0 });
  }
  for (const [t, v] of byDay) {
    const d = new Date(t);
    const p = months.get(`${d.getUTCFullYear()}-${d.getUTCMonth()}`);
    if (p) {
      p.net += v.net;
      p.gross += v.gross;
    }
  }
  return { points: [...months.values()], unit: 'month' };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export default function EarningsChart({ series, height = 220, title = 'Net earnings over time' }: { series: EarningStats['series']; height?: number; title?: string }) {
  const { points, unit } = useMemo(() => bucketSeries(series), [series]);
  const [active, setActive] = useState<number | null>(null);
  const id = useId();
  useEffect(() => setActive(null), [points]);

  const total = round2(points.reduce((a, p) => a + p.net, 0));
  const best = points.reduce<Point | null>((b, p) => (!b || p.net > b.net ? p : b), null);
  const per = unit === 'day' ? 'day' : 'month';
  const summary = points.length
    ? `${title}: ${plural(points.length, per)} from ${points[0]!.longLabel} to ${points[points.length - 1]!.longLabel}. Total net ${money(total)}. Best ${per}: ${best!.longLabel}, ${money(best!.net)}.`
    : `${title}: no earnings in this period.`;

  const onKey = (e: KeyboardEvent) => {
    if (!points.length) return;
    const cur = active ?? -1;
    let next: number | null = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = Math.min(points.length - 1, cur + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = Math.max(0, cur < 0 ? points.length - 1 : cur - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = points.length - 1;
    else if (e.key === 'Escape') next = null;
    else return;
    e.preventDefault();
    setActive(next);
  };
  const a = active !== null ? points[active] : undefined;

  return (
    <figure className={css.figure} aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`} className={css.caption}>
        {title}
      </figcaption>
      <div className={css.readout} aria-live="polite" role="status">
        {a ? (
          <>
            <span>{a.longLabel}</span>
            <span>
              Net <strong>{money(a.net)}</strong>
            </span>
            <span className="muted">Gross {money(a.gross)}</span>
          </>
        ) : (
          <span className="muted">
            Total net <strong className={css.total}>{money(total)}</strong>
            {points.length > 0 && ` · ${unit === 'day' ? 'per day' : 'per month'} · use ← → to read each ${per}`}
          </span>
        )}
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a chart read with the arrow keys: it takes focus, the live status above reads each point */}
      <div
        className={css.plot}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so the arrow keys can read the chart (the group's name says so); its figures are also in the table below
        tabIndex={points.length ? 0 : -1}
        onKeyDown={onKey}
        onBlur={() => setActive(null)}
        role="group"
        aria-label={points.length ? `${title} — arrow keys read each ${per}` : title}
      >
        {/* the chart's height is a prop */}
        <div role="img" aria-label={summary} style={{ height }}>
          {points.length > 0 ? <EarningsBars points={points} height={height} active={active} onActive={setActive} /> : <div className={css.empty}>No earnings in this period</div>}
        </div>
      </div>
      {points.length > 0 && (
        <details className={css.details}>
          <summary>Show the figures</summary>
          <div className={css.tableWrap}>
            <table>
              <caption className={`muted ${css.tableCaption}`}>
                {title}, per {per}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{unit === 'day' ? 'Day' : 'Month'}</th>
                  <th scope="col">Net</th>
                  <th scope="col">Gross</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.key}>
                    <th scope="row" className={css.rowHead}>
                      {p.longLabel}
                    </th>
                    <td>{money(p.net)}</td>
                    <td>{money(p.gross)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}
