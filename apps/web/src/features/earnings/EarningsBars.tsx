'use client';
/**
 * The bars of the earnings chart, drawn with recharts. Loaded on demand by EarningsChart
 * (next/dynamic), so the chart library is only fetched on the earnings page. Colours are the
 * theme's CSS variables (chart.module.css), so the chart follows light/dark mode.
 */
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { money, moneyAxis } from '@/lib/format';
import css from './chart.module.css';

export type ChartPoint = { key: string; label: string; longLabel: string; net: number; gross: number };


function ChartTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: ChartPoint }> }) {
  const p = active ? payload?.[0]?.payload : undefined;
  if (!p) return null;
  return (
    <div className={css.tooltip}>
      <div className={css.tooltipTitle}>{p.longLabel}</div>
      <div>
        Net <strong>{money(p.net)}</strong>
      </div>
      <div className="muted">Gross {money(p.gross)}</div>
    </div>
  );
}

export default function EarningsBars({ points, height, active, onActive }: { points: ChartPoint[]; height: number; active: number | null; onActive: (i: number | null) => void }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={points}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
        onMouseMove={(s) => {
          const i = s?.activeTooltipIndex;
          onActive(i === undefined || i === null ? null : Number(i));
        }}
        onMouseLeave={() => onActive(null)}
      >
        <CartesianGrid vertical={false} className={css.grid} />
        <XAxis dataKey="label" tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={18} tick={{ className: css.tick }} />
        <YAxis tickFormatter={moneyAxis} tickLine={false} axisLine={false} width={52} tick={{ className: css.tick }} />
        <ReferenceLine y={0} className={css.axis} ifOverflow="extendDomain" />
        <Tooltip cursor={{ className: css.cursor }} content={<ChartTooltip />} isAnimationActive={false} />
        <Bar dataKey="net" name="Net" maxBarSize={36} radius={[4, 4, 0, 0]} isAnimationActive={false}>
          {points.map((p, i) => (
            <Cell key={p.key} className={`${css.bar} ${active === i ? css.active : ''} ${p.net < 0 ? css.neg : ''}`} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
