import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { fromMinor, type AdminPayment, type AdminPaymentRow, type AdminPaymentSearch, type PaymentRefund } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { wallet, type LedgerService } from '../ledger/ledger.service';
import { users, type UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import type { DisputesAdmin } from './disputes.admin';
import { disputes, type PaymentRefundRow } from './disputes.tables';
import { paymentTransactions } from './payments.tables';
import type { PaymentsService } from './payments.service';
import { refundBlock, type RefundsService } from './refunds.service';

/** What PaymentsAdmin is built with (by the composition root, root.ts). */
export interface PaymentsAdminDeps {
  db: Db;
  disputes: DisputesAdmin;
  ledger: LedgerService;
  payments: PaymentsService;
  refunds: RefundsService;
  users: UsersService;
}

/**
 * The operator's view of card payments (payments README "Refunds to the card"): every payment
 * (GET /admin/payments, a fixed number of queries per page: the page, its count, people, cards,
 * disputes) and one with its refunds, disputes and what is still refundable (GET /admin/payments/{id}).
 */
export class PaymentsAdmin {
  constructor(private deps: PaymentsAdminDeps) {}

  private async people(ids: Array<string | null>): Promise<Map<string, UserRow>> {
    const want = [...new Set(ids.filter((x): x is string => !!x))];
    const rows = want.length ? await this.deps.db.select().from(users).where(inArray(users.id, want)) : [];
    return new Map(rows.map((u) => [u.id, u]));
  }

  /** GET /admin/payments: newest first (index payment_transactions_created_idx; a fan's: payment_transactions_user_idx). */
  async list(q: AdminPaymentSearch): Promise<{ data: AdminPaymentRow[]; total: number }> {
    const conds: SQL[] = [];
    if (q.userId) conds.push(eq(paymentTransactions.userId, q.userId));
    if (q.type) conds.push(eq(paymentTransactions.type, q.type));
    if (q.status) conds.push(eq(paymentTransactions.status, q.status));
    const where = conds.length ? and(...conds) : undefined;
    const dir = q.sort === 'asc' ? asc : desc;
    const col = q.sortBy === 'amount' ? paymentTransactions.amount : paymentTransactions.createdAt;
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(paymentTransactions).where(where).orderBy(dir(col), dir(paymentTransactions.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(paymentTransactions).where(where),
    ]);
    const ids = rows.map((r) => r.id);
    const [views, people, disputed] = await Promise.all([
      this.deps.payments.views(rows),
      this.people(rows.map((r) => r.userId)),
      ids.length ? this.deps.db.select({ paymentId: disputes.paymentId }).from(disputes).where(inArray(disputes.paymentId, ids)) : [],
    ]);
    const disputedIds = new Set(disputed.map((d) => d.paymentId));
    return {
      data: rows.map((r, i) => ({ ...views[i]!, fan: this.card(people.get(r.userId)), refundedAmount: fromMinor(r.refundedAmount), disputed: disputedIds.has(r.id) })),
      total: Number(n),
    };
  }

  private card(u: UserRow | undefined) {
    return u ? this.deps.users.card(u) : null;
  }

  refundViews(rows: PaymentRefundRow[], people: Map<string, UserRow>): PaymentRefund[] {
    return rows.map((r) => ({
      _id: r.id, paymentId: r.paymentId, amount: fromMinor(r.amount), status: r.status, reason: r.reason, gateway: r.gateway, gatewayRef: r.gatewayRef,
      failureMessage: r.failureMessage, createdBy: r.createdBy ? this.card(people.get(r.createdBy)) : null, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    }));
  }

  /** One refund as answered by POST /admin/payments/{id}/refunds. */
  async refundView(r: PaymentRefundRow): Promise<PaymentRefund> {
    return this.refundViews([r], await this.people([r.createdBy]))[0]!;
  }

  /** GET /admin/payments/{id}: the payment, its refunds and disputes, and what a refund may take now (or why nothing). */
  async get(id: string): Promise<AdminPayment> {
    const p = await this.deps.payments.byId(id);
    const [[view], refunds, disputeList] = await Promise.all([this.deps.payments.views([p]), this.deps.refunds.ofPayment(p.id), this.deps.disputes.ofPayment(p.id)]);
    const people = await this.people([p.userId, ...refunds.map((r) => r.createdBy)]);
    const disputed = disputeList.some((d) => d.open || d.outcome === 'lost');
    let blockedBy = refundBlock(p, disputed);
    let refundable = blockedBy ? 0 : p.amount - p.refundedAmount;
    if (!blockedBy && p.type === 'wallet_topup') {
      refundable = Math.min(refundable, await this.deps.ledger.balance(this.deps.db, wallet(p.userId)));
      if (refundable <= 0) blockedBy = "The fan's wallet is empty: this top-up has been spent, so nothing of it can be refunded";
    }
    if (!blockedBy && (await this.deps.payments.gatewayName()) !== p.gateway) {
      blockedBy = `This payment was made through ${p.gateway}, which is not the active payment gateway`;
      refundable = 0;
    }
    return {
      ...view!, fan: this.card(people.get(p.userId)), refundedAmount: fromMinor(p.refundedAmount), refundable: fromMinor(Math.max(0, refundable)), refundBlockedBy: blockedBy,
      refunds: this.refundViews(refunds, people), disputes: disputeList,
    };
  }
}
