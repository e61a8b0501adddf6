'use client';
/**
 * The cards of a dispute's page (issue 29 §1): the charge, what it paid for, the money held back
 * with the dispute's ledger movements, and the records the site holds as evidence — all as GET
 * /admin/disputes/{id} answers them.
 */
import Link from 'next/link';
import { Card, Tag } from 'antd';
import type { DisputeDetail, SubscriptionStatus } from '@stagepass/shared';
import { fullDate, plural } from '@/lib/format';
import { Money, MoneyUserCell } from '@/components/money/money-ui';
import { EmptyState } from '@/components/states';
import { DELIVERY, ITEM_TYPE, PAYMENT_TYPE, SUB_STATUS, disputeMovementLabel } from './labels';
import { FanLink, PaymentStatusTag, reasonText } from './dispute-bits';
import css from './disputes.module.css';

const EVIDENCE_LABEL: Record<string, string> = {
  productDescription: 'What was sold', customerName: 'Customer name', customerEmailAddress: 'Customer e-mail', customerPurchaseIp: 'IP address of the purchase',
  accessActivityLog: 'Activity log', serviceDate: 'Service date', shippingCarrier: 'Shipping carrier', shippingDate: 'Shipping date', shippingTrackingNumber: 'Tracking number',
  refundPolicyDisclosure: 'Refund policy', cancellationPolicyDisclosure: 'Cancellation policy', cancellationRebuttal: 'Cancellation rebuttal', uncategorizedText: 'Other evidence',
};

export function ChargeCard({ d }: { d: DisputeDetail }) {
  const p = d.paymentDetail;
  return (
    <Card className={css.card} role="region" aria-labelledby="dispute-charge">
      <h2 id="dispute-charge">The charge</h2>
      <dl className={css.facts}>
        <dt>Disputed</dt>
        <dd>
          <Money value={d.amount} strong /> of <Money value={p.amount} />
        </dd>
        <dt>Paid</dt>
        <dd>{fullDate(p.createdAt)}</dd>
        <dt>For</dt>
        <dd>{p.description}</dd>
        <dt>Card</dt>
        <dd>{p.card ? `${p.card.brand.toUpperCase()} •••• ${p.card.last4}` : '—'}</dd>
        <dt>Payment</dt>
        <dd>
          <PaymentStatusTag status={p.status} />{' '}
          <Link href={`/admin/payments/${d.paymentId}`}>Open the card payment</Link>
        </dd>
        <dt>Fan</dt>
        <dd>
          <FanLink user={d.fan} />
        </dd>
        <dt>Reason</dt>
        <dd>{reasonText(d.reason)}</dd>
        <dt>Gateway</dt>
        <dd>
          {d.gateway === 'sandbox' ? 'Sandbox (test payments)' : 'Stripe'} <span className={css.mono}>{d.gatewayRef}</span>
        </dd>
      </dl>
    </Card>
  );
}

export function PaidForCard({ d }: { d: DisputeDetail }) {
  const pf = d.paidFor;
  return (
    <Card className={css.card} role="region" aria-labelledby="dispute-paid-for">
      <h2 id="dispute-paid-for">What it paid for: {PAYMENT_TYPE[d.payment.type] ?? d.payment.type}</h2>
      {pf.kind === 'subscription' ? (
        <dl className={css.facts}>
          <dt>Creator</dt>
          <dd>{d.performer ? <Link href={`/admin/users/${d.performer._id}`} className={css.person}><MoneyUserCell user={d.performer} /></Link> : '—'}</dd>
          {pf.subscription ? (
            <>
              <dt>Period</dt>
              <dd>
                {fullDate(pf.subscription.startsAt)} – {fullDate(pf.subscription.expiresAt)}
              </dd>
              <dt>Subscription</dt>
              <dd>
                {SUB_STATUS[pf.subscription.status as SubscriptionStatus]?.label ?? pf.subscription.status}
                {pf.subscription.suspended && (
                  <Tag color="orange" className={css.inlineTag}>
                    Suspended while disputed
                  </Tag>
                )}
              </dd>
            </>
          ) : (
            <>
              <dt>Subscription</dt>
              <dd>No longer on record</dd>
            </>
          )}
          <dt>Content</dt>
          <dd>{d.locksContent ? 'Locked while the dispute is open (the setting was on when it opened)' : 'Stays usable while the dispute is open'}</dd>
        </dl>
      ) : (
        <>
          <dl className={css.facts}>
            <dt>Wallet now</dt>
            <dd>
              <Money value={pf.walletBalance} />
            </dd>
            <dt>Spent since</dt>
            <dd>{plural(pf.spentCount, 'purchase')}</dd>
          </dl>
          {pf.spent.length > 0 && (
            <ul className={`${css.plainList} ${css.spaced}`} aria-label="Wallet spending since the top-up">
              {pf.spent.map((s) => (
                <li key={s.chargeId}>
                  <span className={css.stack}>
                    <span>
                      {ITEM_TYPE[s.type as keyof typeof ITEM_TYPE] ?? s.type}
                      {s.description ? `: ${s.description}` : ''}
                    </span>
                    <span className={css.small}>
                      {fullDate(s.createdAt)}
                      {s.performer ? ` · ${s.performer.name || `@${s.performer.username}`}` : ''}
                    </span>
                  </span>
                  <Money value={s.amount} />
                </li>
              ))}
            </ul>
          )}
          {pf.spentCount > pf.spent.length && <p className={css.note}>The newest {pf.spent.length} of {pf.spentCount} are listed.</p>}
        </>
      )}
    </Card>
  );
}

