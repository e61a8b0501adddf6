'use client';
/**
 * /admin/reconciliation (issue 29 §5): the reconciliation runs (GET /admin/reconciliation/runs),
 * newest first — the nightly job's (the previous UTC day) and the operators' — each with its
 * period, gateway, status and mismatches; "Run now" reconciles a period (RunReconciliationDialog).
 * A row opens the run's mismatches (/admin/reconciliation/{id}).
 */
import { useState, type HTMLAttributes } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Button, Card, Tag } from 'antd';
import { ArrowRightOutlined, ReconciliationOutlined } from '@ant-design/icons';
import type { ReconciliationRun } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate, plural } from '@/lib/format';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import { EmptyState } from '@/components/states';
import RunReconciliationDialog from './RunReconciliationDialog';
import mcss from './admin-money.module.css';

export const periodText = (r: Pick<ReconciliationRun, 'fromDate' | 'toDate'>) => (r.fromDate === r.toDate ? r.fromDate : `${r.fromDate} – ${r.toDate}`);

export function RunStatusTag({ run }: { run: ReconciliationRun }) {
  const [color, label] =
    run.status === 'running' ? ['blue', 'Running'] : run.status === 'failed' ? ['red', 'Failed'] : run.mismatches === 0 ? ['green', 'All matched'] : ['orange', plural(run.mismatches, 'mismatch')];
  return (
    <Tag color={color} variant="filled">
      {label}
    </Tag>
  );
}

export default function AdminReconciliation() {
  const router = useRouter();
  const [running, setRunning] = useState(false);
  const table = useRouteTable(routes.reconciliation.runs, {
    sortBy: 'startedAt',
    query: (q) => ({ offset: q.offset, limit: q.limit }),
    // A run another operator started may still be running: look again until it is done.
    refreshInterval: (page) => ((page?.data as ReconciliationRun[] | undefined)?.some((r) => r.status === 'running') ? 3000 : 0),
  });

  return (
    <div className="container page">
      <div className={mcss.head}>
        <div>
          <h1 className="page-title">Reconciliation</h1>
          <p className="page-lead">
            The payment gateway&apos;s books against the ledger: every charge, refund, dispute and dispute fee of a period matched by its reference and amount. A run
            covers the previous day every night; run any period yourself. Mismatches say what to do.
          </p>
        </div>
        <Button type="primary" icon={<ReconciliationOutlined aria-hidden />} onClick={() => setRunning(true)}>
          Run now
        </Button>
      </div>
      <Card styles={{ body: { padding: 12 } }}>
        <QueryTable<ReconciliationRun>
          table={table}
          errorTitle="Reconciliation runs didn't load"
          totalLabel={(n) => plural(n, 'run')}
          empty={<EmptyState title="No reconciliation yet" description="The nightly run of the previous day shows here, and so does every run you start with Run now." />}
          cardsLabel="Reconciliation runs"
          scroll={{ x: 860 }}
          size="middle"
          onRow={(r) => ({ 'aria-label': `Reconciliation of ${periodText(r)}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'period', title: 'Period (UTC)', width: 170, render: (_, r) => <span className={mcss.nowrap}>{periodText(r)}</span> },
            { key: 'gateway', title: 'Gateway', dataIndex: 'gateway', width: 100, render: (v: string) => (v === 'sandbox' ? 'Sandbox' : 'Stripe') },
            { key: 'status', title: 'Result', width: 150, render: (_, r) => <RunStatusTag run={r} /> },
            {
              key: 'by', title: 'Started by', width: 150,
              render: (_, r) => (
                <span className={mcss.stack}>
                  <span>{r.startedBy ? r.startedBy.name || `@${r.startedBy.username}` : 'Nightly job'}</span>
                  {!r.current && r.status === 'completed' && <span className={mcss.small}>Older version</span>}
                </span>
              ),
            },
            { key: 'startedAt', title: 'Started', dataIndex: 'startedAt', width: 170, render: (v: string) => <span className={mcss.nowrap}>{fullDate(v)}</span> },
            {
              key: 'actions', title: 'Actions', width: 80,
              render: (_, r) => (
                <Link href={`/admin/reconciliation/${r._id}`} aria-label={`Open the reconciliation of ${periodText(r)}`} className={mcss.nowrap}>
                  Open <ArrowRightOutlined aria-hidden />
                </Link>
              ),
            },
          ]}
        />
      </Card>
      {running && (
        <RunReconciliationDialog
          onClose={() => setRunning(false)}
          onDone={(run) => {
            setRunning(false);
            void table.mutate();
            router.push(`/admin/reconciliation/${run._id}`);
          }}
        />
      )}
    </div>
  );
}
