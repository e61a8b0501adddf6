'use client';
import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Select, Space, Table } from 'antd';
import type { FailedJob, QueueStat } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { count, duration, fullDate } from '@/lib/format';
import { revalidateRoutes, useRoute } from '@/lib/swr';
import css from './admin-system.module.css';

const PAGE = 20;

/** Every queue's backlog, oldest waiting job, active and failed jobs; the failed jobs with Retry and Discard. */
export default function SystemQueues() {
  const [queue, setQueue] = useState<string | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const stats = useRoute(routes.system.queues, {}, { refreshInterval: 10_000 });
  const failed = useRoute(routes.system.failedJobs, { query: { offset, limit: PAGE, ...(queue ? { queue } : {}) } }, { refreshInterval: 10_000 });
  const refresh = () => revalidateRoutes(routes.system.queues, routes.system.failedJobs);
  return (
    <>
      <Card title="Queues" className={css.card}>
        {stats.error && <Alert type="error" showIcon role="alert" title={errorText(stats.error, "The queues didn't load")} />}
        <Table<QueueStat>
          rowKey="name"
          aria-label="Queues"
          loading={stats.isLoading}
          dataSource={stats.data?.queues ?? []}
          pagination={false}
          size="small"
          scroll={{ x: 680 }}
          locale={{ emptyText: 'No queue is defined.' }}
          columns={[
            { title: 'Queue', dataIndex: 'name', render: (n: string) => <span className={css.mono}>{n}</span> },
            { title: 'Backlog', dataIndex: 'backlog', align: 'right', render: (n: number, q) => <>{count(n)}{q.retrying ? <span className={css.help}> ({count(q.retrying)} retrying)</span> : null}</> },
            { title: 'Oldest waiting', dataIndex: 'oldestAgeSeconds', render: (s: number | null) => (s === null ? '—' : duration(s)) },
            { title: 'Active', dataIndex: 'active', align: 'right', render: (n: number) => count(n) },
            {
              title: 'Failed', dataIndex: 'failed', align: 'right',
              render: (n: number, q) => (n ? <Button type="link" size="small" danger onClick={() => { setQueue(q.name); setOffset(0); }} aria-label={`Show the failed jobs of ${q.name}`}>{count(n)}</Button> : '0'),
            },
          ]}
        />
      </Card>
      <Card title="Failed jobs" className={css.card}>
        <p className={css.help}>Jobs that used up their attempts. Retry gives one more attempt; Discard deletes the job. Both are recorded in the audit log. Failed jobs are kept for a week.</p>
        <Space wrap className={css.tools}>
          <Select<string>
            allowClear
            aria-label="Queue"
            placeholder="All queues"
            className={css.queuePick}
            value={queue}
            onChange={(v) => { setQueue(v); setOffset(0); }}
            options={(stats.data?.queues ?? []).map((q) => ({ value: q.name, label: q.name }))}
            popupMatchSelectWidth={false}
          />
        </Space>
        {failed.error && <Alert type="error" showIcon role="alert" title={errorText(failed.error, "The failed jobs didn't load")} />}
        <Table<FailedJob>
          rowKey="_id"
          aria-label="Failed jobs"
          loading={failed.isLoading}
          dataSource={failed.data?.data ?? []}
          scroll={{ x: 860 }}
          pagination={{ current: offset / PAGE + 1, pageSize: PAGE, total: failed.data?.total ?? 0, showSizeChanger: false, onChange: (p) => setOffset((p - 1) * PAGE) }}
          locale={{ emptyText: queue ? `No failed job in ${queue}.` : 'No failed jobs: every job finished.' }}
          columns={[
            { title: 'Job', dataIndex: 'queue', render: (q: string, j) => <><div className={css.mono}>{q}</div><Summary summary={j.summary} /></> },
            { title: 'Error', dataIndex: 'error', render: (e: string) => <span className={css.error}>{e}</span> },
            { title: 'Attempts', dataIndex: 'attempts', align: 'right' },
            { title: 'Failed', dataIndex: 'failedAt', render: (at: string | null, j) => fullDate(at ?? j.createdAt) },
            { title: 'Actions', key: 'actions', render: (_: unknown, j) => <JobActions job={j} onDone={refresh} /> },
          ]}
        />
      </Card>
    </>
  );
}

function Summary({ summary }: { summary: FailedJob['summary'] }) {
  const entries = Object.entries(summary);
  if (!entries.length) return null;
  return (
    <ul className={css.summary} aria-label="Job data">
      {entries.map(([k, v]) => <li key={k}>{k}: <code>{v === null ? '—' : String(v)}</code></li>)}
    </ul>
  );
}

function JobActions({ job, onDone }: { job: FailedJob; onDone: () => unknown }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<'retry' | 'discard' | null>(null);
  const act = async (how: 'retry' | 'discard') => {
    setBusy(how);
    try {
      const params = { queue: job.queue, id: job._id };
      if (how === 'retry') await call(routes.system.retryJob, { params });
      else await call(routes.system.discardJob, { params });
      message.success(how === 'retry' ? 'Queued again' : 'Job discarded');
      await onDone();
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      <Button size="small" type="primary" loading={busy === 'retry'} onClick={() => void act('retry')} aria-label={`Retry job ${job._id}`}>Retry</Button>
      <Popconfirm title="Discard this job?" description="It is deleted and never runs again." okText="Discard" onConfirm={() => act('discard')}>
        <Button size="small" danger loading={busy === 'discard'} aria-label={`Discard job ${job._id}`}>Discard</Button>
      </Popconfirm>
    </Space>
  );
}
