'use client';
/**
 * /admin/payments/{id} (issue 29 §2): one card payment (GET /admin/payments/{id}) — what it was,
 * what is refunded and still refundable (or why nothing is), its refunds and its disputes —
 * with "Refund" (RefundDialog) and, while the sandbox gateway is active, "Open a dispute
 * (sandbox)" for demos and tests (SandboxDisputeActions).
 */
import { useState, type HTMLAttributes } from 'react';
import Link from 'next/link';
import { Alert, Button, Card, Skeleton, Table, Tag } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, RollbackOutlined } from '@ant-design/icons';
import type { AdminPayment as Payment, PaymentRefund } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { errorText, type ApiFailure } from '@/lib/api';
import { fullDate, money } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { EmptyState, ErrorState } from '@/components/states';
import { Money, MoneyUserCell } from '@/components/money/money-ui';
import { PAYMENT_TYPE } from './labels';
import { Deadline, DisputeStatusTag, FanLink, PaymentStatusTag, RefundStatusTag, reasonText } from './dispute-bits';
import RefundDialog from './RefundDialog';
import SandboxDisputeActions, { useSandboxDisputes } from './SandboxDisputeActions';
import css from './disputes.module.css';

function Facts({ p }: { p: Payment }) {
  return (
    <Card className={css.card} role="region" aria-labelledby="payment-facts">
      <h2 id="payment-facts">The payment</h2>
      <dl className={css.facts}>
        <dt>Amount</dt>
        <dd>
          <Money value={p.amount} strong />
          {p.originalAmount !== p.amount && <span className={css.small}> (before a coupon: {money(p.originalAmount)})</span>}
        </dd>
        <dt>Refunded</dt>
        <dd>
          <Money value={p.refundedAmount} />
        </dd>
        <dt>Refundable now</dt>
        <dd>
          <Money value={p.refundable} strong />
        </dd>
        <dt>For</dt>
        <dd>{p.description}</dd>
        {p.performer && (
          <>
            <dt>Creator</dt>
            <dd>
              <Link href={`/admin/users/${p.performer._id}`} className={css.person}>
                <MoneyUserCell user={p.performer} />
              </Link>
            </dd>
          </>
        )}
        <dt>Fan</dt>
        <dd>
          <FanLink user={p.fan} />
        </dd>
        <dt>Card</dt>
        <dd>{p.card ? `${p.card.brand.toUpperCase()} •••• ${p.card.last4}` : '—'}</dd>
        <dt>Paid</dt>
        <dd>{fullDate(p.createdAt)}</dd>
        <dt>Gateway</dt>
        <dd>{p.gateway === 'sandbox' ? 'Sandbox (test payments)' : 'Stripe'}</dd>
        {p.failureMessage && (
          <>
            <dt>Failure</dt>
            <dd>{p.failureMessage}</dd>
          </>
        )}
      </dl>
    </Card>
  );
}

