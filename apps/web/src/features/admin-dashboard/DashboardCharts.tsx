'use client';
/**
 * The dashboard's daily charts: sales (gross and commission) and sign-ups (fans and creators) per
 * UTC day. The bars (recharts) are loaded on demand; each chart is an image with a summary for
 * screen readers and its figures under "Show the figures".
 */
import dynamic from 'next/dynamic';
import { Card } from 'antd';
import type { DashboardDay } from '@stagepass/shared';
import { money } from '@/lib/format';
import { chartDays } from './dashboard-format';
import css from './dashboard.module.css';

const DashboardBars = dynamic(() => import('./DashboardBars'), { ssr: false, loading: () => <div className={css.chartLoading} aria-hidden="true" /> });

function Figures({ days, series }: { days: DashboardDay[]; series: 'sales' | 'signups' }) {
  return (
    <details className={css.details}>
      <summary>Show the figures</summary>
      <div className={css.figuresWrap}>
        <table className={css.figures}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{series === 'sales' ? 'Gross' : 'Fans'}</th>
              <th scope="col">{series === 'sales' ? 'Commission' : 'Creators'}</th>
            </tr>
          </thead>
          <tbody>
            {chartDays(days).map((d) => (
              <tr key={d.date}>
                <td>{d.longLabel}</td>
                <td>{series === 'sales' ? money(d.gross) : d.fans}</td>
                <td>{series === 'sales' ? money(d.commission) : d.creators}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export default function DashboardCharts({ series }: { series: DashboardDay[] }) {
  const days = chartDays(series);
  const gross = series.reduce((a, d) => a + d.gross, 0);
  const commission = series.reduce((a, d) => a + d.commission, 0);
  const fans = series.reduce((a, d) => a + d.fans, 0);
  const creators = series.reduce((a, d) => a + d.creators, 0);
  return (
    <>
      <Card className={css.panel}>
        <h2 className={css.panelTitle} id="dash-sales-title">
          Sales per day
        </h2>
        <div className={css.chartBox} role="img" aria-labelledby="dash-sales-title" aria-describedby="dash-sales-summary">
          <DashboardBars days={days} series="sales" />
        </div>
        <p className="sr-only" id="dash-sales-summary">
          {`${money(gross)} gross and ${money(commission)} commission over ${series.length} ${series.length === 1 ? 'day' : 'days'}.`}
        </p>
        <div className={css.legend} aria-hidden="true">
          <span>
            <i className={`${css.swatch} ${css.swatchGross}`} />
            Gross sales
          </span>
          <span>
            <i className={`${css.swatch} ${css.swatchCommission}`} />
            Commission
          </span>
        </div>
        <Figures days={series} series="sales" />
      </Card>
      <Card className={css.panel}>
        <h2 className={css.panelTitle} id="dash-signups-title">
          Sign-ups per day
        </h2>
        <div className={css.chartBox} role="img" aria-labelledby="dash-signups-title" aria-describedby="dash-signups-summary">
          <DashboardBars days={days} series="signups" />
        </div>
        <p className="sr-only" id="dash-signups-summary">
          {`${fans} ${fans === 1 ? 'fan' : 'fans'} and ${creators} ${creators === 1 ? 'creator' : 'creators'} signed up over ${series.length} ${series.length === 1 ? 'day' : 'days'}.`}
        </p>
        <div className={css.legend} aria-hidden="true">
          <span>
            <i className={`${css.swatch} ${css.swatchFans}`} />
            Fans
          </span>
          <span>
            <i className={`${css.swatch} ${css.swatchCreators}`} />
            Creators
          </span>
        </div>
        <Figures days={series} series="signups" />
      </Card>
    </>
  );
}
