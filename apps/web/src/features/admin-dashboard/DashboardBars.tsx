'use client';
/**
 * The dashboard's two bar charts (recharts), loaded on demand by DashboardCharts (next/dynamic) so
 * the chart library is fetched only on the console's home. Colours are CSS classes
 * (dashboard.module.css), so the bars follow light/dark mode.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { money, moneyAxis } from '@/lib/format';
import type { ChartDay } from './dashboard-format';
import css from './dashboard.module.css';


type Series = 'sales' | 'signups';
const BARS: Record<Series, Array<{ key: keyof ChartDay; name: string; className: string; stack?: string }>> = {
  sales: [
    { key: 'gross', name: 'Gross sales', className: css.grossBar! },
    { key: 'commission', name: 'Commission', className: css.commissionBar! },
  ],
  signups: [
    { key: 'fans', name: 'Fans', className: css.fansBar!, stack: 'signups' },
    { key: 'creators', name: 'Creators', className: css.creatorsBar!, stack: 'signups' },
  ],
};

function ChartTooltip({ active, payload, series }: { active?: boolean; payload?: ReadonlyArray<{ payload?: ChartDay }>; series: Series }) {
  const d = active ? payload?.[0]?.payload : undefined;
  if (!d) return null;
  return (
    <div className={css.tooltip}>
      <div className={css.tooltipTitle}>{d.longLabel}</div>
      {series === 'sales' ? (
        <>
          <div>
            Gross <strong>{money(d.gross)}</strong>
          </div>
          <div>Commission {money(d.commission)}</div>
        </>
      ) : (
        <>
          <div>
            Fans <strong>{d.fans}</strong>
          </div>
          <div>Creators {d.creators}</div>
        </>
      )}
    </div>
  );
}

export default function DashboardBars({ days, series }: { days: ChartDay[]; series: Series }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} className={css.gridLine} />
        <XAxis dataKey="label" tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={18} tick={{ className: css.tick }} />
        <YAxis tickFormatter={series === 'sales' ? moneyAxis : undefined} allowDecimals={false} tickLine={false} axisLine={false} width={48} tick={{ className: css.tick }} />
        <Tooltip cursor={{ className: css.cursor }} content={<ChartTooltip series={series} />} isAnimationActive={false} />
        {BARS[series].map((b) => (
          <Bar key={b.key} dataKey={b.key} name={b.name} className={b.className} stackId={b.stack} maxBarSize={28} radius={b.stack ? 0 : [3, 3, 0, 0]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
