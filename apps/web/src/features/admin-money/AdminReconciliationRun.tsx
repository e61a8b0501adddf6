'use client';
/**
 * /admin/reconciliation/{id} (issue 29 §5): one run (GET /admin/reconciliation/runs/{id}) — its
 * period, gateway and totals — and its mismatches (GET …/mismatches, paginated, filter by kind):
 * what the gateway and the ledger each hold, the payment or dispute it is about, and what to do.
 */
import type { HTMLAttributes } from 'react';
import Link from 'next/link';
import { Alert, Card, Select, Skeleton, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { MISMATCH_KINDS, MISMATCH_LABELS, RECONCILIATION_ITEM_LABELS, type MismatchKind, type ReconciliationMismatch, type ReconciliationRun } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText, type ApiFailure } from '@/lib/api';
import { fullDate, money, plural } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import QueryTable, { useRouteTable } from '@/components/list/QueryTable';
import FilterBar from '@/components/list/FilterBar';
import { EmptyState, ErrorState } from '@/components/states';
import { oneOf } from './labels';
import { RunStatusTag, periodText } from './AdminReconciliation';
import mcss from './admin-money.module.css';
import dcss from './disputes.module.css';
import css from './reconciliation.module.css';

const KIND_COLOR: Record<MismatchKind, string> = { missing_in_ledger: 'red', missing_at_gateway: 'volcano', amount_differs: 'orange', fee_differs: 'gold' };
const amount = (v: number | null) => (v === null ? '—' : money(v));

function Totals({ run }: { run: ReconciliationRun }) {
  const t = run.totals;
  return (
    <Card className={dcss.card} role="region" aria-labelledby="run-totals">
      <h2 id="run-totals">As the gateway reported it</h2>
      {t ? (
        <dl className={css.totals}>
          <div><dt>Charges</dt><dd>{money(t.charges)}</dd></div>
          <div><dt>Refunds</dt><dd>{money(t.refunds)}</dd></div>
          <div><dt>Disputes</dt><dd>{money(t.disputes)}</dd></div>
          <div><dt>Dispute fees</dt><dd>{money(t.disputeFees)}</dd></div>
          <div><dt>Processing fees (not in the ledger)</dt><dd>{money(t.processingFees)}</dd></div>
          <div><dt>Matched</dt><dd>{t.matched} of {t.gatewayItems} at the gateway, {t.ledgerItems} in the ledger</dd></div>
          {t.otherItems > 0 && <div><dt>Not compared (payouts, transfers…)</dt><dd>{t.otherItems}</dd></div>}
        </dl>
      ) : (
        <p className={mcss.muted}>{run.status === 'running' ? 'Still running…' : 'No totals: the run did not finish.'}</p>
      )}
    </Card>
  );
}

