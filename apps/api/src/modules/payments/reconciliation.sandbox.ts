import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { GatewayBalanceTransaction } from '../../platform/payments/gateway';
import { sandboxBalanceTransactions } from './reconciliation.tables';

/** One movement at the sandbox gateway (payments README "Reconciliation"), as its books keep it. */
export interface SandboxMovement {
  type: NonNullable<GatewayBalanceTransaction['kind']>;
  source: string;
  amount: number;
  fee?: number;
  currency?: string;
  description?: string;
}

/**
 * Writes a movement into the sandbox's books, in the caller's transaction — the one that records the
 * sandbox payment, refund or dispute step itself, so the books hold it exactly when that step
 * committed. Once per (type, source): a replayed step writes nothing. Its time is the database
 * transaction's (`now()`), the very time the ledger's rows of that step get, so the two books agree
 * on which day a movement belongs to whatever clock a test has moved.
 */
export async function recordSandboxMovement(tx: Tx, m: SandboxMovement): Promise<void> {
  await tx
    .insert(sandboxBalanceTransactions)
    .values({ type: m.type, source: m.source, amount: m.amount, fee: m.fee ?? 0, currency: m.currency ?? 'usd', description: m.description ?? '', createdAt: sql`now()` })
    .onConflictDoNothing();
}

/** The sandbox's balance transactions created in [from, to), as a gateway would list them (sandbox_balance_transactions_created_idx). */
export async function sandboxBalanceTransactionsIn(db: DbOrTx, range: { from: Date; to: Date }): Promise<GatewayBalanceTransaction[]> {
  const rows = await db
    .select()
    .from(sandboxBalanceTransactions)
    .where(and(gte(sandboxBalanceTransactions.createdAt, range.from), lt(sandboxBalanceTransactions.createdAt, range.to)))
    .orderBy(asc(sandboxBalanceTransactions.createdAt), asc(sandboxBalanceTransactions.id));
  return rows.map((r) => ({ id: `sbx_txn_${r.id}`, kind: r.type, ref: r.source, amount: r.amount, fee: r.fee, currency: r.currency, created: r.createdAt }));
}
