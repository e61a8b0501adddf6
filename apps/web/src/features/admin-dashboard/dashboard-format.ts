import type { DashboardDay, DashboardRange, EarningType } from '@stagepass/shared';

/** The range switch's choices, in order. */
export const RANGE_OPTIONS: Array<{ value: DashboardRange; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
];
export const isRange = (v: string | null | undefined): v is DashboardRange => RANGE_OPTIONS.some((o) => o.value === v);

/** What each kind of sale is called on the dashboard. */
export const SALE_TYPE: Record<EarningType, string> = {
  subscription: 'Subscriptions', tip: 'Tips', feed: 'Pay-per-view posts', message: 'Paid messages', video: 'Videos', gallery: 'Galleries', product: 'Products', stream: 'Live streams',
};

/** A series day as the charts label it: "Jan 5" (UTC, like the API's days). */
export const dayLabel = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
export const longDayLabel = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });

/** The chart points: the API's days with their labels. */
export interface ChartDay extends DashboardDay {
  label: string;
  longLabel: string;
}
export const chartDays = (series: DashboardDay[]): ChartDay[] => series.map((d) => ({ ...d, label: dayLabel(d.date), longLabel: longDayLabel(d.date) }));

/** "Jan 1 – Jan 7, 2025", or one day. */
export function rangeLabel(from: string, to: string): string {
  return from === to ? longDayLabel(from) : `${dayLabel(from)} – ${longDayLabel(to)}`;
}
