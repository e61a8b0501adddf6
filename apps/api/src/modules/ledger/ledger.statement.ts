import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { earnings } from '../earnings/earnings.tables';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from './ledger.tables';

/**
 * What a creator's statement is summed from (read-only; the statement itself is built by the
 * earnings module, earnings/statements.service.ts): the movements of the creator's earnings
 * account in a period, each joined to its ledger transaction (type, reference) and, when it has
 * one, to the earnings row the ledger wrote with it (gross, commission, what was sold, the
 * source's prefix: a sale, a refund, a dispute…). The earnings rows are the ledger's own writes
 * (README, "The documented exception"), so the ledger reads them here.
 *
 * Indexes: ledger_entries_account_idx (account_id, created_at) for the period's entries and the
 * opening balance; earnings_ledger_tx_idx for the join. A ledger entry, its transaction and its
 * earnings row carry the same created_at (one database transaction's now()).
 */
export interface StatementGroup {
  /** YYYY-MM (UTC). */
  month: string;
  /** The ledger transaction's type: tip, subscription, purchase, payout, refund, dispute… */
  txType: string;
  /** What was sold (earnings.type), null without an earnings row. */
  itemType: string | null;
  /** The earnings row's source prefix (wallet_charge, payment, refund, card_refund, dispute, dispute_won…), null without one. */
  sourceKind: string | null;
  count: number;
  /** The change of the creator's earnings balance, minor units. */
  net: number;
  gross: number;
  commission: number;
}

export interface StatementMovement {
  id: string;
  /** ISO 8601 UTC with microseconds (also the keyset cursor). */
  at: string;
  amount: number;
  txType: string;
  reference: string;
  description: string;
  itemType: string | null;
  sourceKind: string | null;
  gross: number | null;
  commission: number | null;
}

type MovementRow = { id: string; at: string; amount: string; tx_type: string | null; reference: string | null; description: string | null; item_type: string | null; source_kind: string | null; gross: string | null; commission: string | null };

/** About how many movements one query reads while a statement's CSV streams. */
export const MOVEMENT_BATCH = 10_000;

