'use client';
import { Card, Skeleton } from 'antd';
import type { EarningsStatistics } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import { StatGrid } from '@/components/money/money-ui';
import EarningsChart from '../earnings/EarningsChart';
import { changeText } from './period';
import css from './statistics.module.css';
import ScrollRegion from '@/components/ScrollRegion';

const CHANNEL_LABEL: Record<string, string> = {
  subscription: 'Subscriptions', tip: 'Tips', tip_menu: 'Tip menu', feed: 'Pay-per-view posts', message: 'Messages', video: 'Videos', gallery: 'Galleries',
  product: 'Shop', live_ticket: 'Live tickets', private_show: 'Private shows', referral: 'Referrals',
};
const SOURCE_LABEL: Record<string, string> = { tracking_link: 'Tracking links', referral: 'Referrals', organic: 'Organic' };

function Breakdown({ title, rows, label }: { title: string; rows: Array<EarningsStatistics['byChannel'][number] & { name: string }>; label: string }) {
  return (
    <Card className={css.panel}>
      <h2 className={css.h2}>{title}</h2>
      <ScrollRegion label={title} className={css.tableWrap}>
        <table className={css.simple} aria-label={title}>
          <thead>
            <tr><th scope="col">{label}</th><th scope="col">Sales</th><th scope="col">Gross</th><th scope="col">Net</th><th scope="col">Previous net</th><th scope="col">Change</th></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name} data-testid={`row-${r.name}`}>
                <th scope="row">{r.name}</th><td>{r.sales}</td><td>{money(r.gross)}</td><td>{money(r.net)}</td><td>{money(r.previousNet)}</td>
                <td className={r.change === null ? '' : r.change >= 0 ? css.up : css.down}>{r.change === null ? '—' : `${r.change > 0 ? '+' : ''}${r.change} %`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}

export default function EarningsTab({ period, site }: { period: { from: string; to: string }; site: boolean }) {
  const r = useRoute(site ? routes.statistics.siteEarnings : routes.statistics.earnings, { query: period }, { keepPreviousData: true });
  const d = r.data;
  if (r.error && !d) return <ErrorState title="Earnings statistics didn't load" message={errorText(r.error)} onRetry={() => void r.mutate()} />;
  if (!d) return <Skeleton active paragraph={{ rows: 6 }} />;
  const t = d.total;
  const active = d.byChannel.filter((c) => c.sales || c.net || c.previousNet);
  return (
    <>
      <StatGrid
        label="Earnings in the period"
        items={[
          { key: 'net', label: 'Net earnings', value: t.net, highlight: true, hint: <span className={t.change === null ? css.change : t.change >= 0 ? css.up : css.down}>{changeText(t.change)}</span> },
          { key: 'gross', label: 'Gross sales', value: t.gross, hint: `previous period ${money(t.previousGross)}` },
          { key: 'sales', label: 'Sales', value: t.sales, plain: true, hint: `${t.reversals} refunds or disputes` },
        ]}
      />
      <Card className={css.panel}>
        <EarningsChart series={d.series} title="Net earnings per day" />
      </Card>
      {active.length === 0 ? (
        <EmptyState title="No earnings in this period" description="Sales, tips and subscriptions show up here by channel and source." />
      ) : (
        <div className={css.grid}>
          <Breakdown title="By channel" label="Channel" rows={active.map((c) => ({ ...c, name: CHANNEL_LABEL[c.channel] ?? c.channel }))} />
          <Breakdown title="By source" label="Source" rows={d.bySource.map((s) => ({ ...s, channel: 'tip', name: SOURCE_LABEL[s.source] ?? s.source }))} />
        </div>
      )}
    </>
  );
}
