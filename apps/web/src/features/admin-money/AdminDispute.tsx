'use client';
/**
 * /admin/disputes/{id} (issue 29 §1): one card dispute — the charge, the fan, what it paid for,
 * the money held back and its ledger movements, the records the site holds as evidence, the
 * deadline, the "Submit evidence" form while the dispute needs an answer, and (sandbox only) the
 * buttons that decide it. GET /admin/disputes/{id} opens the fan's records: an audited read — the
 * console asks why first (AccessReasonDialog through lib/api.ts) — so the answer is read once,
 * never again on focus. Submitting evidence updates the page from the POST's answer; a sandbox
 * decision reads the dispute again (its ledger movements changed), with the remembered reason.
 */
import Link from 'next/link';
import { Alert, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { DISPUTE_NEEDS_RESPONSE, type DisputeDetail } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { fullDate, money, timeLeft } from '@/lib/format';
import { useRoute } from '@/lib/swr';
import { AuditedReadFailure, READ_ONCE } from '@/components/AuditedRead';
import { Deadline, DisputeStatusTag, reasonText } from './dispute-bits';
import { ChargeCard, HoldCard, PaidForCard, RecordsCard } from './DisputeRecords';
import EvidenceForm from './EvidenceForm';
import SandboxDisputeActions, { useSandboxDisputes } from './SandboxDisputeActions';
import { deadlineState } from './labels';
import css from './disputes.module.css';

/** Each read is an audit entry: read once, never again on focus or reconnect. */

function DeadlineAlert({ d }: { d: DisputeDetail }) {
  if (!d.open || !d.dueBy || !(DISPUTE_NEEDS_RESPONSE as readonly string[]).includes(d.status)) return null;
  const state = deadlineState(d.dueBy);
  if (state === 'overdue') return <Alert className={css.notice} type="error" showIcon title={`The deadline passed on ${fullDate(d.dueBy)}`} description="The bank may decide without the site's answer; send the evidence now if the gateway still takes it." />;
  return (
    <Alert
      className={css.notice}
      type={state === 'near' ? 'warning' : 'info'}
      showIcon
      title={`Answer by ${fullDate(d.dueBy)} (${timeLeft(d.dueBy)} left)`}
      description="Without an answer by then, the bank decides for the cardholder."
    />
  );
}

export default function AdminDispute({ id }: { id: string }) {
  const { data, error, isLoading, mutate } = useRoute(routes.disputes.get, { params: { id } }, READ_ONCE);
  const sandbox = useSandboxDisputes(data?.gateway ?? 'stripe');
  const back = (
    <Link href="/admin/disputes" className={css.back}>
      <ArrowLeftOutlined aria-hidden /> Disputes
    </Link>
  );
  if (error && !data) {
    return (
      <div className="container page">
        {back}
        <AuditedReadFailure error={error} thing="dispute" notFoundMessage="The link may be wrong." reasonMessage="Opening it needs a reason: it shows the fan's records and is kept in the audit log." onRetry={() => void mutate()} />
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <div className="container page" aria-busy>
        {back}
        <Skeleton active title paragraph={{ rows: 2 }} />
        <div className={css.grid}>
          <Skeleton active paragraph={{ rows: 6 }} />
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      </div>
    );
  }
  const d = data;
  const answerable = (DISPUTE_NEEDS_RESPONSE as readonly string[]).includes(d.status);
  return (
    <div className="container page">
      {back}
      <header className={css.head}>
        <h1>
          Dispute of {money(d.amount)} by {d.fan?.name || 'a deleted user'}
        </h1>
        <div className={css.tags}>
          <DisputeStatusTag status={d.status} />
          <span className={css.muted}>{reasonText(d.reason)}</span>
        </div>
        <div className={css.meta}>
          <span className={css.muted}>Opened {fullDate(d.createdAt)}</span>
          {d.closedAt && <span className={css.muted}>Closed {fullDate(d.closedAt)}</span>}
          <span className={css.inline}>
            <span className={css.muted}>Deadline:</span> <Deadline d={d} inline />
          </span>
        </div>
      </header>
      <Alert
        className={css.notice}
        type="info"
        showIcon
        title="Opened with your reason"
        description="This read of the fan's records is in the audit log, and the fan can see in their data export that an operator opened it."
      />
      <DeadlineAlert d={d} />
      {d.open && <Alert className={css.notice} type="warning" showIcon title="The fan cannot spend while this dispute is open" description="Top-ups, subscriptions and purchases are paused on their account until the bank decides." />}
      {sandbox && d.open && (
        <SandboxDisputeActions
          paymentId={d.paymentId}
          mode="decide"
          onDone={async () => {
            await mutate();
          }}
        />
      )}
      <div className={css.grid}>
        <ChargeCard d={d} />
        <PaidForCard d={d} />
      </div>
      <HoldCard d={d} />
      <RecordsCard d={d} />
      {answerable ? (
        <Card className={css.card} role="region" aria-labelledby="dispute-evidence">
          <h2 id="dispute-evidence">Submit evidence</h2>
          <p className={css.lead}>Pre-filled from the site&apos;s records: check and complete it. It goes to the cardholder&apos;s bank through the payment gateway.</p>
          <EvidenceForm
            disputeId={d._id}
            initial={{ ...d.suggestedEvidence, ...d.evidence }}
            onDone={(next, sent) => void mutate({ ...d, ...next, evidence: { ...d.evidence, ...sent } }, { revalidate: false })}
          />
        </Card>
      ) : (
        d.open && <Alert className={css.notice} type="info" showIcon title="Answered: the bank is reviewing the evidence" description="Nothing more can be sent; the decision arrives from the gateway." />
      )}
    </div>
  );
}
