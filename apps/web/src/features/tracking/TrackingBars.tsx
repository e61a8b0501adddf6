'use client';
/**
 * A tracking link's clicks and sign-ups per day (or month), drawn with recharts. Loaded on demand
 * by TrackingLinkDetail (next/dynamic), so the chart library is only fetched on that page. Colours
 * are the theme's CSS variables (tracking.module.css), so it follows light/dark mode.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { count, money } from '@/lib/format';
import s from './tracking.module.css';

export type TrackingPoint = { key: string; label: string; longLabel: string; clicks: number; signups: number; subscriptions: number; revenue: number };

function PointTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: TrackingPoint }> }) {
  const p = active ? payload?.[0]?.payload : undefined;
  if (!p) return null;
  return (
    <div className={s.tooltip}>
      <div className={s.tooltipTitle}>{p.longLabel}</div>
      <div>Clicks <strong>{count(p.clicks)}</strong> · Sign-ups <strong>{count(p.signups)}</strong></div>
      <div className="muted">Subscriptions {count(p.subscriptions)} · Revenue {money(p.revenue)}</div>
    </div>
  );
}

export default function TrackingBars({ points }: { points: TrackingPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false} barGap={0}>
        <CartesianGrid vertical={false} className={s.grid} />
        <XAxis dataKey="label" tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={18} tick={{ className: s.tick }} />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={40} tick={{ className: s.tick }} />
        <Tooltip cursor={{ className: s.cursor }} content={<PointTooltip />} isAnimationActive={false} />
        <Bar dataKey="clicks" name="Clicks" className={s.clicks} maxBarSize={24} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Bar dataKey="signups" name="Sign-ups" className={s.signups} maxBarSize={24} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
