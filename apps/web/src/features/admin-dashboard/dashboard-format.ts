import { DASHBOARD_MAX_DAYS, type DashboardDay, type DashboardRange, type EarningType } from '@stagepass/shared';

/** The range switch's choices, in order. */
export const RANGE_OPTIONS: Array<{ value: DashboardRange; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
];
export const isRange = (v: string | null | undefined): v is DashboardRange => RANGE_OPTIONS.some((o) => o.value === v);

/** What each kind of sale is called on the dashboard. */
export const SALE_TYPE: Record<EarningType, string> = {
  subscription: 'Subscriptions', tip: 'Tips', feed: 'Pay-per-view posts', message: 'Paid messages', video: 'Videos', gallery: 'Galleries', product: 'Products', stream: 'Live streams', referral: 'Referral shares',
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

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

/**
 * The custom range of the URL (`fromDate`, `toDate`, UTC days, both needed): `ok` when it can be
 * asked for; `problem` when both are given but the API would refuse them (reversed, or longer than
 * DASHBOARD_MAX_DAYS). One date alone, or a malformed one, leaves the range switch in charge.
 */
export function customDays(from: string | null, to: string | null): { ok: true; from: string; to: string; problem: null } | { ok: false; problem: string | null } {
  if (!from || !to || !DAY_RE.test(from) || !DAY_RE.test(to) || Number.isNaN(dayMs(from)) || Number.isNaN(dayMs(to))) return { ok: false, problem: null };
  const days = (dayMs(to) - dayMs(from)) / 86_400_000 + 1;
  if (days < 1) return { ok: false, problem: 'The start date is after the end date.' };
  if (days > DASHBOARD_MAX_DAYS) return { ok: false, problem: `Choose at most ${DASHBOARD_MAX_DAYS} days.` };
  return { ok: true, from, to, problem: null };
}
