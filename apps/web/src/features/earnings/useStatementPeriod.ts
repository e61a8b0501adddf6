'use client';
/**
 * The period a statement is for (creator's earnings page, operator console): a year, and a month
 * of it or the whole year. Years from `firstYear` (the account's creation) to this year; months of
 * this year up to the current one (the API refuses a period that has not started).
 */
import { useState } from 'react';
import { App } from 'antd';
import type { StatementFormat } from '@stagepass/shared';
import { errorText } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const WHOLE_YEAR = 'year';

export function useStatementPeriod(firstYear?: number) {
  const now = new Date();
  const thisYear = now.getUTCFullYear();
  const [year, setYear] = useState(thisYear);
  const [month, setMonth] = useState<string>(WHOLE_YEAR);
  const from = Math.max(2000, Math.min(firstYear ?? thisYear, thisYear));
  const yearOptions = Array.from({ length: thisYear - from + 1 }, (_, i) => thisYear - i).map((y) => ({ value: y, label: String(y) }));
  const last = year === thisYear ? now.getUTCMonth() : 11;
  const monthOptions = [{ value: WHOLE_YEAR, label: 'Whole year' }, ...MONTHS.slice(0, last + 1).map((m, i) => ({ value: String(i + 1).padStart(2, '0'), label: m }))];
  const chosenMonth = month !== WHOLE_YEAR && Number(month) - 1 > last ? WHOLE_YEAR : month;
  const period = chosenMonth === WHOLE_YEAR ? String(year) : `${year}-${chosenMonth}`;
  const title = chosenMonth === WHOLE_YEAR ? String(year) : `${MONTHS[Number(chosenMonth) - 1]} ${year}`;
  return { year, setYear, month: chosenMonth, setMonth, period, title, yearOptions, monthOptions };
}

/**
 * Downloads the statement of `period` as PDF or CSV from `hrefOf(period, format)` (the creator's
 * own route or the operator's audited copy), one at a time: `busy` is the format on its way.
 */
export function useStatementDownload(period: string, hrefOf: (period: string, format: StatementFormat) => string) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const download = async (format: StatementFormat) => {
    setBusy(format);
    try {
      await downloadFromApi(hrefOf(period, format), `statement-${period}.${format}`, { accept: format === 'pdf' ? 'application/pdf' : 'text/csv' });
      message.success('Statement downloaded');
    } catch (e) {
      message.error(errorText(e, 'The statement could not be downloaded, please try again'));
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}
