import { and, asc, eq, gt, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { disputes, paymentRefunds } from './disputes.tables';
import { paymentTransactions } from './payments.tables';

type Row = Record<string, unknown> & { id: string };
const after = (col: typeof disputes.id | typeof paymentRefunds.id | typeof paymentTransactions.id, last: string | null): SQL | undefined => (last ? gt(col, last) : undefined);

/**
 * The payments module's part of a user's personal data (privacy README "Export", "Deletion"), read
 * and written only here: the user's disputes and the refunds of their card payments for the export
 * (a page at a time, keyset on id), and what deletion does to them. Another person is never named:
 * a creator's rows do not say which fan disputed, a refund says "an operator", never which one.
 */
export class PaymentsPersonalData {
  constructor(private deps: { db: Db }) {}

  /**
   * Disputes of card payments the user made (`role: fan`: the reason, status, deadlines and the
   * evidence the site sent their bank about them) or was paid by (`role: creator`: what was held
   * back from their earnings, no fan named).
   */
  async disputesPage(userId: string, last: string | null, limit: number): Promise<Row[]> {
    const rows = await this.deps.db
      .select()
      .from(disputes)
      .where(and(or(eq(disputes.userId, userId), eq(disputes.performerId, userId)), after(disputes.id, last)))
      .orderBy(asc(disputes.id))
      .limit(limit);
    return rows.map((d) => {
      const common = {
        id: d.id, paymentId: d.paymentId, amount: d.amount, currency: d.currency, reason: d.reason, status: d.status,
        openedAt: d.createdAt, closedAt: d.closedAt, outcome: d.status === 'lost' ? 'lost' : d.reinstatedAt || d.status === 'won' || d.status === 'prevented' ? 'won' : null,
      };
      if (d.userId === userId) return { ...common, role: 'fan', dueBy: d.dueBy, takenFromWallet: d.fromWallet, evidence: d.evidence, evidenceSubmittedAt: d.evidenceSubmittedAt };
      return { ...common, role: 'creator', heldFromEarnings: d.fromEarnings };
    });
  }

  /** The user's card payments (top-ups, subscription periods) as they were made, with the client of the request that made one (kept 180 days). */
  async paymentsPage(userId: string, last: string | null, limit: number): Promise<Row[]> {
    const rows = await this.deps.db.select().from(paymentTransactions).where(and(eq(paymentTransactions.userId, userId), after(paymentTransactions.id, last))).orderBy(asc(paymentTransactions.id)).limit(limit);
    return rows.map((p) => ({
      id: p.id, type: p.type, status: p.status, gateway: p.gateway, amount: p.amount, listPrice: p.originalAmount, refunded: p.refundedAmount, description: p.description,
      failureMessage: p.failureMessage, clientIp: p.clientIp, clientDevice: p.clientDevice, createdAt: p.createdAt, updatedAt: p.updatedAt,
    }));
  }

  /** Refunds to the card of payments the user made (`role: fan`) or was paid by (`role: creator`). */
  async refundsPage(userId: string, last: string | null, limit: number): Promise<Row[]> {
    const rows = await this.deps.db
      .select({ r: paymentRefunds, payer: paymentTransactions.userId, type: paymentTransactions.type, description: paymentTransactions.description })
      .from(paymentRefunds)
      .innerJoin(paymentTransactions, eq(paymentTransactions.id, paymentRefunds.paymentId))
      .where(and(or(eq(paymentTransactions.userId, userId), eq(paymentTransactions.performerId, userId)), after(paymentRefunds.id, last)))
      .orderBy(asc(paymentRefunds.id))
      .limit(limit);
    return rows.map(({ r, payer, type, description }) => ({
      id: r.id, role: payer === userId ? 'fan' : 'creator', paymentId: r.paymentId, payment: { type, description }, amount: r.amount, status: r.status,
      ...(payer === userId ? { reason: r.reason } : {}), by: r.createdBy ? 'an operator' : 'the payment gateway', createdAt: r.createdAt, updatedAt: r.updatedAt,
    }));
  }

  /**
   * Deletion (privacy README "Deletion"), in its transaction: the disputes stay as financial records
   * (amounts, status, dates — kept as accounting law requires, like the ledger), but the evidence
   * text the site staged or sent about the deleted fan (their name, e-mail, sign-ins, purchases) is
   * cleared once the dispute is closed — the bank has decided, nothing more will be sent. Refunds
   * hold no personal data beyond the payment's key and stay.
   */
  async forgetEvidence(tx: Tx, userId: string): Promise<number> {
    // The client kept with their card payments (address, user agent) goes at once, open dispute or not.
    await tx.update(paymentTransactions).set({ clientIp: null, clientDevice: null }).where(and(eq(paymentTransactions.userId, userId), or(isNotNull(paymentTransactions.clientIp), isNotNull(paymentTransactions.clientDevice))));
    const cleared = await tx
      .update(disputes)
      .set({ evidence: {} })
      .where(and(eq(disputes.userId, userId), isNotNull(disputes.closedAt)))
      .returning({ id: disputes.id });
    return cleared.length;
  }
}
