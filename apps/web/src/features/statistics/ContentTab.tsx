'use client';
import { useState } from 'react';
import { Card, Skeleton, Table } from 'antd';
import type { STATISTICS_CONTENT_SORTS, ContentStatisticsItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText } from '@/lib/api';
import { money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import css from './statistics.module.css';

type Sort = (typeof STATISTICS_CONTENT_SORTS)[number];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const KIND = { feed: 'Post', video: 'Video', gallery: 'Gallery' } as const;

/** Engagement by UTC weekday and hour: a grid of cells whose strength is the share of the busiest hour, with the figures as a table for screen readers. */
function BestTimes({ cells }: { cells: Array<{ weekday: number; hour: number; engagement: number }> }) {
  const max = Math.max(1, ...cells.map((c) => c.engagement));
  const at = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.engagement]));
  const top = [...cells].sort((a, b) => b.engagement - a.engagement).slice(0, 3);
  return (
    <figure style={{ margin: 0 }}>
      <figcaption className={css.h2}>Best times to post (UTC)</figcaption>
      <p className="muted">{top.length ? `Most engagement: ${top.map((c) => `${DAYS[c.weekday]} ${c.hour}:00`).join(', ')}.` : 'No engagement yet.'}</p>
      <div className={css.tableWrap} aria-hidden="true">
        <div className={css.heat}>
          <span />
          {Array.from({ length: 24 }, (_, h) => <span key={h}>{h % 6 === 0 ? h : ''}</span>)}
          {DAYS.map((d, w) => [<span key={d}>{d}</span>, ...Array.from({ length: 24 }, (_, h) => <span key={`${w}:${h}`} className={css.cell} style={{ opacity: 0.08 + (0.92 * (at.get(`${w}:${h}`) ?? 0)) / max }} />)])}
        </div>
      </div>
      <details>
        <summary>Show the figures</summary>
        <table className={css.simple} aria-label="Engagement by weekday and hour (UTC)">
          <thead><tr><th scope="col">Weekday</th><th scope="col">Hour</th><th scope="col">Likes, comments and unlocks</th></tr></thead>
          <tbody>{cells.filter((c) => c.engagement).map((c) => <tr key={`${c.weekday}:${c.hour}`}><th scope="row">{DAYS[c.weekday]}</th><td>{c.hour}:00</td><td>{c.engagement}</td></tr>)}</tbody>
        </table>
      </details>
    </figure>
  );
}

export default function ContentTab({ period, site }: { period: { from: string; to: string }; site: boolean }) {
  const [sortBy, setSortBy] = useState<Sort>('views');
  const [page, setPage] = useState(1);
  const query = { ...period, sortBy, sort: 'desc' as const, offset: (page - 1) * 10, limit: 10 };
  const r = useRoute(site ? routes.statistics.siteContent : routes.statistics.content, { query }, { keepPreviousData: true });
  const d = r.data;
  if (r.error && !d) return <ErrorState title="Content statistics didn't load" message={errorText(r.error)} onRetry={() => void r.mutate()} />;
  if (!d) return <Skeleton active paragraph={{ rows: 6 }} />;
  const col = (key: Sort, title: string, render?: (v: number | null) => string) => ({
    key, dataIndex: key, title, align: 'right' as const, sorter: true, sortOrder: sortBy === key ? ('descend' as const) : null, sortDirections: ['descend' as const],
    render: (v: number | null) => (render ? render(v) : v),
  });
  return (
    <>
      <Card className={css.panel}>
        <h2 className={css.h2}>Posts, videos and galleries</h2>
        {d.total === 0 ? <EmptyState title="No activity on your content in this period" description="Views, likes, comments and unlocks show up here." /> : (
          <Table<ContentStatisticsItem>
            size="small"
            rowKey={(x) => `${x.kind}:${x.itemId}`}
            dataSource={d.items}
            scroll={{ x: 640 }}
            aria-label="Content figures"
            pagination={{ current: page, pageSize: 10, total: d.total, onChange: setPage, showSizeChanger: false }}
            onChange={(_p, _f, s) => { const k = (Array.isArray(s) ? s[0] : s)?.columnKey as Sort | undefined; if (k) { setSortBy(k); setPage(1); } }}
            columns={[
              { key: 'title', title: 'Item', render: (_: unknown, x) => <span><span className="muted">{KIND[x.kind]} · </span>{x.title}</span> },
              col('views', 'Views'), col('likes', 'Likes'), col('comments', 'Comments'), col('unlocks', 'Unlocks'),
              col('revenue', 'Revenue', (v) => money(v ?? 0)), col('conversion', 'Conversion', (v) => (v === null ? '—' : `${v} %`)),
            ]}
          />
        )}
      </Card>
      <Card className={css.panel}>
        <BestTimes cells={d.bestTimes} />
      </Card>
    </>
  );
}
