'use client';
/**
 * /admin, the console's home (GET /admin/dashboard): the range switch (Today, 7 days, 30 days — in
 * the URL as `range`) or a custom `From date`–`To date` (`fromDate`/`toDate`, UTC days, which win), stat cards (sign-ups, gross sales, commission, active subscriptions,
 * payouts awaiting payment, open reports, creators awaiting verification — the last four as of
 * now, linking to their queues), daily charts (recharts, loaded on demand) and sales by type.
 */
import type { ReactNode } from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Card, Input, Radio, Skeleton, Typography } from 'antd';
import { BankOutlined, CrownOutlined, DollarOutlined, FlagOutlined, PercentageOutlined, SafetyCertificateOutlined, UserAddOutlined } from '@ant-design/icons';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { count as num, money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { ErrorState } from '@/components/states';
import dynamic from 'next/dynamic';
import DashboardCharts from './DashboardCharts';
import SalesByType from './SalesByType';
import { RANGE_OPTIONS, customDays, isRange, rangeLabel } from './dashboard-format';
import css from './dashboard.module.css';

// The site-wide statistics (issue 31 §5: the creators' screens over every creator), loaded on demand.
const SiteStatistics = dynamic(() => import('@/features/statistics/Statistics').then((m) => m.StatisticsPanels), { ssr: false, loading: () => <Skeleton active /> });

/** One stat card: a group named by its label (e2e: `getByRole('group', { name })`). */
function Stat({ id, label, icon, value, note, link }: { id: string; label: string; icon: ReactNode; value: ReactNode; note?: ReactNode; link?: { href: string; text: string } }) {
  return (
    <Card className={css.stat} role="group" aria-labelledby={`stat-${id}`}>
      <span className={css.statLabel} id={`stat-${id}`}>
        <span aria-hidden="true">{icon}</span>
        {label}
      </span>
      <span className={css.statValue}>{value}</span>
      {note && <span className={css.statNote}>{note}</span>}
      {link && (
        <Link href={link.href} className={css.statLink}>
          {link.text}
        </Link>
      )}
    </Card>
  );
}

function StatsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the dashboard">
      <div className={css.stats}>
        {Array.from({ length: 7 }, (_, i) => (
          <Card key={i} className={css.stat}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
      <div className={css.charts}>
        <Card className={css.panel}>
          <Skeleton active title paragraph={false} />
          <div className={css.chartLoading} />
        </Card>
        <Card className={css.panel}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    </div>
  );
}

const count = (n: number, one: string, many: string) => `${num(n)} ${n === 1 ? one : many}`;

export default function AdminDashboard() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const asked = params.get('range');
  const range = isRange(asked) ? asked : '7d';
  const custom = customDays(params.get('fromDate'), params.get('toDate'));
  const query = custom.ok ? { fromDate: custom.from, toDate: custom.to } : { range };
  const { data: d, error, isLoading, mutate } = useRoute(routes.admin.dashboard, custom.problem ? null : { query }, { keepPreviousData: true });

  /** Merges `patch` into the URL (null removes a key). */
  const setParams = (patch: Record<string, string | null>) => {
    const p = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(patch)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    const s = p.toString();
    router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
  };
  // A range replaces the custom dates; 7d is the default and is not written.
  const setRange = (r: string) => setParams({ range: r === '7d' ? null : r, fromDate: null, toDate: null });

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <h1 className="page-title">Dashboard</h1>
          <p className="page-lead">{d ? `${rangeLabel(d.from, d.to)} (UTC). Queues are as of now.` : 'How the site is doing.'}</p>
        </div>
        <div className={css.rangeRow}>
          <div className={css.range}>
            <span id="dash-range">Range</span>
            <Radio.Group aria-labelledby="dash-range" optionType="button" buttonStyle="solid" value={custom.ok || custom.problem ? undefined : range} onChange={(e) => setRange(String(e.target.value))} options={RANGE_OPTIONS} />
          </div>
          <div className={css.range}>
            <label htmlFor="dash-from">From date</label>
            <Input id="dash-from" type="date" value={params.get('fromDate') ?? ''} max={params.get('toDate') || undefined} onChange={(e) => setParams({ fromDate: e.target.value || null })} className={css.date} />
          </div>
          <div className={css.range}>
            <label htmlFor="dash-to">To date</label>
            <Input id="dash-to" type="date" value={params.get('toDate') ?? ''} min={params.get('fromDate') || undefined} onChange={(e) => setParams({ toDate: e.target.value || null })} className={css.date} />
          </div>
        </div>
      </div>
      {custom.problem && (
        <Typography.Text type="danger" role="alert" className={css.problem}>
          {custom.problem}
        </Typography.Text>
      )}
      {custom.problem ? null : error && !d ? (
        <ErrorState title="The dashboard didn't load" message={errorText(error)} onRetry={() => void mutate()} />
      ) : !d || (isLoading && !d) ? (
        <StatsSkeleton />
      ) : (
        <>
          <div className={css.stats}>
            <Stat id="signups" label="Sign-ups" icon={<UserAddOutlined />} value={num(d.signups.fans + d.signups.creators)} note={`${count(d.signups.fans, 'fan', 'fans')} · ${count(d.signups.creators, 'creator', 'creators')}`} />
            <Stat id="gross" label="Gross sales" icon={<DollarOutlined />} value={money(d.sales.gross)} note={count(d.sales.count, 'sale', 'sales')} />
            <Stat id="commission" label="Commission earned" icon={<PercentageOutlined />} value={money(d.sales.commission)} />
            <Stat id="subscriptions" label="Active subscriptions" icon={<CrownOutlined />} value={num(d.activeSubscriptions)} link={{ href: '/admin/subscriptions', text: 'Subscriptions' }} />
            <Stat id="payouts" label="Payouts pending" icon={<BankOutlined />} value={num(d.payoutsPending.count)} note={`${money(d.payoutsPending.amount)} to pay`} link={{ href: '/admin/payouts?status=pending', text: 'Review payouts' }} />
            <Stat id="reports" label="Open reports" icon={<FlagOutlined />} value={num(d.openReports)} link={{ href: '/admin/reports', text: 'Review reports' }} />
            <Stat id="verification" label="Awaiting verification" icon={<SafetyCertificateOutlined />} value={num(d.creatorsAwaitingVerification)} note="Creators" link={{ href: '/admin/verification', text: 'Review creators' }} />
          </div>
          <div className={css.charts}>
            <DashboardCharts series={d.series} />
          </div>
          <Card className={css.panel}>
            <SalesByType sales={d.sales} />
          </Card>
          <Card className={css.panel}>
            <h2 className={css.siteTitle}>Site statistics</h2>
            <SiteStatistics site />
          </Card>
        </>
      )}
    </div>
  );
}
