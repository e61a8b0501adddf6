'use client';
/**
 * /admin/releases (operators, issue 28 §2): the co-performer release queue (GET /admin/releases,
 * newest first; Status filter — pending by default — and search in the URL). The list holds no
 * personal fields: Review opens the drawer, which reads the record through the audited route (the
 * console asks why first). "Export records" hands the custodian of records a ZIP (ExportDialog).
 */
import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Input, Select } from 'antd';
import { ExportOutlined, FileProtectOutlined } from '@ant-design/icons';
import type { ReleaseQueueItem, ReleaseStatus } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate } from '@/lib/format';
import { useLatch } from '@/lib/use-latch';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import dynamic from 'next/dynamic';
import { RELEASE_STATUS_LABEL, ReleaseStatusTag, filesText } from './release-ui';
import css from './releases.module.css';

const ReleaseDrawer = dynamic(() => import('./ReleaseDrawer'), { ssr: false });
const ExportDialog = dynamic(() => import('./ExportDialog'), { ssr: false });

const STATUSES: ReleaseStatus[] = ['pending', 'approved', 'rejected'];
/** The URL's `status`: a status, `all`, or (absent / unknown) the pending queue. */
const statusOf = (s: string | undefined): ReleaseStatus | 'all' => (s === 'all' || (STATUSES as string[]).includes(s ?? '') ? (s as ReleaseStatus | 'all') : 'pending');
export const queueLabel = (r: Pick<ReleaseQueueItem, 'stageName' | 'owner'>) => r.stageName || `Unnamed co-performer of ${r.owner.name}`;

export default function AdminReleases() {
  const table = useRouteTable(routes.releases.releaseList, {
    query: (api, { filters }) => {
      const status = statusOf(filters.status);
      return { offset: api.offset, limit: api.limit, sort: api.sort, status: status === 'all' ? undefined : status, q: filters.q?.trim() || undefined };
    },
  });
  const { t, data, mutate } = table;
  const status = statusOf(t.query.filters.status);
  const q = t.query.filters.q?.trim() || undefined;
  const [openId, setOpenId] = useState<string | null>(null);
  const [kept, setKept] = useState<ReleaseQueueItem | null>(null);
  const current = openId ? (data?.data.find((r) => r._id === openId) ?? kept) : null;
  const [exporting, setExporting] = useState(false);
  const drawerMounted = useLatch(openId !== null);
  const exportMounted = useLatch(exporting);

  return (
    <div className="page">
      <div className={css.adminHead}>
        <div>
          <h1 className="page-title">Co-performer releases</h1>
          <p className="page-lead">
            Releases creators upload for the people in their content who are not verified creators. Check the ID and the signed consent, then approve or reject. Opening a record is logged with your reason.
          </p>
        </div>
        <Button icon={<ExportOutlined />} onClick={() => setExporting(true)} className={css.exportButton}>
          Export records
        </Button>
      </div>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter releases" className={css.filters}>
          <Select
            aria-label="Status"
            value={status}
            onChange={(v) => t.set({ status: v === 'pending' ? null : v })}
            options={[...STATUSES.map((s) => ({ value: s, label: RELEASE_STATUS_LABEL[s] })), { value: 'all', label: 'All' }]}
            className={css.statusFilter}
          />
          <Input.Search aria-label="Search releases" placeholder="Stage name or creator's username" allowClear defaultValue={q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.searchFilter} />
        </FilterBar>
        <QueryTable<ReleaseQueueItem>
          table={table}
          rowKey="_id"
          errorTitle="The release queue didn't load"
          totalLabel={(n) => (n === 1 ? '1 release' : `${n} releases`)}
          empty={<EmptyState title={status === 'pending' && !q ? 'No release is waiting for review' : 'No releases'} description={q || status !== 'pending' ? 'Nothing matches these filters.' : undefined} />}
          cardsLabel="Releases list"
          size="middle"
          scroll={{ x: 900 }}
          onRow={(r) => ({ 'aria-label': `Release ${queueLabel(r)}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'name', title: 'Co-performer', render: (_, r) => <span className={css.strong}>{r.stageName || <span className={css.muted}>No stage name</span>}</span> },
            { key: 'owner', title: 'Creator', render: (_, r) => <span>{r.owner.name}{r.owner.username && <><br /><span className={css.muted}>@{r.owner.username}</span></>}</span> },
            { key: 'files', title: 'Files', render: (_, r) => <span className={css.muted}>{filesText(r.files)}</span> },
            { key: 'usedOn', title: 'Named on', width: 100, render: (_, r) => r.usedOn },
            { key: 'createdAt', title: 'Submitted', width: 180, render: (_, r) => <span className={css.nowrap}>{fullDate(r.createdAt)}</span> },
            { key: 'status', title: 'Status', width: 140, render: (_, r) => <ReleaseStatusTag status={r.status} /> },
            {
              key: 'review',
              title: <span className="sr-only">Review</span>,
              width: 110,
              render: (_, r) => (
                <Button
                  size="small"
                  type={r.status === 'pending' ? 'primary' : 'default'}
                  icon={<FileProtectOutlined />}
                  aria-label={`Review ${queueLabel(r)}`}
                  onClick={() => {
                    setKept(r);
                    setOpenId(r._id);
                  }}
                >
                  Review
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {drawerMounted && <ReleaseDrawer item={current} onClose={() => setOpenId(null)} onDone={() => void mutate()} />}
      {exportMounted && <ExportDialog open={exporting} onClose={() => setExporting(false)} />}
    </div>
  );
}
