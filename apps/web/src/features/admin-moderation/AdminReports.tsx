'use client';
/**
 * /admin/reports (operators): the reports queue (GET /admin/reports) — one row per reported target
 * with its preview, owner, reasons, count and times; Status (open by default), Kind and Reason
 * filters in the URL. Review opens the drawer with the reports and the actions. Rules:
 * apps/api/src/modules/reports/README.md ("Moderation").
 */
import { useState, type HTMLAttributes } from 'react';
import { Button, Card, Select, Space, Tag } from 'antd';
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS, type ReportGroup, type ReportReason, type ReportStatus, type ReportTarget } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate } from '@/lib/format';
import { EmptyState } from '@/components/states';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import ReportDrawer from './ReportDrawer';
import { ACTION_LABEL, ItemCell, OwnerCell, REASON_LABEL, REPORT_STATUS_LABEL, ReportStatusTag, TARGET_LABEL } from './moderation-ui';
import css from './admin-moderation.module.css';

const oneOf = <T extends string>(list: readonly T[], v: string | undefined) => (v && (list as readonly string[]).includes(v) ? (v as T) : undefined);

export default function AdminReports() {
  const table = useRouteTable(routes.reports.adminList, {
    sortBy: 'lastReportedAt',
    query: (api, { filters }) => ({
      offset: api.offset, limit: api.limit, sort: api.sort,
      sortBy: oneOf(['lastReportedAt', 'firstReportedAt', 'count'] as const, String(api.sortBy)) ?? 'lastReportedAt',
      status: oneOf(REPORT_STATUSES, filters.status) ?? 'open',
      target: oneOf(REPORT_TARGETS, filters.target),
      reason: oneOf(REPORT_REASONS, filters.reason),
    }),
  });
  const { t, data, mutate } = table;
  const status: ReportStatus = oneOf(REPORT_STATUSES, t.query.filters.status) ?? 'open';
  const target = oneOf(REPORT_TARGETS, t.query.filters.target);
  const reason = oneOf(REPORT_REASONS, t.query.filters.reason);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [kept, setKept] = useState<ReportGroup | null>(null);
  const keyOf = (g: ReportGroup) => `${g.target}:${g.targetId}`;
  // The drawer keeps its group after an action moves it out of this page (e.g. out of the open queue).
  const current = openKey ? (data?.data.find((g) => keyOf(g) === openKey) ?? kept) : null;
  const filtered = Boolean(target || reason);

  return (
    <div className="page">
      <h1 className="page-title">Reports</h1>
      <p className="page-lead">What fans reported, one row per post, video, comment or account. Review a row to dismiss the reports, hide the content, delete a comment, or warn or suspend its owner.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter reports">
          <div className={css.filter}>
            <label htmlFor="reports-status">Status</label>
            <Select id="reports-status" value={status} onChange={(v) => t.set({ status: v === 'open' ? null : v })} options={REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_LABEL[s] }))} className={css.select} />
          </div>
          <div className={css.filter}>
            <label htmlFor="reports-kind">Kind</label>
            <Select id="reports-kind" placeholder="Any kind" allowClear value={target} onChange={(v?: ReportTarget) => t.set({ target: v ?? null })} options={REPORT_TARGETS.map((k) => ({ value: k, label: TARGET_LABEL[k] }))} className={css.select} />
          </div>
          <div className={css.filter}>
            <label htmlFor="reports-reason">Reason</label>
            <Select id="reports-reason" placeholder="Any reason" allowClear value={reason} onChange={(v?: ReportReason) => t.set({ reason: v ?? null })} options={REPORT_REASONS.map((r) => ({ value: r, label: REASON_LABEL[r] }))} className={css.select} />
          </div>
          {filtered && (
            <Button onClick={() => t.set({ target: null, reason: null })} className={css.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        <QueryTable<ReportGroup>
          table={table}
          rowKey={keyOf}
          errorTitle="Reports didn't load"
          totalLabel={(n) => (n === 1 ? '1 reported item' : `${n} reported items`)}
          empty={<EmptyState title={status === 'open' && !filtered ? 'No open reports' : 'Nothing matches'} description={status === 'open' && !filtered ? 'New reports from fans appear here.' : 'Nothing matches these filters.'} />}
          cardsLabel="Reports list"
          size="middle"
          scroll={{ x: 1200 }}
          onRow={(g) => ({ 'aria-label': `${TARGET_LABEL[g.target]}: ${g.preview?.title || g.targetId}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'target', title: 'Reported', width: 340, render: (_, g) => <ItemCell item={g.preview} kind={g.target} /> },
            { key: 'owner', title: 'Owner', width: 190, render: (_, g) => <OwnerCell owner={g.owner} /> },
            {
              key: 'reasons',
              title: 'Reasons',
              width: 170,
              render: (_, g) => (
                <Space size={4} wrap>
                  {g.reasons.map((r) => (
                    <Tag key={r.reason}>
                      {REASON_LABEL[r.reason]}
                      {r.count > 1 ? ` ×${r.count}` : ''}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            { key: 'count', title: 'Reports', dataIndex: 'count', width: 90, sorter: true, sortOrder: t.sortOrder('count') },
            { key: 'lastReportedAt', title: 'Last reported', dataIndex: 'lastReportedAt', width: 170, sorter: true, sortOrder: t.sortOrder('lastReportedAt'), render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            {
              key: 'status',
              title: 'Status',
              width: 150,
              render: (_, g) => (
                <Space size={4} wrap>
                  <ReportStatusTag status={g.status} />
                  {g.action && g.status !== 'open' && <Tag>{ACTION_LABEL[g.action] ?? g.action}</Tag>}
                </Space>
              ),
            },
            {
              key: 'review',
              title: <span className="sr-only">Review</span>,
              width: 100,
              render: (_, g) => (
                <Button
                  onClick={() => {
                    setKept(g);
                    setOpenKey(keyOf(g));
                  }}
                  aria-label={`Review reports on ${g.preview?.title || TARGET_LABEL[g.target].toLowerCase()}`}
                >
                  Review
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <ReportDrawer group={current} onClose={() => setOpenKey(null)} onDone={() => void mutate()} />
    </div>
  );
}
