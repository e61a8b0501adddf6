import { STATISTICS_MAX_DAYS } from '@stagepass/shared';

/** The period picker's choices: the last N UTC days up to today. */
export const PERIODS = [
  { value: 7, label: '7 days' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '365 days' },
] as const;
export type PeriodDays = (typeof PERIODS)[number]['value'];

/** `from`..`to` of the last `days` UTC days ending `now`. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const n = Math.min(days, STATISTICS_MAX_DAYS);
  const to = now.toISOString().slice(0, 10);
  return { from: new Date(Date.parse(`${to}T00:00:00Z`) - (n - 1) * 86_400_000).toISOString().slice(0, 10), to };
}

/** "+12.5 % vs previous period", "−3 %", or "no earlier figures" when the change is unknown. */
export function changeText(change: number | null): string {
  if (change === null) return 'nothing in the previous period';
  return `${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)} % vs previous period`;
}
