'use client';
/**
 * /admin/audit: the operators' audit log (GET /admin/audit-log), newest first, filters and table
 * state in the URL: operator (username or id), action (one, or every action of a domain), target
 * type, target id, dates, text. A row expands (wide screens) or opens "Show changes" (cards) to
 * show the record before and after, field by field. Read only: nothing here changes the log.
 * An operator's READ of private data (issue 28 §6) is marked "Read" and shows the reason given and
 * whose data it was; "Whose data" filters the log to the reads of one user's data.
 */
import type { HTMLAttributes } from 'react';
import Link from 'next/link';
import { Button, Card, Input, Select, Tag, Typography } from 'antd';
import type { AuditEntry } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { useNarrow } from '@/components/list/ResponsiveTable';
import { DateFilters, withDateRange } from '@/components/list/table-helpers';
import { EmptyState } from '@/components/states';
import { MoneyUserCell } from '@/components/money/money-ui';
import AuditDiff from './AuditDiff';
import css from './admin-audit.module.css';

const FILTERS = ['actor', 'action', 'targetType', 'targetId', 'subject', 'fromDate', 'toDate', 'q'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME = /^[A-Za-z0-9._-]{1,60}$/;
const defined = (o: Record<string, string | undefined>) => Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => e[1] !== undefined));

/** "user.suspend" → "User · suspend" (the raw name stays in the title). */
const actionLabel = (a: string) => {
  const [domain, ...rest] = a.split('.');
  const d = (domain ?? '').replace(/[_-]/g, ' ');
  return rest.length ? `${d.charAt(0).toUpperCase()}${d.slice(1)} · ${rest.join('.').replace(/[_-]/g, ' ')}` : a;
};

/** The filter choices: every recorded action, and "every action of a domain" (`user.`) above each domain's own. */
function actionOptions(actions: string[]) {
  const domains = [...new Set(actions.filter((a) => a.includes('.')).map((a) => a.split('.')[0]!))];
  return domains
    .map((d) => ({
      label: d,
      options: [{ value: `${d}.`, label: `All ${d} actions` }, ...actions.filter((a) => a.startsWith(`${d}.`)).map((a) => ({ value: a, label: actionLabel(a) }))],
    }))
    .concat(actions.some((a) => !a.includes('.')) ? [{ label: 'other', options: actions.filter((a) => !a.includes('.')).map((a) => ({ value: a, label: a })) }] : []);
}

