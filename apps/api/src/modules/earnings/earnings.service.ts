import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import { earningKindOf, fromMinor, type Earning, type EarningExport, type EarningSearch, type EarningStats, type EarningStatsQuery } from '@stagepass/shared';
import { dateRange } from '../../platform/date-range';
import type { DbOrTx } from '../../db/client';
import { fieldError, forbidden, notFound } from '../../platform/errors';
import { isAdmin } from '../../platform/auth';
import { users, type UserRow } from '../users/users.tables';
import { earningsAccount } from '../ledger/ledger.service';
import { payoutRequests } from '../payouts/payouts.tables';
import { earnings, type EarningRow } from './earnings.tables';
import type { Db } from '../../db/client';
import type { LedgerService } from '../ledger/ledger.service';
import type { UsersService } from '../users/users.service';
import { containsPattern } from '../../db/like';

/** The balance figures of one creator, all time, in minor units. */
export interface BalanceFigures {
  /** Sum of the net of every sale. */
  netEarned: number;
  /** Sum of `paid` payout requests. */
  paidOut: number;
  /** Sum of `pending` + `approved` payout requests (requested, not yet paid). */
  pending: number;
  /** The earnings ledger account's balance (= netEarned − paidOut while only sales and payouts move it). */
  balance: number;
  /** balance − pending, never below 0: what a new payout request may ask for. */
  available: number;
}

type Filter = Pick<EarningStatsQuery, 'type' | 'fromDate' | 'toDate'> & { q?: string };

/** Rows per query while streaming the CSV. */
export const CSV_BATCH = 500;



/** A spreadsheet must not run what a fan typed: cells starting with = + - @ (or a tab/CR) get a leading quote. */
export const csvSafe = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const money = (minor: number) => fromMinor(minor).toFixed(2);

/** What EarningsService is built with (by the composition root, root.ts). */
export interface EarningsDeps {
  db: Db;
  ledger: LedgerService;
  users: UsersService;
}

/**
 * A creator's earnings (one row per sale, written by the ledger's recordSale): totals and a daily
 * series for the dashboard, the paginated list, and a streamed CSV export. Read-only: money moves
 * only through the ledger (sales) and the payouts module (payouts).
 */
export class EarningsService {
  constructor(private deps: EarningsDeps) {}

  /**
   * Whose figures a call reads. A creator: their own (passing someone else's performerId → 403).
   * An admin: the creator in `performerId` (404 if it is not a creator); without it, their own when
   * they are a creator too, else 400.
   */
  async resolvePerformer(user: UserRow, performerId?: string): Promise<string> {
    if (!performerId || performerId === user.id) {
      if (user.isPerformer) return user.id;
      throw fieldError('performerId', 'Choose a creator');
    }
    if (!isAdmin(user)) throw forbidden('You can only see your own earnings');
    const [u] = await this.deps.db.select({ isPerformer: users.isPerformer }).from(users).where(eq(users.id, performerId));
    if (!u?.isPerformer) throw notFound('Creator not found');
    return performerId;
  }

  /**
   * What referred creators' sales earned their referrers (modules/referrals): the `referral` rows'
   * net (refunds and disputes net out), per referrer and referred creator (key `referrer:referred`),
   * in minor units; a pair without rows is absent.
   */
  async referralEarned(referredIds: string[], db: DbOrTx = this.deps.db): Promise<Map<string, number>> {
    if (referredIds.length === 0) return new Map();
    const rows = await db
      .select({ performerId: earnings.performerId, userId: earnings.userId, net: sql<string>`sum(${earnings.net})` })
      .from(earnings)
      .where(and(eq(earnings.type, 'referral'), inArray(earnings.userId, referredIds)))
      .groupBy(earnings.performerId, earnings.userId);
    return new Map(rows.map((r) => [`${r.performerId}:${r.userId}`, Number(r.net)]));
  }

  /** A referrer's referral earnings, all time (minor units). */
  async referralTotal(referrerId: string, db: DbOrTx = this.deps.db): Promise<number> {
    const [row] = await db.select({ net: sql<string>`coalesce(sum(${earnings.net}), 0)` }).from(earnings).where(and(eq(earnings.performerId, referrerId), eq(earnings.type, 'referral')));
    return Number(row!.net);
  }

