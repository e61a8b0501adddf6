import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_TRANSACTION_CSV_COLUMNS, fromMinor, toMinor,
  type AdminTransaction, type AdminTransactionExport, type AdminTransactionSearch, type MoneyUser,
} from '@stagepass/shared';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { csvMoney, csvSafe } from '../../platform/csv';
import { dateRange } from '../../platform/date-range';
import { users, type UserRow } from '../users/users.tables';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, type LedgerTransactionRow } from './ledger.tables';

/** What LedgerSearch is built with (by the composition root, root.ts). */
export interface LedgerSearchDeps {
  db: Db;
  /**
   * A party's card (UsersService.card): the users module depends on the ledger (balances), so the
   * ledger names the function, not the service (no cycle).
   */
  users: { card(u: UserRow): MoneyUser };
}

/** Rows per query of the CSV export (keyset pagination). */
const CSV_BATCH = 500;

type Filters = Omit<AdminTransactionExport, 'sortBy' | 'sort'>;
interface Shaped {
  row: LedgerTransactionRow;
  entries: Array<{ kind: AdminTransaction['entries'][number]['account']; ownerId: string | null; amount: number }>;
  user: UserRow | undefined;
  performer: UserRow | undefined;
}

/**
 * The operator's view of the ledger (README.md beside this file, "The operator's view"): every
 * movement with its entries, searchable by type, item type, either party, dates and amount, as pages
 * (GET /admin/transactions) or as a streamed CSV (GET /admin/transactions/export.csv). Read-only.
 *
 * Indexed: newest first walks `ledger_transactions_created_idx`, a type filter
 * `ledger_transactions_type_idx`, a party filter the user/performer indexes (OR of the two). Each
 * page is shaped in a fixed number of queries (the page, its entries, the people).
 */
export class LedgerSearch {
  constructor(private deps: LedgerSearchDeps) {}

  private where(q: Filters): SQL | undefined {
    const t = ledgerTransactions;
    const conds: SQL[] = [...dateRange(t.createdAt, q.fromDate, q.toDate)];
    if (q.type) conds.push(eq(t.type, q.type));
    if (q.itemType) conds.push(eq(t.itemType, q.itemType));
    if (q.userId) conds.push(or(eq(t.userId, q.userId), eq(t.performerId, q.userId))!);
    if (q.minAmount !== undefined) conds.push(gte(t.amount, toMinor(q.minAmount)));
    if (q.maxAmount !== undefined) conds.push(lte(t.amount, toMinor(q.maxAmount)));
    if (q.q) conds.push(or(ilike(t.description, containsPattern(q.q)), ilike(t.reference, containsPattern(q.q)))!);
    return conds.length ? and(...conds) : undefined;
  }

  private sortColumn(sortBy: AdminTransactionExport['sortBy']) {
    return sortBy === 'amount' ? ledgerTransactions.amount : ledgerTransactions.createdAt;
  }

  /** GET /admin/transactions: one page and the total. */
  async search(q: AdminTransactionSearch): Promise<{ data: AdminTransaction[]; total: number }> {
    const where = this.where(q);
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.deps.db.select().from(ledgerTransactions).where(where).orderBy(dir(this.sortColumn(q.sortBy)), dir(ledgerTransactions.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(ledgerTransactions).where(where),
    ]);
    return { data: (await this.shape(rows)).map((s) => this.view(s)), total: Number(total?.n ?? 0) };
  }

