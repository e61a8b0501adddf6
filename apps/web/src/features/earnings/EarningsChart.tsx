'use client';
/**
 * Net earnings over time as an SVG bar chart (no chart library). Accessible: the plot is an image
 * with a summary for screen readers, arrow keys move through the bars (the readout above is a
 * live region), and the figures are available as a table under "Show the figures".
 * Colours come from the theme's CSS variables, so it follows light/dark mode.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { EarningStats } from '@stagepass/shared';
import { money, plural } from '@/lib/format';
import css from './chart.module.css';

type Point = { key: string; label: string; longLabel: string; net: number; gross: number };

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

/** 0, a "nice" step and the top of the axis (1-2-2.5-5 × 10^n). */
function niceScale(min: number, max: number, ticks = 4) {
  const range = Math.max(max - min, 1);
  const raw = range / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((f) => f * mag >= raw) ?? 10) * mag;
  return { lo: Math.floor(min / step) * step, hi: Math.ceil(max / step) * step || step, step };
}

const axisMoney = (v: number) => (Math.abs(v) >= 1000 ? `$${Number((v / 1000).toFixed(1))}k` : `$${Number(v.toFixed(2))}`);
const round2 = (n: number) => Math.round(n * 100) / 100;

export default function EarningsChart({ series, height = 220, title = 'Net earnings over time' }: { series: EarningStats['series']; height?: number; title?: string }) {
  const { points, unit } = useMemo(() => bucketSeries(series), [series]);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  const [active, setActive] = useState<number | null>(null);
  const id = useId();

  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => e && setWidth(Math.max(240, Math.round(e.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useEffect(() => setActive(null), [points]);

  const total = round2(points.reduce((a, p) => a + p.net, 0));
  const best = points.reduce<Point | null>((b, p) => (!b || p.net > b.net ? p : b), null);
  const per = unit === 'day' ? 'day' : 'month';
  const summary = points.length
    ? `${title}: ${plural(points.length, per)} from ${points[0]!.longLabel} to ${points[points.length - 1]!.longLabel}. Total net ${money(total)}. Best ${per}: ${best!.longLabel}, ${money(best!.net)}.`
    : `${title}: no earnings in this period.`;

  const padL = 52;
  const padR = 8;
  const padT = 8;
  const padB = 26;
  const innerW = Math.max(10, width - padL - padR);
  const innerH = height - padT - padB;
  const { lo, hi, step } = niceScale(Math.min(0, ...points.map((p) => p.net)), Math.max(0, ...points.map((p) => p.net)));
  const y = (v: number) => padT + innerH - ((v - lo) / (hi - lo)) * innerH;
  const band = points.length ? innerW / points.length : innerW;
  const barW = Math.max(1, Math.min(36, band * 0.72));
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(round2(v));
  // x labels: about one every 70 px, always the first and the last.
  const every = Math.max(1, Math.ceil(70 / band));
  const showLabel = (i: number) => (i === 0 || i === points.length - 1 ? true : i % every === 0 && i <= points.length - 1 - every);

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
      <figcaption id={`${id}-t`} style={{ fontWeight: 650, marginBottom: 4 }}>
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
            Total net <strong style={{ color: 'var(--text)' }}>{money(total)}</strong>
            {points.length > 0 && ` · ${unit === 'day' ? 'per day' : 'per month'} · use ← → to read each ${per}`}
          </span>
        )}
      </div>
      <div
        ref={wrapRef}
        className={css.plot}
        tabIndex={points.length ? 0 : -1}
        onKeyDown={onKey}
        onMouseLeave={() => setActive(null)}
        onBlur={() => setActive(null)}
        role="group"
        aria-label={points.length ? `${title} — arrow keys read each ${per}` : title}
      >
        <svg className={css.svg} width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
          <desc>{summary}</desc>
          {ticks.map((v) => (
            <g key={v}>
              <line className={v === 0 ? css.axis : css.grid} x1={padL} x2={width - padR} y1={Math.round(y(v)) + 0.5} y2={Math.round(y(v)) + 0.5} />
              <text className={css.tick} x={padL - 8} y={y(v)} dy="0.32em" textAnchor="end">
                {axisMoney(v)}
              </text>
            </g>
          ))}
          {points.map((p, i) => {
            const x0 = padL + i * band;
            const top = y(Math.max(0, p.net));
            const h = Math.max(p.net === 0 ? 0 : 1, Math.abs(y(p.net) - y(0)));
            return (
              <g key={p.key} onMouseEnter={() => setActive(i)} onClick={() => setActive(i)}>
                {active === i && <rect className={css.cursor} x={x0} y={padT} width={band} height={innerH} rx={4} />}
                <rect className={`${css.bar} ${active === i ? css.active : ''} ${p.net < 0 ? css.neg : ''}`} x={x0 + (band - barW) / 2} y={p.net < 0 ? y(0) : top} width={barW} height={h} rx={Math.min(4, barW / 3)} />
                <rect className={css.hit} x={x0} y={padT} width={band} height={innerH}>
                  <title>{`${p.longLabel}: ${money(p.net)} net`}</title>
                </rect>
                {showLabel(i) && (
                  <text className={css.tick} x={points.length > 1 && i === 0 ? x0 : points.length > 1 && i === points.length - 1 ? x0 + band : x0 + band / 2} y={height - 8} textAnchor={points.length > 1 && i === 0 ? 'start' : points.length > 1 && i === points.length - 1 ? 'end' : 'middle'}>
                    {p.label}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      {points.length > 0 && (
        <details className={css.details}>
          <summary>Show the figures</summary>
          <div className={css.tableWrap}>
            <table>
              <caption className="muted" style={{ textAlign: 'left' }}>
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
                    <th scope="row" style={{ fontWeight: 400 }}>
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
