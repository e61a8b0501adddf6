import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DISPUTE_EVIDENCE_FIELDS, fromMinor, isOpenDisputeStatus, toMinor,
  type AdminDisputeSearch, type Dispute, type DisputeDetail, type DisputeEvidence, type DisputeEvidenceBody, type MoneyUser, type SandboxDisputeBody, type WalletCharge,
} from '@stagepass/shared';
import type { Db } from '../../db/client';
import { recordAudit, recordOperatorRead, type AuditActor, type OperatorRead } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { HttpError, conflict, fieldError, notFound } from '../../platform/errors';
import { GatewayRefusal, type GatewayDispute } from '../../platform/payments/gateway';
import { sandboxDisputeEvents } from '../../platform/payments/sandbox';
import { wallet, type LedgerService } from '../ledger/ledger.service';
import { ledgerTransactions } from '../ledger/ledger.tables';
import { users, type UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import { disputes, type DisputeRow } from './disputes.tables';
import { disputeRefs, type DisputesService } from './disputes.service';
import { paymentTransactions, type PaymentTransactionRow } from './payments.tables';
import type { PaymentsService } from './payments.service';

/**
 * What the dispute's page reads of other modules (their services, through closures the
 * composition root fills — payments sits below wallet, subscriptions and orders, so it names the
 * reads instead of importing them). Newest first, `limit` at most.
 */
export interface DisputeRecords {
  /** The fan's sign-ins (sessions): when each started, was last used, and whether it has ended. */
  sessions(userId: string, limit: number): Promise<Array<{ startedAt: Date; lastSeenAt: Date | null; ended: boolean; ip: string | null; device: string | null }>>;
  /** The fan's wallet spending since `since` (a page of it) and how many charges in all. */
  spending(userId: string, since: Date, limit: number): Promise<{ data: WalletCharge[]; total: number }>;
  /** The fan's physical orders since `since`, with delivery. */
  deliveries(userId: string, since: Date, limit: number): Promise<Array<{ orderId: string; productName: string; status: 'processing' | 'shipping' | 'delivered' | 'refunded'; trackingCode: string | null; orderedAt: Date; updatedAt: Date }>>;
  /** The subscription a period's payment paid for. */
  subscription(id: string): Promise<{ id: string; status: string; startsAt: Date; expiresAt: Date; suspended: boolean } | null>;
}

/** What DisputesAdmin is built with (by the composition root, root.ts). */
export interface DisputesAdminDeps {
  clock: Clock;
  db: Db;
  disputes: DisputesService;
  ledger: LedgerService;
  payments: PaymentsService;
  records: DisputeRecords;
  users: UsersService;
}

const RECORDS_NOTE = 'Stagepass keeps when each of the fan\'s sign-ins started and was last used, what they bought and when, and the delivery of physical orders; and for 180 days the IP address and browser (user agent) of each sign-in and of the request that made a card payment (not of renewals).';
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const day = (d: Date) => d.toISOString().slice(0, 10);
/** " from 203.0.113.7 (Mozilla/5.0 …)" for an access log line, or nothing when the client is not kept. */
const fromClient = (ip: string | null, device: string | null) => (ip || device ? ` from ${ip ?? 'an unknown address'}${device ? ` (${device})` : ''}` : '');

/**
 * The operator's side of disputes (payments README "Disputes"): the queue, one dispute with what
 * the site holds as evidence (an audited read of the fan's records), evidence submitted through the
 * gateway, and the sandbox's simulated disputes — which go through DisputesService exactly like
 * Stripe's webhooks. Writes are audited in their transaction.
 */
export class DisputesAdmin {
  constructor(private deps: DisputesAdminDeps) {}

  private async people(ids: Array<string | null>): Promise<Map<string, UserRow>> {
    const want = [...new Set(ids.filter((x): x is string => !!x))];
    const rows = want.length ? await this.deps.db.select().from(users).where(inArray(users.id, want)) : [];
    return new Map(rows.map((u) => [u.id, u]));
  }

  private view(d: DisputeRow, p: PaymentTransactionRow, people: Map<string, UserRow>): Dispute {
    const card = (id: string | null): MoneyUser | null => (id && people.get(id) ? this.deps.users.card(people.get(id)!) : null);
    const closed = !isOpenDisputeStatus(d.status);
    return {
      _id: d.id, gateway: d.gateway, gatewayRef: d.gatewayRef, paymentId: d.paymentId,
      payment: { type: p.type, amount: fromMinor(p.amount), description: p.description, createdAt: p.createdAt.toISOString() },
      fan: card(d.userId), performer: card(d.performerId),
      amount: fromMinor(d.amount), fee: fromMinor(d.fee), feeReturned: fromMinor(d.feeReturned), currency: d.currency, reason: d.reason, status: d.status,
      open: d.closedAt === null, outcome: d.status === 'lost' ? 'lost' : d.reinstatedAt || d.status === 'won' || d.status === 'prevented' ? 'won' : null,
      dueBy: closed ? null : d.dueBy?.toISOString() ?? null, evidenceSubmittedAt: d.evidenceSubmittedAt?.toISOString() ?? null,
      hold: d.heldAt ? { fromWallet: fromMinor(d.fromWallet), fromEarnings: fromMinor(d.fromEarnings), commission: fromMinor(d.commissionHeld), atStake: fromMinor(d.atStake) } : null,
      locksContent: d.locksContent, createdAt: d.createdAt.toISOString(), updatedAt: d.updatedAt.toISOString(), closedAt: d.closedAt?.toISOString() ?? null,
    };
  }

  /** Rows → answers: their payments and people in two queries. */
  async views(rows: DisputeRow[]): Promise<Dispute[]> {
    if (!rows.length) return [];
    const pays = await this.deps.db.select().from(paymentTransactions).where(inArray(paymentTransactions.id, [...new Set(rows.map((r) => r.paymentId))]));
    const byId = new Map(pays.map((p) => [p.id, p]));
    const people = await this.people(rows.flatMap((r) => [r.userId, r.performerId]));
    return rows.map((r) => this.view(r, byId.get(r.paymentId)!, people));
  }

  /** GET /admin/disputes: newest first, or by deadline; indexes disputes_created_idx, disputes_status_created_idx, disputes_due_idx. */
  async list(q: AdminDisputeSearch): Promise<{ data: Dispute[]; total: number }> {
    const conds: SQL[] = [];
    if (q.state === 'open') conds.push(isNull(disputes.closedAt));
    if (q.state === 'closed') conds.push(isNotNull(disputes.closedAt));
    if (q.status) conds.push(eq(disputes.status, q.status));
    if (q.userId) conds.push(eq(disputes.userId, q.userId));
    if (q.paymentId) conds.push(eq(disputes.paymentId, q.paymentId));
    const where = conds.length ? and(...conds) : undefined;
    const dir = q.sort === 'asc' ? asc : desc;
    const order = q.sortBy === 'dueBy' ? [sql`${disputes.dueBy} ${sql.raw(q.sort === 'asc' ? 'asc nulls last' : 'desc nulls last')}`, dir(disputes.id)] : [dir(disputes.createdAt), dir(disputes.id)];
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(disputes).where(where).orderBy(...order).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(disputes).where(where),
    ]);
    return { data: await this.views(rows), total: Number(n) };
  }

  private async row(id: string): Promise<DisputeRow> {
    const [row] = await this.deps.db.select().from(disputes).where(eq(disputes.id, id));
    if (!row) throw notFound('Dispute not found');
    return row;
  }

  /**
   * GET /admin/disputes/{id}: the dispute, the charge, what it paid for and the fan's records —
   * an operator's read of the fan's private data, audited (`dispute.read`, subject the fan) with
   * the reason BEFORE anything is answered (no reason → 400 reason_required).
   */
  async detail(id: string, read: OperatorRead | null): Promise<DisputeDetail> {
    const d = await this.row(id);
    if (read) await recordOperatorRead(this.deps.db, read, { action: 'dispute.read', targetType: 'dispute', targetId: d.id, subjectIds: [d.userId] });
    const p = await this.deps.payments.byId(d.paymentId);
    const [[view], [paymentDetail], people] = await Promise.all([this.views([d]), this.deps.payments.views([p]), this.people([d.userId])]);
    const fan = people.get(d.userId) ?? null;
    const { records } = this.deps;
    const [sessions, deliveries] = await Promise.all([records.sessions(d.userId, 20), records.deliveries(d.userId, p.createdAt, 20)]);
    let paidFor: DisputeDetail['paidFor'];
    let spent: WalletCharge[] = [];
    if (p.type === 'wallet_topup') {
      const [balance, spending] = await Promise.all([this.deps.ledger.balance(this.deps.db, wallet(d.userId)), records.spending(d.userId, p.createdAt, 20)]);
      spent = spending.data;
      paidFor = {
        kind: 'wallet_topup', walletBalance: fromMinor(balance), spentCount: spending.total,
        spent: spent.map((c) => ({ chargeId: c._id, type: c.type, description: c.description, amount: c.amount, performer: c.performer, createdAt: c.createdAt })),
      };
    } else {
      const s = p.subscriptionId ? await records.subscription(p.subscriptionId) : null;
      paidFor = { kind: 'subscription', subscription: s ? { _id: s.id, status: s.status, startsAt: s.startsAt.toISOString(), expiresAt: s.expiresAt.toISOString(), suspended: s.suspended } : null };
    }
    const refs = Object.values(disputeRefs(d.id));
    const movements = await this.deps.db
      .select({ reference: ledgerTransactions.reference, type: ledgerTransactions.type, amount: ledgerTransactions.amount, createdAt: ledgerTransactions.createdAt })
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.reference, refs))
      .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id));
    // Evidence from the records: who paid, what for, and their use of it.
    const access = [
      ...(p.clientIp || p.clientDevice ? [`${p.createdAt.toISOString()} paid${fromClient(p.clientIp, p.clientDevice)}`] : []),
      ...sessions.map((s) => `${s.startedAt.toISOString()} signed in${fromClient(s.ip, s.device)}${s.lastSeenAt ? `, last active ${s.lastSeenAt.toISOString()}` : ''}`),
      ...spent.map((c) => `${c.createdAt} spent ${c.amount.toFixed(2)} on ${c.type}${c.description ? ` (${c.description})` : ''}${c.performer ? ` from ${c.performer.name}` : ''}`),
    ];
    const shipped = deliveries.find((o) => o.trackingCode);
    const suggestedEvidence: DisputeEvidence = {
      productDescription: p.type === 'wallet_topup' ? `Prepaid wallet credit (${fromMinor(p.amount).toFixed(2)} ${d.currency.toUpperCase()}) on Stagepass, spent by the cardholder on creators' content.` : `${p.description}: a monthly subscription to a creator's content on Stagepass.`,
      ...(fan ? { customerName: fan.name || fan.username || undefined, customerEmailAddress: fan.email ?? undefined } : {}),
      ...(p.clientIp ? { customerPurchaseIp: p.clientIp } : {}),
      serviceDate: day(p.createdAt),
      ...(access.length ? { accessActivityLog: access.join('\n') } : {}),
      ...(shipped ? { shippingTrackingNumber: shipped.trackingCode!, shippingDate: day(shipped.updatedAt) } : {}),
    };
    return {
      ...view!, paymentDetail: paymentDetail!, paidFor,
      purchaseClient: { ip: p.clientIp, device: p.clientDevice },
      sessions: sessions.map((s) => ({ startedAt: s.startedAt.toISOString(), lastSeenAt: s.lastSeenAt?.toISOString() ?? null, ended: s.ended, ip: s.ip, device: s.device })),
      deliveries: deliveries.map((o) => ({ orderId: o.orderId, productName: o.productName, status: o.status, trackingCode: o.trackingCode, orderedAt: o.orderedAt.toISOString(), updatedAt: o.updatedAt.toISOString() })),
      recordsNote: RECORDS_NOTE, evidence: d.evidence, suggestedEvidence,
      movements: movements.map((m) => ({ reference: m.reference, type: m.type, amount: fromMinor(m.amount), createdAt: m.createdAt.toISOString() })),
    };
  }

  /** The dispute as the gateway last reported it (what our row holds). */
  private asGateway(d: DisputeRow, chargeRef: string): GatewayDispute {
    return {
      ref: d.gatewayRef, chargeRef, amount: d.amount, currency: d.currency, reason: d.reason, status: d.status, dueBy: d.dueBy,
      withdrawn: d.heldAt ? { amount: d.amount, fee: d.fee } : null, reinstated: d.reinstatedAt ? { amount: d.amount, feeReturned: d.feeReturned } : null,
    };
  }

  /**
   * POST /admin/disputes/{id}/evidence: through the dispute's gateway (the active one; 503
   * otherwise) — Stripe disputes.update, the sandbox records it — then, in one transaction, the
   * evidence on our row, the gateway's answer applied (submitted → under review) and the audit entry.
   * Only while it needs a response (409 otherwise); a gateway refusal → 422 with its message.
   */
  async submitEvidence(actor: AuditActor, id: string, body: DisputeEvidenceBody): Promise<Dispute> {
    const d = await this.row(id);
    if (d.status !== 'needs_response' && d.status !== 'warning_needs_response') throw conflict(`This dispute is ${d.status.replace(/_/g, ' ')}: evidence can no longer be sent`);
    const gw = await this.deps.payments.gatewayFor(d.gateway);
    const p = await this.deps.payments.byId(d.paymentId);
    const { submit, ...fields } = body;
    const evidence: DisputeEvidence = Object.fromEntries(DISPUTE_EVIDENCE_FIELDS.filter((k) => (fields[k] ?? '') !== '').map((k) => [k, fields[k]]));
    let answer: GatewayDispute;
    try {
      answer = await gw.disputes.submitEvidence({
        ref: d.gatewayRef, submit, current: this.asGateway(d, p.chargeRef ?? p.gatewayRef ?? ''),
        evidence: Object.fromEntries(Object.entries(evidence).map(([k, v]) => [snake(k), v as string])),
      });
    } catch (err) {
      if (err instanceof GatewayRefusal) throw new HttpError(422, `The gateway refused the evidence: ${err.message}`);
      throw err;
    }
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(disputes).where(eq(disputes.id, d.id)).for('update');
      await tx.update(disputes).set({ evidence: { ...before!.evidence, ...evidence }, ...(submit ? { evidenceSubmittedAt: now } : {}), updatedAt: now }).where(eq(disputes.id, d.id));
      const after = (await this.deps.disputes.apply(tx, d.gateway, answer)) ?? before!;
      await recordAudit(tx, actor, {
        action: 'dispute.evidence', targetType: 'dispute', targetId: d.id,
        before: { status: before!.status, evidenceSubmittedAt: before!.evidenceSubmittedAt }, after: { status: after.status, submitted: submit, fields: Object.keys(evidence) },
      });
      return after;
    });
    return (await this.views([row]))[0]!;
  }

  /**
   * POST /admin/sandbox/disputes: the sandbox gateway only (404 when it is not the active one). The
   * cardholder's bank opens a dispute on a sandbox card payment (an open one already → 409 unless
   * `outcome` decides it), or `outcome` decides the open one (or opens and decides at once). Its
   * events take the same path as Stripe's webhooks (one webhook_events row each). Audited
   * (`dispute.simulate`) after they are applied.
   */
  async simulate(actor: AuditActor, body: SandboxDisputeBody): Promise<Dispute> {
    if ((await this.deps.payments.gatewayName()) !== 'sandbox') throw notFound();
    const [p] = await this.deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, body.paymentId));
    if (!p || p.gateway !== 'sandbox') throw fieldError('paymentId', 'No sandbox card payment with this id');
    if (p.status !== 'succeeded' && p.status !== 'refunded') throw fieldError('paymentId', 'Only a paid card payment can be disputed');
    const chargeRef = p.chargeRef ?? p.gatewayRef;
    if (!chargeRef) throw fieldError('paymentId', 'This payment has no charge to dispute');
    const [current] = await this.deps.db.select().from(disputes).where(eq(disputes.paymentId, p.id)).orderBy(desc(disputes.createdAt)).limit(1);
    if (current && current.closedAt) throw conflict('This payment\'s dispute is already closed');
    if (current && !body.outcome) throw conflict('This payment is already disputed: decide it with an outcome (won or lost)');
    // Default: what is left of the payment after refunds (a bank disputes what the cardholder was charged and kept).
    const amount = body.amount !== undefined ? toMinor(body.amount) : p.amount - p.refundedAmount;
    if (!current && (amount <= 0 || amount > p.amount)) throw fieldError('amount', `At most ${fromMinor(p.amount).toFixed(2)}`);
    const events = sandboxDisputeEvents({
      existing: current ? this.asGateway(current, chargeRef) : null, chargeRef, amount, currency: 'usd', reason: body.reason, outcome: body.outcome, now: this.deps.clock.now(),
    });
    for (const e of events) await this.deps.disputes.applyEvent('sandbox', { id: e.id, type: e.type, created: e.created, data: { object: e.dispute } }, e.dispute);
    const [row] = await this.deps.db.select().from(disputes).where(and(eq(disputes.gateway, 'sandbox'), eq(disputes.gatewayRef, events.at(-1)!.dispute.ref)));
    // Another request opened this payment's dispute at the same moment: one dispute per charge.
    if (!row) throw conflict('This payment is already disputed: decide it with an outcome (won or lost)');
    await this.deps.db.transaction((tx) => recordAudit(tx, actor, { action: 'dispute.simulate', targetType: 'dispute', targetId: row!.id, after: { paymentId: p.id, status: row!.status, outcome: body.outcome ?? null } }));
    return (await this.views([row!]))[0]!;
  }

  /** A payment's disputes (GET /admin/payments/{id}). */
  async ofPayment(paymentId: string): Promise<Dispute[]> {
    return this.views(await this.deps.db.select().from(disputes).where(eq(disputes.paymentId, paymentId)).orderBy(desc(disputes.createdAt)));
  }
}