  /** Rows with their entries and people, in two queries whatever the number of rows. */
  private async shape(rows: LedgerTransactionRow[]): Promise<Shaped[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const peopleIds = [...new Set(rows.flatMap((r) => [r.userId, r.performerId]).filter((x): x is string => Boolean(x)))];
    const [entries, people] = await Promise.all([
      this.deps.db
        .select({ transactionId: ledgerEntries.transactionId, kind: ledgerAccounts.kind, ownerId: ledgerAccounts.ownerId, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(inArray(ledgerEntries.transactionId, ids))
        .orderBy(asc(ledgerEntries.id)),
      peopleIds.length ? this.deps.db.select().from(users).where(inArray(users.id, peopleIds)) : Promise.resolve([] as UserRow[]),
    ]);
    const byTx = new Map<string, Shaped['entries']>();
    for (const e of entries) {
      const list = byTx.get(e.transactionId) ?? [];
      list.push({ kind: e.kind, ownerId: e.ownerId, amount: e.amount });
      byTx.set(e.transactionId, list);
    }
    const person = new Map(people.map((u) => [u.id, u]));
    return rows.map((row) => ({ row, entries: byTx.get(row.id) ?? [], user: row.userId ? person.get(row.userId) : undefined, performer: row.performerId ? person.get(row.performerId) : undefined }));
  }

  /** The sum of a movement's entries on accounts of one kind (minor units). */
  private static sumOf(entries: Shaped['entries'], kind: string): number {
    return entries.reduce((s, e) => (e.kind === kind ? s + e.amount : s), 0);
  }

  private view({ row, entries, user, performer }: Shaped): AdminTransaction {
    return {
      _id: row.id, type: row.type, itemType: row.itemType, reference: row.reference, description: row.description,
      amount: fromMinor(row.amount), commission: fromMinor(LedgerSearch.sumOf(entries, 'commission')), net: fromMinor(LedgerSearch.sumOf(entries, 'earnings')),
      userId: row.userId, user: user ? this.deps.users.card(user) : null, performerId: row.performerId, performer: performer ? this.deps.users.card(performer) : null,
      entries: entries.map((e) => ({ account: e.kind, ownerId: e.ownerId, amount: fromMinor(e.amount) })),
      createdAt: row.createdAt.toISOString(),
    };
  }

  /**
   * The export's rows, batch by batch: keyset pagination on (sort column, id), CSV_BATCH rows per
   * query, each query only when the consumer wants more — memory stays flat however many rows. The
   * createdAt cursor is carried as text with microseconds (a JS Date would drop them).
   */
  async *exportRows(q: AdminTransactionExport): AsyncGenerator<Shaped> {
    const where = this.where(q);
    const col = this.sortColumn(q.sortBy);
    const t = ledgerTransactions;
    const cursorExpr = q.sortBy === 'amount' ? sql<string>`${t.amount}::text` : sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    const dir = q.sort === 'asc' ? asc : desc;
    const cmp = q.sort === 'asc' ? gt : lt;
    let after: { v: string; id: string } | null = null;
    for (;;) {
      const conds: Array<SQL | undefined> = [where];
      if (after) {
        const v = q.sortBy === 'amount' ? sql`${after.v}::bigint` : sql`${after.v}::timestamptz`;
        conds.push(or(cmp(col, v), and(eq(col, v), cmp(t.id, after.id))));
      }
      const rows = await this.deps.db.select({ row: t, cursor: cursorExpr }).from(t).where(and(...conds)).orderBy(dir(col), dir(t.id)).limit(CSV_BATCH);
      for (const s of await this.shape(rows.map((r) => r.row))) yield s;
      if (rows.length < CSV_BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { v: String(last.cursor), id: last.row.id };
    }
  }

  /** GET /admin/transactions/export.csv: a CSV stream, header row first (ADMIN_TRANSACTION_CSV_COLUMNS). */
  csv(q: AdminTransactionExport): Readable {
    const out = stringify({ header: true, columns: ADMIN_TRANSACTION_CSV_COLUMNS.map((c) => ({ key: c, header: c })) });
    const rows = this.exportRows(q);
    const who = (u: UserRow | undefined) => csvSafe(u ? u.username || u.name || u.id : '');
    const source = Readable.from(
      (async function* () {
        for await (const s of rows) {
          const line: Record<(typeof ADMIN_TRANSACTION_CSV_COLUMNS)[number], string> = {
            date: s.row.createdAt.toISOString(), id: s.row.id, type: s.row.type, item: s.row.itemType ?? '', reference: s.row.reference,
            description: csvSafe(s.row.description), user: who(s.user), creator: who(s.performer),
            amount: csvMoney(s.row.amount), commission: csvMoney(LedgerSearch.sumOf(s.entries, 'commission')), 'creator net': csvMoney(LedgerSearch.sumOf(s.entries, 'earnings')),
          };
          yield line;
        }
      })(),
    );
    source.on('error', (err) => out.destroy(err));
    return source.pipe(out);
  }
}
