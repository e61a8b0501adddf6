'use client';
/** Pieces the dispute queue, a dispute's page and a card payment's page share (issue 29 §1–§2). */
import Link from 'next/link';
import { Tag } from 'antd';
import { ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { disputeReasonLabel, type Dispute, type DisputeStatus, type PaymentTransactionStatus, type RefundStatus } from '@stagepass/shared';
import { fullDate, timeLeft } from '@/lib/format';
import { MoneyUserCell, shortDate } from '@/components/money/money-ui';
import { DISPUTE_STATUS, PAYMENT_STATUS, PAYMENT_TYPE, REFUND_STATUS, deadlineState } from './labels';
import css from './disputes.module.css';

export function DisputeStatusTag({ status }: { status: DisputeStatus }) {
  const s = DISPUTE_STATUS[status] ?? { label: status, color: 'default' };
  return (
    <Tag color={s.color} variant="filled">
      {s.label}
    </Tag>
  );
}

export function PaymentStatusTag({ status }: { status: PaymentTransactionStatus }) {
  const s = PAYMENT_STATUS[status] ?? { label: status, color: 'default' };
  return (
    <Tag color={s.color} variant="filled">
      {s.label}
    </Tag>
  );
}

export function RefundStatusTag({ status }: { status: RefundStatus }) {
  const s = REFUND_STATUS[status] ?? { label: status, color: 'default' };
  return (
    <Tag color={s.color} variant="filled">
      {s.label}
    </Tag>
  );
}

/** "fraudulent" → "the cardholder does not recognise it (fraud)", capitalised. */
export const reasonText = (reason: string) => {
  const t = disputeReasonLabel(reason);
  return t.charAt(0).toUpperCase() + t.slice(1);
};

/**
 * The evidence deadline of a dispute: the date, and — while it is open — how far it is, marked
 * when it has passed (`Overdue`) or is within three days (`Due in …`). Closed or answered: why there
 * is none. `compact`: the day only (the full date in its title), for the queue; `inline`: on one line.
 */
export function Deadline({ d, now = Date.now(), compact, inline }: { d: Pick<Dispute, 'dueBy' | 'open' | 'evidenceSubmittedAt' | 'status'>; now?: number; compact?: boolean; inline?: boolean }) {
  if (!d.dueBy) return <span className={css.muted}>{!d.open ? 'Closed' : d.evidenceSubmittedAt || d.status === 'under_review' || d.status === 'warning_under_review' ? 'Answered' : 'None given'}</span>;
  const state = deadlineState(d.dueBy, now);
  return (
    <span className={inline ? css.inline : css.stack} title={compact ? fullDate(d.dueBy) : undefined}>
      <span className={css.nowrap}>{compact ? shortDate(d.dueBy) : fullDate(d.dueBy)}</span>
      {state === 'overdue' ? (
        <span className={`${css.deadline} ${css.overdue}`}>
          <WarningOutlined aria-hidden /> Overdue
        </span>
      ) : state === 'near' ? (
        <span className={`${css.deadline} ${css.near}`}>
          <ClockCircleOutlined aria-hidden /> Due in {timeLeft(d.dueBy, now)}
        </span>
      ) : (
        <span className={css.small}>in {timeLeft(d.dueBy, now)}</span>
      )}
    </span>
  );
}

/** What the disputed payment paid for: a wallet top-up, or a subscription to a creator. */
export function PaidFor({ d }: { d: Pick<Dispute, 'payment' | 'performer'> }) {
  return (
    <span className={css.stack}>
      <span>{PAYMENT_TYPE[d.payment.type] ?? d.payment.type}</span>
      {d.performer ? <span className={css.small}>to {d.performer.name || `@${d.performer.username}`}</span> : <span className={css.small}>{d.payment.description}</span>}
    </span>
  );
}

/** A fan in a money list, linked to their console page. */
export function FanLink({ user }: { user: Dispute['fan'] }) {
  if (!user) return <MoneyUserCell user={null} />;
  return (
    <Link href={`/admin/users/${user._id}`} className={css.person}>
      <MoneyUserCell user={user} />
    </Link>
  );
}