export default function AdminAuditLog() {
  const narrow = useNarrow();
  const filtersOf = (f: Record<string, string>) => ({
    actor: f.actor?.trim() || undefined,
    action: f.action && NAME.test(f.action) ? f.action : undefined,
    targetType: f.targetType && NAME.test(f.targetType) ? f.targetType : undefined,
    targetId: f.targetId?.trim() || undefined,
    subject: f.subject && UUID.test(f.subject.trim()) ? f.subject.trim() : undefined,
    fromDate: f.fromDate || undefined,
    toDate: f.toDate || undefined,
    q: f.q?.trim() || undefined,
  });
  const table = useRouteTable(routes.admin.auditLog, {
    sortBy: 'createdAt',
    pageSize: 20,
    // Only the known filters, valid, go to the API (a hand-edited URL cannot make it answer 400).
    query: (q, tq) => withDateRange({ offset: q.offset, limit: q.limit, sort: q.sort, sortBy: 'createdAt', ...defined(filtersOf(tq.filters)) }),
  });
  const { t } = table;
  const f = filtersOf(t.query.filters);
  const facets = useRoute(routes.admin.auditFacets, {}, { revalidateOnFocus: false });
  const filtered = Object.values(f).some(Boolean);
  const badRange = Boolean(f.fromDate && f.toDate && f.fromDate > f.toDate);

  return (
    <div className="container page">
      <h1 className="page-title">Audit log</h1>
      <p className="page-lead">Every operator action: who did it, to what, when and from where, with the record before and after. Entries can never be changed or deleted.</p>
      <Card styles={{ body: { padding: 12 } }}>
        <FilterBar label="Filter the audit log">
          <div className={css.filter}>
            <label htmlFor="audit-actor">Operator username</label>
            <Input id="audit-actor" placeholder="e.g. operator" allowClear defaultValue={f.actor} key={`actor-${f.actor ?? ''}`} onBlur={(e) => t.set({ actor: e.target.value.trim() || null })} onPressEnter={(e) => t.set({ actor: e.currentTarget.value.trim() || null })} className={css.input} />
          </div>
          <div className={css.filter}>
            <label htmlFor="audit-action">Action</label>
            <Select id="audit-action" placeholder="Any action" allowClear showSearch={{ optionFilterProp: 'label' }} loading={facets.isLoading} value={f.action} onChange={(v) => t.set({ action: v ?? null })} options={actionOptions(facets.data?.actions ?? [])} className={css.select} />
          </div>
          <div className={css.filter}>
            <label htmlFor="audit-target-type">Target type</label>
            <Select id="audit-target-type" placeholder="Any target" allowClear loading={facets.isLoading} value={f.targetType} onChange={(v) => t.set({ targetType: v ?? null })} options={(facets.data?.targetTypes ?? []).map((v) => ({ value: v, label: v }))} className={css.select} />
          </div>
          <div className={css.filter}>
            <label htmlFor="audit-target-id">Target id</label>
            <Input id="audit-target-id" placeholder="Record id or key" allowClear defaultValue={f.targetId} key={`tid-${f.targetId ?? ''}`} onBlur={(e) => t.set({ targetId: e.target.value.trim() || null })} onPressEnter={(e) => t.set({ targetId: e.currentTarget.value.trim() || null })} className={css.input} />
          </div>
          <div className={css.filter}>
            <label htmlFor="audit-subject">Whose data (user id)</label>
            <Input id="audit-subject" placeholder="The user's id" allowClear defaultValue={f.subject} key={`subject-${f.subject ?? ''}`} onBlur={(e) => t.set({ subject: e.target.value.trim() || null })} onPressEnter={(e) => t.set({ subject: e.currentTarget.value.trim() || null })} className={css.input} />
          </div>
          <DateFilters query={t.query} set={t.set} />
          <div className={css.filter}>
            <label htmlFor="audit-q">Search</label>
            <Input.Search id="audit-q" aria-label="Search the audit log" placeholder="Action, target or operator" allowClear defaultValue={f.q} onSearch={(v) => t.set({ q: v.trim() || null })} className={css.search} />
          </div>
          {filtered && (
            <Button onClick={() => t.set(Object.fromEntries(FILTERS.map((k) => [k, null])))} className={css.keep}>
              Clear filters
            </Button>
          )}
        </FilterBar>
        {badRange && (
          <Typography.Text type="danger" role="alert">
            The start date is after the end date.
          </Typography.Text>
        )}
        <QueryTable<AuditEntry>
          table={table}
          errorTitle="The audit log didn't load"
          totalLabel={(n) => (n === 1 ? '1 entry' : `${n} entries`)}
          empty={<EmptyState title={filtered ? 'No entries match' : 'No operator actions yet'} description={filtered ? 'Nothing matches these filters.' : 'Actions taken in the console appear here.'} />}
          cardsLabel="Audit log list"
          size="middle"
          onRow={(e) => ({ 'aria-label': `Audit entry: ${e.action} by ${e.actor?.name || 'a deleted operator'}, ${fullDate(e.createdAt)}` }) as HTMLAttributes<HTMLElement>}
          expandable={{ expandedRowRender: (e) => <AuditDiff entry={e} />, columnWidth: 48 }}
          columns={[
            { key: 'createdAt', title: 'When', dataIndex: 'createdAt', width: 180, render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            { key: 'actor', title: 'Operator', width: 200, render: (_, e) => <MoneyUserCell user={e.actor} /> },
            {
              key: 'what',
              title: 'Action',
              dataIndex: 'action',
              width: 220,
              render: (v: string, e) => (
                <span className={css.stack}>
                  <span>
                    {e.read && (
                      <Tag color="blue" title="An operator opened private data">
                        Read
                      </Tag>
                    )}
                    <Tag title={v}>{actionLabel(v)}</Tag>
                  </span>
                  {e.reason && <span className={css.reason}>Reason: {e.reason}</span>}
                </span>
              ),
            },
            {
              key: 'target',
              title: 'Target',
              render: (_, e) => (
                <span className={css.stack}>
                  {e.target ? (
                    e.target.link ? (
                      <Link href={e.target.link} className={css.targetName}>
                        {e.target.name}
                      </Link>
                    ) : (
                      <span className={css.targetName}>{e.target.name}</span>
                    )
                  ) : null}
                  <span className={css.small}>
                    {e.targetType}
                    {e.target && e.targetId && e.target.name !== e.targetId && <span className={`${css.mono} muted`} title={e.targetId}> · {e.targetId.slice(-8)}</span>}
                  </span>
                  {e.subjects.length > 0 && (
                    <span className={css.small}>
                      Whose data:{' '}
                      {e.subjects.map((u, i) => (
                        <span key={u._id}>
                          {i > 0 && ', '}
                          {u.link ? <Link href={u.link}>{u.name}</Link> : u.name}
                        </span>
                      ))}
                    </span>
                  )}
                </span>
              ),
            },
            {
              // No title: the cards show it full width at the bottom, where a card's actions go (wide screens expand the row instead).
              key: 'changes',
              hidden: !narrow,
              render: (_, e) => (
                <details className={css.details}>
                  <summary>Show changes</summary>
                  <AuditDiff entry={e} />
                </details>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
