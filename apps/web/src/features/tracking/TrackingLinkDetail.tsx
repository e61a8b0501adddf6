'use client';
/**
 * /creator/tracking-links/[id] (issue 30 §4): one link's figures over the last 30, 90 or 365 days
 * (GET /tracking/links/{id}, read from the daily rollups): the period's sums, a chart of clicks and
 * sign-ups (by day, by month over a year) and the days with activity as a table. Counts and sums
 * only: never who.
 */
import { useMemo, useState } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { App, Button, Card, Input, Segmented, Skeleton, Space, Table } from 'antd';
import { ArrowLeftOutlined, CopyOutlined } from '@ant-design/icons';
import { TRACKING_PERIODS, trackingPath, type TrackingDay } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import { count, money } from '@/lib/format';
import { EmptyState, ErrorState } from '@/components/states';
import { StatGrid, moneyCss as css } from '@/components/money/money-ui';
import type { TrackingPoint } from './TrackingBars';
import s from './tracking.module.css';

const TrackingBars = dynamic(() => import('./TrackingBars'), { ssr: false, loading: () => <div className={s.loading} aria-hidden="true" /> });

type Period = (typeof TRACKING_PERIODS)[number];
const fmt = (day: string, o: Intl.DateTimeFormatOptions) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', ...o });

/** Days as they come for 30 and 90 days; months over a year. */
function toPoints(series: TrackingDay[], byMonth: boolean): TrackingPoint[] {
  if (!byMonth) return series.map((d) => ({ key: d.day, label: fmt(d.day, { month: 'short', day: 'numeric' }), longLabel: fmt(d.day, { month: 'long', day: 'numeric', year: 'numeric' }), ...d }));
  const months = new Map<string, TrackingPoint>();
  for (const d of series) {
    const k = d.day.slice(0, 7);
    const p = months.get(k) ?? { key: k, label: fmt(`${k}-01`, { month: 'short', year: '2-digit' }), longLabel: fmt(`${k}-01`, { month: 'long', year: 'numeric' }), clicks: 0, signups: 0, subscriptions: 0, revenue: 0 };
    p.clicks += d.clicks;
    p.signups += d.signups;
    p.subscriptions += d.subscriptions;
    p.revenue = Math.round((p.revenue + d.revenue) * 100) / 100;
    months.set(k, p);
  }
  return [...months.values()];
}

export default function TrackingLinkDetail({ id }: { id: string }) {
  const { message } = App.useApp();
  const [days, setDays] = useState<Period>(30);
  const r = useRoute(routes.tracking.detail, { params: { id }, query: { days } }, { keepPreviousData: true });
  const d = r.data;
  const points = useMemo(() => (d ? toPoints(d.series, d.days > 90) : []), [d]);
  const active = useMemo(() => (d ? d.series.filter((x) => x.clicks || x.visitors || x.signups || x.follows || x.subscriptions || x.revenue).reverse() : []), [d]);
  const link = d ? `${typeof window === 'undefined' ? '' : window.location.origin}${trackingPath(d.link.code)}` : '';

  if (r.error && !d) return <div className="container page"><ErrorState title="This link didn't load" message={errorText(r.error)} onRetry={() => void r.mutate()} /></div>;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      message.success('Link copied');
    } catch {
      message.error('Copy did not work — select the link and copy it');
    }
  };
  const p = d?.period;
  const summary = d
    ? `Clicks and sign-ups per ${d.days > 90 ? 'month' : 'day'} from ${fmt(d.from, { month: 'long', day: 'numeric', year: 'numeric' })} to ${fmt(d.to, { month: 'long', day: 'numeric', year: 'numeric' })}: ${count(p!.clicks)} clicks, ${count(p!.signups)} sign-ups.`
    : 'Loading';

  return (
    <div className="container page">
      <div className={css.head}>
        <div>
          <Link href="/creator/tracking-links"><Button type="link" icon={<ArrowLeftOutlined />} className={s.back}>Tracking links</Button></Link>
          <h1 className="page-title">{d ? d.link.name : <Skeleton.Input active size="small" />}</h1>
          {d?.link.archivedAt && <p className="page-lead">Archived: its clicks no longer count; the fans it brought still do.</p>}
        </div>
      </div>

      <Card className={s.linkBox}>
        {d ? (
          <Space.Compact block>
            <Input readOnly value={link} aria-label="The link" onFocus={(e) => e.target.select()} />
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>Copy link</Button>
          </Space.Compact>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} title={false} aria-busy="true" aria-label="Loading" />
        )}
      </Card>

      <div className={s.periodBar}>
        <h2 className={css.sectionTitle}>Last {days} days</h2>
        <Segmented<Period> aria-label="Period" value={days} onChange={setDays} options={TRACKING_PERIODS.map((n) => ({ value: n, label: `${n} days` }))} />
      </div>
      <StatGrid
        label="Figures for the period"
        loading={!d}
        items={[
          { key: 'clicks', label: 'Clicks', value: p?.clicks, plain: true, info: 'One per visitor per day; bots are not counted' },
          { key: 'visitors', label: 'Unique visitors', value: p?.visitors, plain: true, info: 'Visitors whose first click on this link was in the period' },
          { key: 'signups', label: 'Sign-ups', value: p?.signups, plain: true },
          { key: 'follows', label: 'Follows', value: p?.follows, plain: true },
          { key: 'subscriptions', label: 'Subscriptions', value: p?.subscriptions, plain: true },
          { key: 'revenue', label: 'Revenue', value: p?.revenue, highlight: true, info: 'What the fans this link brought paid you (subscriptions, renewals, tips, purchases), before the site commission' },
        ]}
      />

      <Card className={css.block} title={<h2 className={css.sectionTitle}>Over time</h2>}>
        <figure className={s.chart} role="img" aria-label={summary}>
          {!d ? <div className={s.loading} aria-hidden="true" /> : p!.clicks + p!.signups === 0 ? <div className={s.chartEmpty}>No clicks or sign-ups in this period</div> : <TrackingBars points={points} />}
        </figure>
        <div className={s.legend} aria-hidden="true">
          <span><span className={`${s.swatch} ${s.clicks}`} />Clicks</span>
          <span><span className={`${s.swatch} ${s.signups}`} />Sign-ups</span>
        </div>
      </Card>

      <Card styles={{ body: { padding: 12 } }} title={<h2 className={css.sectionTitle}>Days with activity</h2>}>
        <Table<TrackingDay>
          rowKey="day"
          size="small"
          loading={!d}
          dataSource={active}
          scroll={{ x: 640 }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: <EmptyState title="Nothing yet" description="Share the link: the days it brings visitors show here." /> }}
          columns={[
            { key: 'day', title: 'Day', dataIndex: 'day', render: (v: string) => fmt(v, { month: 'short', day: 'numeric', year: 'numeric' }) },
            { key: 'clicks', title: 'Clicks', dataIndex: 'clicks', align: 'right', render: count },
            { key: 'visitors', title: 'Visitors', dataIndex: 'visitors', align: 'right', render: count },
            { key: 'signups', title: 'Sign-ups', dataIndex: 'signups', align: 'right', render: count },
            { key: 'follows', title: 'Follows', dataIndex: 'follows', align: 'right', render: count },
            { key: 'subscriptions', title: 'Subscriptions', dataIndex: 'subscriptions', align: 'right', render: count },
            { key: 'revenue', title: 'Revenue', dataIndex: 'revenue', align: 'right', render: (v: number) => money(v) },
          ]}
        />
      </Card>
    </div>
  );
}
