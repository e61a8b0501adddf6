import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.tables';

/** One ledger movement through the site's `gateway` account (money in from cards, out through refunds and disputes). */
export interface GatewayMovement {
  reference: string;
  type: string;
  /** The change of the gateway account, minor units (money in from a card: negative). */
  amount: number;
  at: Date;
}

/**
 * The ledger's side of reconciliation (payments README "Reconciliation"), read-only: every movement
 * of the site's `gateway` account whose entry was written in [from, to), with its transaction's
 * reference (which names the business record: `payment:<id>`, `card_refund:<id>`, `dispute:<id>`…).
 * One query on ledger_entries_account_idx (account_id, created_at); an entry and its transaction
 * carry the same created_at (one database transaction's now()).
 */
export class LedgerGateway {
  constructor(private deps: { db: DbOrTx }) {}

  async movements(from: Date, to: Date): Promise<GatewayMovement[]> {
    const [account] = await this.deps.db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(and(eq(ledgerAccounts.kind, 'gateway'), isNull(ledgerAccounts.ownerId)));
    if (!account) return [];
    const rows = await this.deps.db
      .select({ reference: ledgerTransactions.reference, type: ledgerTransactions.type, amount: sql<string>`sum(${ledgerEntries.amount})`, at: sql<Date>`min(${ledgerEntries.createdAt})`.mapWith(ledgerEntries.createdAt) })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerEntries.accountId, account.id), gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
      .groupBy(ledgerTransactions.reference, ledgerTransactions.type)
      .orderBy(asc(sql`min(${ledgerEntries.createdAt})`));
    return rows.map((r) => ({ reference: r.reference, type: r.type, amount: Number(r.amount), at: r.at }));
  }
}