function Refunds({ refunds }: { refunds: PaymentRefund[] }) {
  return (
    <Card className={css.card} role="region" aria-labelledby="payment-refunds">
      <h2 id="payment-refunds">Refunds</h2>
      {refunds.length ? (
        <ul className={css.plainList} aria-label="Refunds of the payment">
          {refunds.map((r) => (
            <li key={r._id} aria-label={`Refund of ${money(r.amount)}`}>
              <span className={css.stack}>
                <span>
                  <Money value={r.amount} strong /> <RefundStatusTag status={r.status} />
                </span>
                <span className={css.text}>{r.reason}</span>
                <span className={css.small}>
                  {fullDate(r.createdAt)} · {r.createdBy ? `by ${r.createdBy.name || `@${r.createdBy.username}`}` : 'made at the gateway'}
                  {r.gatewayRef ? ` · ${r.gatewayRef}` : ''}
                </span>
                {r.failureMessage && <span className={css.small}>Failed: {r.failureMessage}</span>}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No refunds" description="Refunds to the card show here." />
      )}
    </Card>
  );
}

function Disputes({ p }: { p: Payment }) {
  return (
    <Card className={css.card} role="region" aria-labelledby="payment-disputes">
      <h2 id="payment-disputes">Disputes</h2>
      {p.disputes.length ? (
        <Table
          size="small"
          pagination={false}
          rowKey="_id"
          dataSource={p.disputes}
          scroll={{ x: 640 }}
          onRow={(d) => ({ 'aria-label': `Dispute of ${money(d.amount)}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { key: 'createdAt', title: 'Opened', dataIndex: 'createdAt', render: (v: string) => <span className={css.nowrap}>{fullDate(v)}</span> },
            { key: 'amount', title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: number) => <Money value={v} /> },
            { key: 'reason', title: 'Reason', dataIndex: 'reason', render: (v: string) => reasonText(v) },
            { key: 'dueBy', title: 'Deadline', render: (_, d) => <Deadline d={d} /> },
            { key: 'status', title: 'Status', render: (_, d) => <DisputeStatusTag status={d.status} /> },
            {
              key: 'actions', title: 'Actions',
              render: (_, d) => (
                <Link href={`/admin/disputes/${d._id}`} className={css.nowrap} aria-label={`Open the dispute of ${money(d.amount)}`}>
                  Open <ArrowRightOutlined aria-hidden />
                </Link>
              ),
            },
          ]}
        />
      ) : (
        <EmptyState title="No disputes" description="If the cardholder disputes this payment with their bank, it shows here." />
      )}
    </Card>
  );
}

export default function AdminPayment({ id }: { id: string }) {
  const { data, error, isLoading, mutate } = useRoute(routes.refunds.payment, { params: { id } });
  const [refunding, setRefunding] = useState(false);
  const sandbox = useSandboxDisputes(data?.gateway ?? 'stripe');
  const back = (
    <Link href="/admin/payments" className={css.back}>
      <ArrowLeftOutlined aria-hidden /> Card payments
    </Link>
  );
  const failure = error as ApiFailure | undefined;
  if (failure && !data) {
    const notFound = failure.statusCode === 404 || failure.statusCode === 400;
    return (
      <div className="container page">
        {back}
        <ErrorState title={notFound ? 'No such payment' : "This payment didn't load"} message={notFound ? 'The link may be wrong.' : errorText(error)} onRetry={notFound ? undefined : () => void mutate()} />
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <div className="container page" aria-busy>
        {back}
        <Skeleton active title paragraph={{ rows: 2 }} />
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const p = data;
  const openDispute = p.disputes.find((d) => d.open);
  const disputable = sandbox && !openDispute && !p.disputes.some((d) => !d.open) && (p.status === 'succeeded' || p.status === 'refunded');
  return (
    <div className="container page">
      {back}
      <header className={css.head}>
        <div className={css.headRow}>
          <h1>
            {PAYMENT_TYPE[p.type]} of {money(p.amount)}
          </h1>
          <Button type="primary" icon={<RollbackOutlined />} disabled={p.refundable <= 0} onClick={() => setRefunding(true)}>
            Refund
          </Button>
        </div>
        <div className={css.tags}>
          <PaymentStatusTag status={p.status} />
          {openDispute && <Tag color="volcano">Disputed</Tag>}
        </div>
      </header>
      {p.refundBlockedBy && <Alert className={css.notice} type="info" showIcon title="Nothing can be refunded now" description={p.refundBlockedBy} />}
      <Facts p={p} />
      <Refunds refunds={p.refunds} />
      <Disputes p={p} />
      {disputable && (
        <SandboxDisputeActions
          paymentId={p._id}
          mode="open"
          onDone={async () => {
            await mutate();
          }}
        />
      )}
      <RefundDialog
        payment={p}
        open={refunding}
        onClose={() => setRefunding(false)}
        onDone={() => {
          setRefunding(false);
          void mutate();
        }}
      />
    </div>
  );
}