export function HoldCard({ d }: { d: DisputeDetail }) {
  return (
    <Card className={css.card} role="region" aria-labelledby="dispute-money">
      <h2 id="dispute-money">Money held back</h2>
      {d.hold ? (
        <dl className={css.facts}>
          <dt>From the fan&apos;s wallet</dt>
          <dd><Money value={d.hold.fromWallet} /></dd>
          <dt>From the creator&apos;s earnings</dt>
          <dd><Money value={d.hold.fromEarnings} /></dd>
          <dt>Site commission taken back</dt>
          <dd><Money value={d.hold.commission} /></dd>
          <dt>At stake (already spent)</dt>
          <dd><Money value={d.hold.atStake} /></dd>
          <dt>Dispute fee</dt>
          <dd>
            <Money value={d.fee} />
            {d.feeReturned > 0 && (
              <span className={css.small}>
                {' '}
                (<Money value={d.feeReturned} /> given back)
              </span>
            )}
          </dd>
        </dl>
      ) : (
        <p className={css.text}>Nothing: this is an inquiry, no money has been taken yet.</p>
      )}
      <h3 className={css.subTitle} id="dispute-movements">
        Ledger movements
      </h3>
      {d.movements.length ? (
        <ul className={css.movements} aria-labelledby="dispute-movements">
          {d.movements.map((m) => (
            <li key={m.reference}>
              <span className={css.stack}>
                <span>{disputeMovementLabel(m.reference, m.type)}</span>
                <span className={css.small}>{fullDate(m.createdAt)}</span>
              </span>
              <Money value={m.amount} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={css.text}>None yet.</p>
      )}
    </Card>
  );
}

export function RecordsCard({ d }: { d: DisputeDetail }) {
  const sent = Object.entries(d.evidence).filter(([, v]) => v);
  return (
    <Card className={css.card} role="region" aria-labelledby="dispute-records">
      <h2 id="dispute-records">Evidence the site holds</h2>
      <p className={css.note}>{d.recordsNote}</p>
      <h3 className={css.subTitle}>The purchase</h3>
      {d.purchaseClient.ip || d.purchaseClient.device ? (
        <dl className={css.plainList} aria-label="Where the payment was made from">
          <div><dt>IP address</dt><dd>{d.purchaseClient.ip ?? 'not kept'}</dd></div>
          <div><dt>Browser</dt><dd className={css.small}>{d.purchaseClient.device ?? 'not kept'}</dd></div>
        </dl>
      ) : (
        <p className={css.text}>No address or browser kept for this payment (a renewal, or older than 180 days).</p>
      )}
      <h3 className={css.subTitle}>The fan&apos;s sign-ins</h3>
      {d.sessions.length ? (
        <ul className={css.plainList} aria-label="Sign-ins of the fan">
          {d.sessions.map((s) => (
            <li key={s.startedAt}>
              <span>Signed in {fullDate(s.startedAt)}</span>
              <span className={css.small}>{s.lastSeenAt ? `last active ${fullDate(s.lastSeenAt)}` : 'no activity recorded'}{s.ended ? ' · ended' : ''}</span>
              {(s.ip || s.device) && <span className={css.small}>from {s.ip ?? 'an unknown address'}{s.device ? ` · ${s.device}` : ''}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className={css.text}>None on record.</p>
      )}
      <h3 className={css.subTitle}>Deliveries of physical orders</h3>
      {d.deliveries.length ? (
        <ul className={css.plainList} aria-label="Deliveries of the fan's orders">
          {d.deliveries.map((o) => (
            <li key={o.orderId}>
              <span className={css.stack}>
                <span>{o.productName}</span>
                <span className={css.small}>Ordered {fullDate(o.orderedAt)}{o.trackingCode ? ` · tracking ${o.trackingCode}` : ''}</span>
              </span>
              <Tag color={DELIVERY[o.status].color}>{DELIVERY[o.status].label}</Tag>
            </li>
          ))}
        </ul>
      ) : (
        <p className={css.text}>No physical orders since the payment.</p>
      )}
      {sent.length > 0 && (
        <>
          <h3 className={css.subTitle}>{d.evidenceSubmittedAt ? `Evidence sent ${fullDate(d.evidenceSubmittedAt)}` : 'Evidence saved (not sent yet)'}</h3>
          <dl className={css.facts} aria-label="Evidence given">
            {sent.map(([k, v]) => (
              <div key={k} className={css.factRow}>
                <dt>{EVIDENCE_LABEL[k] ?? k}</dt>
                <dd className={css.text}>{v}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {!d.sessions.length && !d.deliveries.length && !sent.length && <EmptyState title="Little on record" description="Write what you know in the evidence form." />}
    </Card>
  );
}
