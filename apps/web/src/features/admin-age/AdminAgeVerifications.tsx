'use client';
/**
 * /admin/age-verifications (operators): the fans' age verification requests (GET
 * /admin/age-verifications, oldest first; Status filter and search in the URL, pending by default)
 * and the review drawer (ID photo and selfie, Approve / Reject with a reason).
 * Rules: apps/api/src/modules/legal/README.md "Age assurance".
 */
import { useState } from 'react';
import { Button, Card, Input, Select, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { AGE_REVIEW_STATUSES, type AgeReviewItem } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate } from '@/lib/format';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import AgeReviewDrawer from './AgeReviewDrawer';
import { AgeStatusTag, ageStatusOptions, type AgeReviewStatus } from './age-ui';
import css from './admin-age.module.css';

type Status = AgeReviewStatus;
const statusOf = (s: string | undefined): Status | 'all' => (s === 'all' || (AGE_REVIEW_STATUSES as readonly string[]).includes(s ?? '') ? (s as Status | 'all') : 'pending');

export default function AdminAgeVerifications() {
  const table = useRouteTable(routes.age.adminQueue, {
    sortBy: 'submittedAt',
    query: (api, { filters }) => {
      const status = statusOf(filters.status);
      return { offset: api.offset, limit: api.limit, sortBy: 'submittedAt', sort: 'asc', status: status === 'all' ? undefined : status, q: filters.q?.trim() || undefined };
    },
  });
  const { t, data, mutate } = table;
  const status = statusOf(t.query.filters.status);
  const q = t.query.filters.q?.trim() || undefined;
  const [reviewing, setReviewing] = useState<string | null>(null);
  const item = reviewing ? (data?.data.find((r) => r._id === reviewing) ?? null) : null;
  const open = (id: string) => {
    setReviewing(id);
    void mutate(); // the picture links last 5 minutes: fresh ones for the review
  };

  return (
    <div className="page">
      <h1 className="page-title">Age verification</h1>
      <p className="page-lead">Fans in places where the law asks for an age check send an ID photo and a selfie. Until you approve them, adult creators and their content stay hidden from them. The pictures are deleted after your decision.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter age verifications" className={css.toolbar}>
          <Select aria-label="Status" value={status} onChange={(v) => t.set({ status: v === 'pending' ? null : v })} options={ageStatusOptions} className={css.statusFilter} />
          <Input.Search aria-label="Search fans" placeholder="Name, username or e-mail" allowClear defaultValue={q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.searchFilter} />
        </FilterBar>
        <QueryTable<AgeReviewItem>
          table={table}
          rowKey="_id"
          errorTitle="The age verification queue didn't load"
          totalLabel={(n) => (n === 1 ? '1 request' : `${n} requests`)}
          empty={<EmptyState title={status === 'pending' ? 'No fan is waiting for an age check' : 'No requests'} description={q || status !== 'pending' ? 'Nothing matches these filters.' : undefined} />}
          cardsLabel="Age verification requests"
          size="middle"
          onRow={(r) => ({ 'aria-label': `Age verification of ${r.name || r.username}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'fan',
              title: 'Fan',
              render: (_, r) => (
                <span className={css.creatorText}>
                  <span>{r.name || r.username}</span>
                  {r.username && <Typography.Text type="secondary">@{r.username}</Typography.Text>}
                </span>
              ),
            },
            { key: 'country', title: 'Country', dataIndex: 'country', width: 100, render: (v: string | null) => v || '—' },
            { key: 'submittedAt', title: 'Sent', dataIndex: 'submittedAt', width: 180, render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            { key: 'status', title: 'Status', dataIndex: 'status', width: 120, render: (v: Status) => <AgeStatusTag status={v} /> },
            {
              key: 'actions',
              title: 'Actions',
              width: 120,
              render: (_, r) => (
                <Button size="small" type={r.status === 'pending' ? 'primary' : 'default'} icon={<SafetyCertificateOutlined />} aria-label={`Review ${r.name || r.username}`} onClick={() => open(r._id)}>
                  Review
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <AgeReviewDrawer
        item={item}
        onClose={() => setReviewing(null)}
        onDone={() => {
          setReviewing(null);
          void mutate();
        }}
      />
    </div>
  );
}
