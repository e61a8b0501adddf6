'use client';
/**
 * /admin/verification (operators): the creator verification queue (GET /admin/verifications,
 * oldest submission first; Status filter and search in the URL, pending by default) and the review
 * drawer (both pictures, Approve / Reject with a reason). Rules: apps/api/src/modules/performers/README.md.
 */
import { useState } from 'react';
import { Avatar, Button, Card, Input, Select, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, VERIFICATION_STATUSES, type VerificationItem, type VerificationStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate } from '@/lib/format';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import ReviewDrawer from './ReviewDrawer';
import { VerificationStatusTag, verificationStatusOptions } from './verification-ui';
import css from './admin-verification.module.css';

/** The URL's `status`: one of the statuses, `all`, or (absent / unknown) the pending queue. */
const statusOf = (s: string | undefined): VerificationStatus | 'all' => (s === 'all' || (VERIFICATION_STATUSES as readonly string[]).includes(s ?? '') ? (s as VerificationStatus | 'all') : 'pending');

function CreatorCell({ item }: { item: VerificationItem }) {
  return (
    <span className={css.creator}>
      <Avatar size={32} src={item.avatar || DEFAULT_AVATAR} alt="" />
      <span className={css.creatorText}>
        <span>{item.name || item.username}</span>
        {item.username && <Typography.Text type="secondary">@{item.username}</Typography.Text>}
      </span>
    </span>
  );
}

export default function AdminVerification() {
  const table = useRouteTable(routes.performers.verifications, {
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
  // The row shown in the drawer comes from the latest page, so its signed URLs are fresh after a reload.
  const item = reviewing ? (data?.data.find((r) => r.performerId === reviewing) ?? null) : null;
  const open = (id: string) => {
    setReviewing(id);
    void mutate(); // signed picture links last 5 minutes: fetch new ones for the review
  };

  return (
    <div className="page">
      <h1 className="page-title">Creator verification</h1>
      <p className="page-lead">Check each creator&apos;s ID document and selfie. Until you approve them, creators can set up their page and post free content, but cannot sell, be paid or request payouts.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter creators to verify" className={css.toolbar}>
          <Select aria-label="Status" value={status} onChange={(v) => t.set({ status: v === 'pending' ? null : v })} options={verificationStatusOptions} className={css.statusFilter} />
          <Input.Search aria-label="Search creators" placeholder="Name, username or e-mail" allowClear defaultValue={q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.searchFilter} />
        </FilterBar>
        <QueryTable<VerificationItem>
          table={table}
          rowKey="performerId"
          errorTitle="The verification queue didn't load"
          totalLabel={(n) => (n === 1 ? '1 creator' : `${n} creators`)}
          empty={<EmptyState title={status === 'pending' ? 'No creator is waiting for verification' : 'No creators'} description={q || status !== 'pending' ? 'Nothing matches these filters.' : undefined} />}
          cardsLabel="Creators to verify"
          size="middle"
          onRow={(r) => ({ 'aria-label': `Verification of ${r.name || r.username}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'creator', title: 'Creator', render: (_, r) => <CreatorCell item={r} /> },
            { key: 'submittedAt', title: 'Submitted', dataIndex: 'submittedAt', width: 180, render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            { key: 'status', title: 'Status', dataIndex: 'status', width: 120, render: (v: VerificationStatus) => <VerificationStatusTag status={v} /> },
            { key: 'reviewedAt', title: 'Reviewed', dataIndex: 'reviewedAt', width: 180, render: (v: string | null) => <span className={css.nowrap}>{v ? fullDate(v) : '—'}</span> },
            {
              key: 'actions',
              title: 'Actions',
              width: 120,
              render: (_, r) => (
                <Button size="small" type={r.status === 'pending' ? 'primary' : 'default'} icon={<SafetyCertificateOutlined />} aria-label={`Review ${r.name || r.username}`} onClick={() => open(r.performerId)}>
                  Review
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <ReviewDrawer
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
