'use client';
import { Card, Skeleton } from 'antd';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { ErrorState } from '@/components/states';
import { StatGrid } from '@/components/money/money-ui';
import { changeText } from './period';
import css from './statistics.module.css';
import ScrollRegion from '@/components/ScrollRegion';

const SOURCE = { tracking_link: 'Tracking links', promotion: 'Promotions and free-trial links', organic: 'Organic' } as const;
const monthName = (m: string) => new Date(`${m}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric' });

export default function AudienceTab({ period, site }: { period: { from: string; to: string }; site: boolean }) {
  const r = useRoute(site ? routes.statistics.siteAudience : routes.statistics.audience, { query: period }, { keepPreviousData: true });
  const d = r.data;
  if (r.error && !d) return <ErrorState title="Audience statistics didn't load" message={errorText(r.error)} onRetry={() => void r.mutate()} />;
  if (!d) return <Skeleton active paragraph={{ rows: 6 }} />;
  const width = Math.max(0, ...d.cohorts.map((c) => c.retention.length));
  const active = d.series.filter((x) => x.new || x.churned).reverse();
  return (
    <>
      <StatGrid
        label="Audience in the period"
        items={[
          { key: 'subscribers', label: 'Subscribers', value: d.subscribers.end, plain: true, highlight: true, hint: `${d.subscribers.new} new · ${d.subscribers.churned} ended` },
          { key: 'new', label: 'New subscribers', value: d.subscribers.new, plain: true, hint: changeText(d.subscribers.change) },
          { key: 'followers', label: 'Followers', value: d.followers.end, plain: true, hint: `${d.followers.gained} gained · ${d.followers.lost} lost` },
          { key: 'renewal', label: 'Renewal rate', value: d.renewalRate, plain: true, hint: d.renewalRate === null ? 'no renewal was due' : '% of renewals due that renewed' },
        ]}
      />
      <div className={css.grid}>
        <Card className={css.panel}>
          <h2 className={css.h2}>Where new subscribers came from</h2>
          <table className={css.simple} aria-label="Where new subscribers came from">
            <thead><tr><th scope="col">Source</th><th scope="col">Fans</th></tr></thead>
            <tbody>{d.sources.map((s) => <tr key={s.source}><th scope="row">{SOURCE[s.source]}</th><td>{s.fans}</td></tr>)}</tbody>
          </table>
        </Card>
        <Card className={css.panel}>
          <h2 className={css.h2}>New vs ended, by day</h2>
          {active.length === 0 ? <p className="muted">No subscriptions started or ended in this period.</p> : (
            <ScrollRegion label="New and ended subscriptions by day" className={css.tableWrap} style={{ maxHeight: 260 }}>
              <table className={css.simple} aria-label="New and ended subscriptions by day">
                <thead><tr><th scope="col">Day</th><th scope="col">New</th><th scope="col">Ended</th><th scope="col">Subscribers</th><th scope="col">Followers</th></tr></thead>
                <tbody>{active.map((x) => <tr key={x.date}><th scope="row">{x.date}</th><td>{x.new}</td><td>{x.churned}</td><td>{x.subscribers}</td><td>{x.followers}</td></tr>)}</tbody>
              </table>
            </ScrollRegion>
          )}
        </Card>
      </div>
      <Card className={css.panel}>
        <h2 className={css.h2}>Retention by month of first subscription</h2>
        {d.cohorts.length === 0 ? <p className="muted">No subscribers yet.</p> : (
          <ScrollRegion label="Retention by month of first subscription" className={css.tableWrap}>
            <table className={css.simple} aria-label="Retention by month of first subscription, percent still subscribed">
              <thead><tr><th scope="col">First month</th><th scope="col">Fans</th>{Array.from({ length: width }, (_, k) => <th scope="col" key={k}>{k === 0 ? 'Month 0' : `+${k}`}</th>)}</tr></thead>
              <tbody>
                {d.cohorts.map((c) => (
                  <tr key={c.month}><th scope="row">{monthName(c.month)}</th><td>{c.fans}</td>{Array.from({ length: width }, (_, k) => <td key={k}>{k < c.retention.length ? `${c.retention[k]} %` : ''}</td>)}</tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </Card>
    </>
  );
}