const AT = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export class LedgerStatements {
  /** `batch`: about how many movements one query reads (tests use a few to cross slices). */
  constructor(private deps: { db: DbOrTx; batch?: number }) {}

  /** The creator's earnings account id, or null when nothing ever moved it. */
  private async account(db: DbOrTx, performerId: string): Promise<string | null> {
    const [a] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(and(eq(ledgerAccounts.kind, 'earnings'), eq(ledgerAccounts.ownerId, performerId)));
    return a?.id ?? null;
  }

  /**
   * The opening balance at `from` and the period's movements grouped by month, transaction type,
   * item type and source prefix — in ONE statement, so both see the same snapshot. The opening
   * balance is the account's running balance minus every entry since `from` (cheaper than summing
   * all history, and exact: the balance is the sum of the entries).
   */
  async summary(performerId: string, from: Date, to: Date): Promise<{ opening: number; groups: StatementGroup[] }> {
    const db = this.deps.db;
    const acc = await this.account(db, performerId);
    if (!acc) return { opening: 0, groups: [] };
    const fromIso = from.toISOString();
    const toIso = to.toISOString();
    const { rows } = await db.execute<{ opening: string; month: string | null; tx_type: string | null; item_type: string | null; source_kind: string | null; n: number | null; net: string | null; gross: string | null; commission: string | null }>(sql`
      with op as (
        select ${ledgerAccounts.balance} - coalesce((select sum(${ledgerEntries.amount}) from ${ledgerEntries} where ${ledgerEntries.accountId} = ${acc} and ${ledgerEntries.createdAt} >= ${fromIso}::timestamptz), 0) as opening
        from ${ledgerAccounts} where ${ledgerAccounts.id} = ${acc}
      ), g as (
        select to_char(date_trunc('month', ${ledgerEntries.createdAt} at time zone 'UTC'), 'YYYY-MM') as month,
               ${ledgerTransactions.type} as tx_type, ${earnings.type} as item_type, split_part(${earnings.source}, ':', 1) as source_kind,
               count(*)::int as n, sum(${ledgerEntries.amount})::text as net,
               coalesce(sum(${earnings.gross}), 0)::text as gross, coalesce(sum(${earnings.commission}), 0)::text as commission
        from ${ledgerEntries}
        join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerEntries.transactionId}
        left join ${earnings} on ${earnings.ledgerTransactionId} = ${ledgerEntries.transactionId} and ${earnings.performerId} = ${performerId}
        where ${ledgerEntries.accountId} = ${acc} and ${ledgerEntries.createdAt} >= ${fromIso}::timestamptz and ${ledgerEntries.createdAt} < ${toIso}::timestamptz
        group by 1, 2, 3, 4
      )
      select op.opening::text as opening, g.* from op left join g on true order by g.month, g.tx_type, g.item_type, g.source_kind`);
    const opening = Number(rows[0]?.opening ?? 0);
    const groups = rows
      .filter((r) => r.month !== null)
      .map((r) => ({
        month: r.month!, txType: r.tx_type!, itemType: r.item_type, sourceKind: r.source_kind || null,
        count: Number(r.n), net: Number(r.net), gross: Number(r.gross), commission: Number(r.commission),
      }));
    return { opening, groups };
  }

  /**
   * The period's movements oldest first, a slice (an array) of about MOVEMENT_BATCH at a time: one
   * pass over the index first finds where each slice starts (every MOVEMENT_BATCH-th entry's
   * timestamp), then each slice is read on its own bounded range [start, next start) — only when
   * the consumer wants more, so memory stays flat and other queries run between slices (PGlite has
   * one connection). Entries sharing a timestamp always fall in the same slice; within one, ties
   * are ordered by id.
   * The transaction and the earnings row are joined on the slice's range too (they carry their
   * entry's created_at: one database transaction's now()), so each slice's joins touch that slice
   * only (ledger_transactions_created_idx, earnings_performer_idx) — and as LEFT joins: an entry is
   * always listed, with its exact amount, whatever its labels.
   */
  async *movements(performerId: string, from: Date, to: Date): AsyncGenerator<StatementMovement[]> {
    const db = this.deps.db;
    const acc = await this.account(db, performerId);
    if (!acc) return;
    const inPeriod = sql`${ledgerEntries.accountId} = ${acc} and ${ledgerEntries.createdAt} >= ${from.toISOString()}::timestamptz and ${ledgerEntries.createdAt} < ${to.toISOString()}::timestamptz`;
    const { rows: starts } = await db.execute<{ at: string }>(sql`
      select at from (
        select ${AT} as at, row_number() over (order by ${ledgerEntries.createdAt}) as rn from ${ledgerEntries} where ${inPeriod}
      ) s where (rn - 1) % ${this.deps.batch ?? MOVEMENT_BATCH} = 0 order by rn`);
    const bounds = [...starts.map((r) => r.at), to.toISOString()];
    for (let i = 0; i + 1 < bounds.length; i++) {
      if (bounds[i] === bounds[i + 1]) continue; // one timestamp spanning slices: read with the first
      const [lo, hi] = [bounds[i]!, bounds[i + 1]!];
      const { rows }: { rows: MovementRow[] } = await db.execute<MovementRow>(sql`
        select ${ledgerEntries.id} as id, ${AT} as at, ${ledgerEntries.amount}::text as amount, ${ledgerTransactions.type} as tx_type,
               ${ledgerTransactions.reference} as reference, ${ledgerTransactions.description} as description,
               ${earnings.type} as item_type, split_part(${earnings.source}, ':', 1) as source_kind, ${earnings.gross}::text as gross, ${earnings.commission}::text as commission
        from ${ledgerEntries}
        left join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerEntries.transactionId} and ${ledgerTransactions.createdAt} >= ${lo}::timestamptz and ${ledgerTransactions.createdAt} < ${hi}::timestamptz
        left join ${earnings} on ${earnings.ledgerTransactionId} = ${ledgerEntries.transactionId} and ${earnings.performerId} = ${performerId}
          and ${earnings.createdAt} >= ${lo}::timestamptz and ${earnings.createdAt} < ${hi}::timestamptz
        where ${inPeriod} and ${ledgerEntries.createdAt} >= ${lo}::timestamptz and ${ledgerEntries.createdAt} < ${hi}::timestamptz
        order by ${ledgerEntries.createdAt}, ${ledgerEntries.id}`);
      yield rows.map((r) => ({
        id: r.id, at: r.at, amount: Number(r.amount), txType: r.tx_type ?? 'other', reference: r.reference ?? '', description: r.description ?? '',
        itemType: r.item_type, sourceKind: r.source_kind || null, gross: r.gross === null ? null : Number(r.gross), commission: r.commission === null ? null : Number(r.commission),
      }));
    }
  }
}
