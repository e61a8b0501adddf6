import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { earnings } from '../earnings/earnings.tables';
import { saleTaxes, stripeTaxReversals } from '../taxes/tax-rules.tables';
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

  /**
   * Movements that gave back tax of a sale taxed by Stripe Tax and recorded at Stripe, not yet
   * reversed there (taxes README "Stripe Tax"): their earnings row (a refund's, a dispute's: tax
   * < 0), what they gave back (tax included) and what the fan paid for the sale. Oldest first.
   */
  async stripeTaxGiveBacks(limit: number): Promise<Array<{ earningId: string; source: string; saleSource: string; transactionId: string; givenBack: number; salePaid: number }>> {
    const sale = alias(earnings, 'sale');
    const rows = await this.deps.db
      .select({ earningId: earnings.id, source: earnings.source, saleSource: sale.source, transactionId: saleTaxes.stripeTransactionId, gross: earnings.gross, tax: earnings.tax, saleGross: sale.gross, saleTax: sale.tax })
      .from(earnings)
      .innerJoin(sale, eq(sale.id, earnings.reversesId))
      .innerJoin(saleTaxes, and(eq(saleTaxes.source, sale.source), eq(saleTaxes.provider, 'stripe_tax'), isNotNull(saleTaxes.stripeTransactionId)))
      .leftJoin(stripeTaxReversals, eq(stripeTaxReversals.earningId, earnings.id))
      .where(and(sql`${earnings.tax} < 0`, isNull(stripeTaxReversals.earningId)))
      .orderBy(asc(earnings.createdAt))
      .limit(limit);
    return rows.map((r) => ({ earningId: r.earningId, source: r.source, saleSource: r.saleSource, transactionId: r.transactionId!, givenBack: -(r.gross + r.tax), salePaid: r.saleGross + r.saleTax }));
  }
}