  private where(performerId: string, f: Filter): SQL {
    const conds: SQL[] = [eq(earnings.performerId, performerId), ...dateRange(earnings.createdAt, f.fromDate, f.toDate)];
    if (f.type) conds.push(eq(earnings.type, f.type));
    if (f.q) {
      const like = containsPattern(f.q);
      conds.push(or(ilike(earnings.description, like), ilike(users.username, like), ilike(users.name, like))!);
    }
    return and(...conds)!;
  }

  /** All-time balance figures (minor units). Pass the transaction that holds the earnings lock when deciding on a payout. */
  async balanceFigures(db: DbOrTx, performerId: string): Promise<BalanceFigures> {
    // One after the other: `db` may be a transaction (one connection, one query at a time).
    const [e] = await db.select({ net: sql<string>`coalesce(sum(${earnings.net}), 0)` }).from(earnings).where(eq(earnings.performerId, performerId));
    const [p] = await db
      .select({
        paid: sql<string>`coalesce(sum(${payoutRequests.amount}) filter (where ${payoutRequests.status} = 'paid'), 0)`,
        pending: sql<string>`coalesce(sum(${payoutRequests.amount}) filter (where ${payoutRequests.status} in ('pending', 'approved')), 0)`,
      })
      .from(payoutRequests)
      .where(eq(payoutRequests.performerId, performerId));
    const balance = await this.deps.ledger.balance(db, earningsAccount(performerId));
    const pending = Number(p.pending);
    return { netEarned: Number(e.net), paidOut: Number(p.paid), pending, balance, available: Math.max(0, balance - pending) };
  }

  /** A creator's gross sales, all time (refunds netted out), minor units. Index: earnings_performer_idx. */
  async grossOf(performerId: string): Promise<number> {
    const [r] = await this.deps.db.select({ gross: sql<string>`coalesce(sum(${earnings.gross}), 0)` }).from(earnings).where(eq(earnings.performerId, performerId));
    return Number(r?.gross ?? 0);
  }

  /** What a fan paid creators, all time (every sale they made, refunds netted out), minor units. Index: earnings_user_idx. */
  async spentBy(userId: string): Promise<number> {
    const [r] = await this.deps.db.select({ gross: sql<string>`coalesce(sum(${earnings.gross}), 0)` }).from(earnings).where(eq(earnings.userId, userId));
    return Number(r?.gross ?? 0);
  }

  /** GET /performer/earning/stats: gross/commission/net and the daily series over the filter; paidOut/pending/available all time. */
  async stats(performerId: string, f: EarningStatsQuery): Promise<EarningStats> {
    const where = this.where(performerId, f);
    const day = sql`date_trunc('day', ${earnings.createdAt} at time zone 'UTC')`;
    const [[totals], seriesRows, figures] = await Promise.all([
      this.deps.db
        .select({
          gross: sql<string>`coalesce(sum(${earnings.gross}), 0)`,
          commission: sql<string>`coalesce(sum(${earnings.commission}), 0)`,
          net: sql<string>`coalesce(sum(${earnings.net}), 0)`,
        })
        .from(earnings)
        .where(where),
      // One point per day from the first to the last day with a sale in the filter (days without sales are 0).
      this.deps.db.execute<{ date: string; net: string; gross: string }>(sql`
        with daily as (
          select ${day} as day, sum(${earnings.net}) as net, sum(${earnings.gross}) as gross
          from ${earnings} where ${where} group by 1
        )
        select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(daily.net, 0)::text as net, coalesce(daily.gross, 0)::text as gross
        from generate_series((select min(day) from daily), (select max(day) from daily), interval '1 day') as d(day)
        left join daily on daily.day = d.day
        order by d.day`),
      this.balanceFigures(this.deps.db, performerId),
    ]);
    return {
      gross: fromMinor(Number(totals.gross)),
      commission: fromMinor(Number(totals.commission)),
      net: fromMinor(Number(totals.net)),
      paidOut: fromMinor(figures.paidOut),
      pending: fromMinor(figures.pending),
      available: fromMinor(figures.available),
      balance: fromMinor(figures.balance),
      series: seriesRows.rows.map((r) => ({ date: String(r.date), net: fromMinor(Number(r.net)), gross: fromMinor(Number(r.gross)) })),
    };
  }

