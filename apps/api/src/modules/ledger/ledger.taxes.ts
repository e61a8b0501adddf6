import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.tables';

/** A sale's movement types: their taxes entries are tax collected; every other taxes entry gives tax back (refunds, disputes) or returns it (a won dispute, a failed refund). */
const SALE_TYPES = ['tip', 'purchase', 'subscription'] as const;

export interface TaxReportGroup {
  /** YYYY-MM (UTC). */
  month: string;
  country: string;
  /** '' = the whole country. */
  region: string;
  /** Minor units: tax booked by sales; tax given back by refunds and disputes (net of what came back); collected − refunded. */
  collected: number;
  refunded: number;
  net: number;
}

/**
 * The sales tax report's sums (taxes README "Sales tax"; read-only): the entries of the site's
 * `taxes` account in [from, to) — found by `ledger_entries_account_idx` (account_id, created_at) —
 * grouped in SQL by month (UTC) and by the place their movement names (`tax_country`,
 * `tax_region`: a sale's place, copied onto what reverses it).
 */
export class LedgerTaxes {
  constructor(private deps: { db: DbOrTx }) {}

  async report(from: Date, to: Date): Promise<TaxReportGroup[]> {
    const db = this.deps.db;
    const [account] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(and(eq(ledgerAccounts.kind, 'taxes'), isNull(ledgerAccounts.ownerId)));
    if (!account) return [];
    const month = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    const isSale = sql`${ledgerTransactions.type} in (${sql.join(SALE_TYPES.map((t) => sql`${t}`), sql`, `)})`;
    const rows = await db
      .select({
        month,
        country: sql<string>`coalesce(${ledgerTransactions.taxCountry}, '')`,
        region: ledgerTransactions.taxRegion,
        collected: sql<string>`coalesce(sum(case when ${isSale} then ${ledgerEntries.amount} else 0 end), 0)`,
        refunded: sql<string>`coalesce(sum(case when ${isSale} then 0 else -${ledgerEntries.amount} end), 0)`,
        net: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerEntries.accountId, account.id), gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
      .groupBy(month, ledgerTransactions.taxCountry, ledgerTransactions.taxRegion)
      .orderBy(month, ledgerTransactions.taxCountry, ledgerTransactions.taxRegion);
    return rows.map((r) => ({ month: r.month, country: r.country, region: r.region, collected: Number(r.collected), refunded: Number(r.refunded), net: Number(r.net) }));
  }
}