function Mismatches({ run }: { run: ReconciliationRun }) {
  const kindOf = (f: Record<string, string>) => oneOf(MISMATCH_KINDS, f.kind);
  const table = useRouteTable(routes.reconciliation.mismatches, {
    params: { id: run._id },
    sortBy: 'occurredAt',
    query: (q, tq) => {
      const kind = kindOf(tq.filters);
      return { offset: q.offset, limit: q.limit, sort: 'asc', ...(kind ? { kind } : {}) };
    },
  });
  const kind = kindOf(table.t.query.filters);
  return (
    <Card className={dcss.card} role="region" aria-labelledby="run-mismatches" styles={{ body: { padding: 12 } }}>
      <h2 id="run-mismatches">Mismatches</h2>
      <FilterBar label="Filter mismatches">
        <div className={mcss.filter}>
          <label htmlFor="mismatch-kind">Kind</label>
          <Select<MismatchKind | 'all'>
            id="mismatch-kind"
            className={css.kindSelect}
            value={kind ?? 'all'}
            onChange={(v) => table.t.set({ kind: v === 'all' ? null : v })}
            options={[{ value: 'all', label: 'All kinds' }, ...MISMATCH_KINDS.map((k) => ({ value: k, label: MISMATCH_LABELS[k] }))]}
          />
        </div>
      </FilterBar>
      <QueryTable<ReconciliationMismatch>
        table={table}
        errorTitle="The mismatches didn't load"
        totalLabel={(n) => plural(n, 'mismatch')}
        empty={
          kind ? (
            <EmptyState title={`No "${MISMATCH_LABELS[kind].toLowerCase()}"`} description="Nothing of this kind in this run." />
          ) : (
            <EmptyState title="Everything matches" description={run.status === 'completed' ? 'Every charge, refund, dispute and dispute fee of this period is in both books with the same amount.' : 'This run has no mismatches listed.'} />
          )
        }
        cardsLabel="Mismatches"
        scroll={{ x: 1000 }}
        size="middle"
        onRow={(m) => ({ 'aria-label': `${MISMATCH_LABELS[m.kind]}: ${RECONCILIATION_ITEM_LABELS[m.itemKind]} ${m.gatewayRef ?? ''}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'kind', title: 'Mismatch', width: 170,
            render: (_, m) => (
              <span className={mcss.stack}>
                <Tag color={KIND_COLOR[m.kind]} variant="filled">{MISMATCH_LABELS[m.kind]}</Tag>
                <span className={mcss.small}>{RECONCILIATION_ITEM_LABELS[m.itemKind]} · {fullDate(m.occurredAt)}</span>
              </span>
            ),
          },
          {
            key: 'refs', title: 'References', width: 230,
            render: (_, m) => (
              <span className={css.refs}>
                <span>{m.gatewayRef ?? '—'}</span>
                {m.gatewayTransactions.map((x) => <span key={x} className={mcss.muted}>{x}</span>)}
                {m.ledgerReferences.map((x) => <span key={x} className={mcss.muted}>ledger {x}</span>)}
              </span>
            ),
          },
          {
            key: 'amounts', title: 'Gateway / ledger', width: 160, align: 'right',
            render: (_, m) => (
              <span className={mcss.stack}>
                <span>{amount(m.gatewayAmount)} / {amount(m.ledgerAmount)}</span>
                {(m.gatewayFee || m.ledgerFee) ? <span className={mcss.small}>fee {amount(m.gatewayFee)} / {amount(m.ledgerFee)}</span> : null}
              </span>
            ),
          },
          {
            key: 'action', title: 'What to do', width: 380,
            render: (_, m) => (
              <span className={mcss.stack}>
                <p className={css.action}>{m.action}</p>
                {m.disputeId ? (
                  <Link href={`/admin/disputes/${m.disputeId}`}>Open the dispute</Link>
                ) : m.paymentId ? (
                  <Link href={`/admin/payments/${m.paymentId}`}>Open the payment</Link>
                ) : null}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

export default function AdminReconciliationRun({ id }: { id: string }) {
  const { data: run, error, isLoading, mutate } = useRoute(routes.reconciliation.run, { params: { id } }, { refreshInterval: (r) => (r?.status === 'running' ? 3000 : 0) });
  const back = (
    <Link href="/admin/reconciliation" className={dcss.back}>
      <ArrowLeftOutlined aria-hidden /> Reconciliation
    </Link>
  );
  const failure = error as ApiFailure | undefined;
  if (failure && !run) {
    const notFound = failure.statusCode === 404 || failure.statusCode === 400;
    return (
      <div className="container page">
        {back}
        <ErrorState title={notFound ? 'No such reconciliation run' : "This run didn't load"} message={notFound ? 'The link may be wrong.' : errorText(error)} onRetry={notFound ? undefined : () => void mutate()} />
      </div>
    );
  }
  if (isLoading || !run) {
    return (
      <div className="container page" aria-busy>
        {back}
        <Skeleton active title paragraph={{ rows: 2 }} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  return (
    <div className="container page">
      {back}
      <header className={dcss.head}>
        <div className={dcss.headRow}>
          <h1>Reconciliation of {periodText(run)}</h1>
        </div>
        <div className={dcss.tags}>
          <RunStatusTag run={run} />
          <Tag>{run.gateway === 'sandbox' ? 'Sandbox (test payments)' : 'Stripe'}</Tag>
          {!run.current && run.status === 'completed' && <Tag>Older version: this period was run again</Tag>}
        </div>
        <p className={mcss.small}>
          {run.startedBy ? `Run by ${run.startedBy.name || `@${run.startedBy.username}`}` : 'Run by the nightly job'} on {fullDate(run.startedAt)}
          {run.finishedAt ? `, finished ${fullDate(run.finishedAt)}` : ''}.
        </p>
      </header>
      {run.error && <Alert className={dcss.notice} type="error" showIcon title="The run did not finish" description={run.error} />}
      <Totals run={run} />
      <Mismatches run={run} />
    </div>
  );
}