  view(r: EarningRow, u: UserRow | null): Earning {
    return {
      _id: r.id, type: r.type, kind: earningKindOf(r.source), gross: fromMinor(r.gross), commission: fromMinor(r.commission), net: fromMinor(r.net),
      commissionPercentage: r.commissionBps / 100, user: u ? this.deps.users.card(u) : null, description: r.description, createdAt: r.createdAt.toISOString(),
    };
  }

  private sortColumn(sortBy: EarningSearch['sortBy']) {
    return { createdAt: earnings.createdAt, gross: earnings.gross, net: earnings.net }[sortBy];
  }

  /** GET /performer/earning/search. */
  async search(performerId: string, q: EarningSearch): Promise<{ data: Earning[]; total: number }> {
    const where = this.where(performerId, q);
    const col = this.sortColumn(q.sortBy);
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db
        .select({ e: earnings, u: users })
        .from(earnings)
        .leftJoin(users, eq(users.id, earnings.userId))
        .where(where)
        .orderBy(q.sort === 'asc' ? asc(col) : desc(col), q.sort === 'asc' ? asc(earnings.id) : desc(earnings.id))
        .limit(q.limit)
        .offset(q.offset),
      this.deps.db.select({ n: count() }).from(earnings).leftJoin(users, eq(users.id, earnings.userId)).where(where),
    ]);
    return { data: rows.map((r) => this.view(r.e, r.u)), total: Number(n) };
  }

  /**
   * The rows of the export, batch by batch (keyset pagination on (sort column, id), CSV_BATCH rows
   * per query, each query only when the consumer wants more): memory stays flat however many rows.
   * The createdAt cursor is carried as text with microseconds (a JS Date would lose them).
   */
  async *exportRows(performerId: string, q: EarningExport): AsyncGenerator<{ e: EarningRow; u: UserRow | null }> {
    const where = this.where(performerId, q);
    const col = this.sortColumn(q.sortBy);
    const cursorExpr = q.sortBy === 'createdAt' ? sql<string>`to_char(${earnings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql<string>`${col}::text`;
    const dir = q.sort === 'asc' ? asc : desc;
    let after: { v: string; id: string } | null = null;
    for (;;) {
      const conds: SQL[] = [where];
      if (after) {
        const v = q.sortBy === 'createdAt' ? sql`${after.v}::timestamptz` : sql`${after.v}::bigint`;
        const cmp = q.sort === 'asc' ? gt : lt;
        conds.push(or(cmp(col, v), and(eq(col, v), cmp(earnings.id, after.id)))!);
      }
      const rows = await this.deps.db
        .select({ e: earnings, u: users, cursor: cursorExpr })
        .from(earnings)
        .leftJoin(users, eq(users.id, earnings.userId))
        .where(and(...conds))
        .orderBy(dir(col), dir(earnings.id))
        .limit(CSV_BATCH);
      for (const r of rows) yield { e: r.e, u: r.u };
      if (rows.length < CSV_BATCH) return;
      const last = rows[rows.length - 1];
      after = { v: String(last.cursor), id: last.e.id };
    }
  }

  /** GET /performer/earning/export/csv: a CSV stream (header row first). */
  csv(performerId: string, q: EarningExport): Readable {
    const out = stringify({
      header: true,
      columns: [
        { key: 'date', header: 'date' }, { key: 'type', header: 'type' }, { key: 'fan', header: 'fan' }, { key: 'description', header: 'description' },
        { key: 'gross', header: 'gross' }, { key: 'commission', header: 'commission' }, { key: 'net', header: 'net' }, { key: 'pct', header: 'commission %' },
      ],
    });
    const rows = this.exportRows(performerId, q);
    const source = Readable.from(
      (async function* () {
        for await (const { e, u } of rows) {
          yield {
            date: e.createdAt.toISOString(), type: e.type, fan: csvSafe(u ? u.username || u.name || '' : ''), description: csvSafe(e.description),
            gross: money(e.gross), commission: money(e.commission), net: money(e.net), pct: String(e.commissionBps / 100),
          };
        }
      })(),
    );
    source.on('error', (err) => out.destroy(err));
    return source.pipe(out);
  }
}
