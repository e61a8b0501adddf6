import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGES, channelOfType, fromMinor, type EarningChannel, type EarningType } from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { CommitHooks } from '../../platform/commit-hooks';
import type { Events } from '../../platform/events';
import type { Realtime } from '../../platform/realtime';
import type { SettingsService } from '../settings/settings.service';
import { HttpError, unprocessable } from '../../platform/errors';
import { performerPricing } from '../performers/performers.tables';
import { earnings, type EarningRow } from '../earnings/earnings.tables';
import { insertEarning, type NewEarning } from './ledger.earning-rows';
import {
  USER_ACCOUNT_KINDS, ledgerAccounts, ledgerEntries, ledgerTransactions,
  type LedgerAccountKind, type LedgerTransactionRow, type LedgerTxType,
} from './ledger.tables';
import { negate, reverseCardSale, saleLeft, type CardSaleReversal, type CardSaleReversed, type Negation } from './ledger.reversals';
import { metrics } from '../../platform/metrics';

export interface AccountRef { kind: LedgerAccountKind; ownerId: string | null }
export interface Posting {
  account: AccountRef;
  amount: number;
  /**
   * A creator's earnings may go below zero through this posting (a dispute, a refund to the card:
   * money that already left the site); recovered from later sales, and no payout pays a balance
   * that does not cover it. Earnings accounts only — a wallet never goes below zero.
   */
  overdraft?: boolean;
}
export interface PostInput {
  type: LedgerTxType;
  reference: string;
  description?: string;
  postings: Posting[];
  /** The paying fan when no wallet of theirs moves (a card sale); otherwise the wallet's owner. */
  userId?: string | null;
  /** What a sale (or the sale a refund reverses) was for. */
  itemType?: EarningType | null;
  /** A movement of the `taxes` account: where the sale was taxed (the tax report groups by it). */
  taxPlace?: TaxPlace | null;
}
/** A sale's tax place: ISO country and US state / Canadian province ('' = the whole country). */
export interface TaxPlace { country: string; region: string }
/** A sale's sales tax (taxes README "Sales tax"): the amount, on top of the sale's gross, and where. */
export interface SaleTax extends TaxPlace { amount: number }

export const wallet = (userId: string): AccountRef => ({ kind: 'wallet', ownerId: userId });
export const earningsAccount = (performerId: string): AccountRef => ({ kind: 'earnings', ownerId: performerId });
export const SITE = {
  commission: { kind: 'commission', ownerId: null } as AccountRef,
  gateway: { kind: 'gateway', ownerId: null } as AccountRef,
  payouts: { kind: 'payouts', ownerId: null } as AccountRef,
  /** What open disputes put at stake (a top-up's spent part): back when won, to `losses` when lost. */
  disputes: { kind: 'disputes', ownerId: null } as AccountRef,
  /** The site's dispute costs: the gateways' fees and lost disputes' spent parts. */
  losses: { kind: 'losses', ownerId: null } as AccountRef,
  /** Sales tax collected for the tax authorities (never the creator's nor the commission); refunds and disputes give it back. */
  taxes: { kind: 'taxes', ownerId: null } as AccountRef,
};

/** A refund whose net the creator's earnings no longer hold (paid out): 422, nothing moves. */
export const REFUND_EXCEEDS_EARNINGS = "The creator's earnings balance is too low to refund this sale (it has already been paid out)";

/** Thrown (as a 422) when a posting would take a wallet or earnings account below zero; the whole transaction rolls back. */
export const insufficientBalance = () => unprocessable(MESSAGES.insufficientBalance);

/**
 * Commission on `gross` at `bps` basis points (20% = 2000), rounded half up to the minor unit;
 * the creator's net is the rest, so gross = commission + net exactly.
 */
export function splitCommission(gross: number, bps: number): { commission: number; net: number } {
  if (!Number.isSafeInteger(gross) || gross < 0) throw new RangeError('gross must be a non-negative integer of minor units');
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) throw new RangeError('bps must be an integer in 0..10000');
  const commission = Math.floor((gross * bps + 5_000) / 10_000);
  return { commission, net: gross - commission };
}
/** A percentage (20, 12.5) as basis points. */
export const percentToBps = (p: number) => Math.round(p * 100);

/**
 * Creator referrals (modules/referrals, commerce layer, above this one): the referrer's share of a
 * sale's commission, decided inside the sale's transaction. Declared here, filled by the
 * composition root. Null: no referral pays on this sale.
 */
export interface ReferralShares {
  shareOf(tx: Tx, performerId: string, commission: number): Promise<{ referrerId: string; amount: number; shareBps: number } | null>;
}
/** The source of the referral earnings row that goes with a sale's (or a reversal's) row. */
export const referralSource = (source: string) => `referral:${source}`;

/** What LedgerService is built with (by the composition root, root.ts). */
export interface LedgerDeps {
  /** Creator referrals' share of a sale's commission (none when absent: scripts, some tests). */
  referrals?: ReferralShares;
  settings: SettingsService;
  /** For the balance push after a movement commits (the platform's hooked database and its hooks). */
  db: Db;
  commits: CommitHooks;
  /** Each earnings row's `earning.recorded` (ledger.earning-rows.ts). */
  events: Pick<Events, 'record'>;
  realtime: Pick<Realtime, 'toUser'>;
  log: FastifyBaseLogger;
}

/**
 * The ledger: the only code that moves money. See ledger.tables.ts for the model.
 *
 * Balances: user accounts (wallet, earnings) keep a running balance updated by a conditional
 * UPDATE (`balance + amount >= 0`) inside the caller's transaction — the row lock serialises
 * concurrent spends of one wallet, and a spend that does not fit updates nothing and aborts the
 * transaction. The site's own accounts (commission, gateway, payouts) are the sum of their entries,
 * computed on demand, so that every sale on the site does not queue on one hot row.
 *
 * Every movement of a user account (wallet or earnings) pushes the owner their new balance
 * ('wallet/balance', the unit of the user view's `balance`) once the caller's transaction commits:
 * the one place balances move, so no route has to remember it.
 */
export class LedgerService {
  constructor(private deps: LedgerDeps) {}

  /**
   * Ids of the accounts, created on first use: one read when they all exist (every sale after an
   * account's first), else the missing ones inserted (a concurrent first use of the same account
   * waits on its unique key and inserts nothing) and read again.
   */
  async accountIds(tx: DbOrTx, refs: AccountRef[]): Promise<Map<string, string>> {
    const key = (r: AccountRef) => `${r.kind}:${r.ownerId ?? ''}`;
    const unique = [...new Map(refs.map((r) => [key(r), r])).values()];
    const read = async (list: AccountRef[]) => {
      const conds = list.map((r) => and(eq(ledgerAccounts.kind, r.kind), r.ownerId ? eq(ledgerAccounts.ownerId, r.ownerId) : isNull(ledgerAccounts.ownerId)));
      return tx.select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, ownerId: ledgerAccounts.ownerId }).from(ledgerAccounts).where(or(...conds));
    };
    const found = new Map((await read(unique)).map((r) => [key(r), r.id]));
    const missing = unique.filter((r) => !found.has(key(r)));
    if (!missing.length) return found;
    await tx.insert(ledgerAccounts).values(missing.map((r) => ({ kind: r.kind, ownerId: r.ownerId }))).onConflictDoNothing();
    for (const r of await read(missing)) found.set(key(r), r.id);
    return found;
  }

  /**
   * Writes one balanced movement inside `tx`. Sum of postings must be 0 (a programming error
   * otherwise). A user account that would go below zero → 422 insufficient balance.
   */
  async post(tx: Tx, input: PostInput): Promise<LedgerTransactionRow> {
    const postings = input.postings.filter((p) => p.amount !== 0);
    if (postings.some((p) => !Number.isSafeInteger(p.amount))) throw new Error('ledger: amounts must be integers of minor units');
    if (postings.reduce((s, p) => s + p.amount, 0) !== 0) throw new Error(`ledger: unbalanced transaction ${input.reference}`);
    if (postings.length < 2) throw new Error('ledger: a movement needs two accounts');
    if (postings.some((p) => p.overdraft && p.account.kind !== 'earnings')) throw new Error('ledger: only an earnings account may be overdrawn');
    const ids = await this.accountIds(tx, postings.map((p) => p.account));
    const withIds = postings.map((p) => ({ ...p, accountId: ids.get(`${p.account.kind}:${p.account.ownerId ?? ''}`)! }));
    // Lock user accounts in one order (by id) so that concurrent movements cannot deadlock.
    for (const p of [...withIds].sort((a, b) => a.accountId.localeCompare(b.accountId))) {
      if (!USER_ACCOUNT_KINDS.includes(p.account.kind)) continue;
      const updated = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${p.amount}` })
        .where(and(eq(ledgerAccounts.id, p.accountId), p.overdraft ? undefined : sql`${ledgerAccounts.balance} + ${p.amount} >= 0`))
        .returning({ id: ledgerAccounts.id });
      if (updated.length === 0) throw insufficientBalance();
    }
    const moved = withIds.filter((p) => USER_ACCOUNT_KINDS.includes(p.account.kind)).map((p) => p.accountId);
    if (moved.length && !this.deps.commits.afterCommit(tx, () => this.pushBalances(moved))) {
      this.deps.log.warn({ reference: input.reference }, 'ledger movement outside a hooked transaction: balance not pushed');
    }
    // The search columns (GET /admin/transactions): the amount that moved and the parties.
    const owner = (kind: LedgerAccountKind) => postings.find((p) => p.account.kind === kind)?.account.ownerId ?? null;
    const [row] = await tx
      .insert(ledgerTransactions)
      .values({
        type: input.type, reference: input.reference, description: input.description ?? '',
        amount: postings.reduce((sum, p) => (p.amount > 0 ? sum + p.amount : sum), 0),
        userId: input.userId ?? owner('wallet'), performerId: owner('earnings'), itemType: input.itemType ?? null,
        taxCountry: input.taxPlace?.country ?? null, taxRegion: input.taxPlace?.region ?? '',
      })
      .returning();
    await tx.insert(ledgerEntries).values(withIds.map((p) => ({ transactionId: row.id, accountId: p.accountId, amount: p.amount })));
    // Counted once the movement commits (platform/metrics.ts): by type, and the money it moved.
    const counted = async () => {
      metrics.ledgerMovements.inc({ type: input.type });
      metrics.ledgerAmount.inc({ type: input.type }, row.amount);
    };
    if (!this.deps.commits.afterCommit(tx, counted)) void counted();
    return row;
  }

  /**
   * After a commit: each moved user account's owner gets its balance as it is now (read fresh, so
   * of two movements committed close together the last push carries the last balance). The user
   * view's `balance` is the wallet for fans and the earnings account for creators, each the only
   * user account its owner has. Never throws (an after-commit hook).
   */
  private async pushBalances(accountIds: string[]): Promise<void> {
    try {
      const rows = await this.deps.db
        .select({ ownerId: ledgerAccounts.ownerId, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, [...new Set(accountIds)]));
      for (const r of rows) if (r.ownerId) this.deps.realtime.toUser(r.ownerId, 'wallet/balance', { balance: fromMinor(r.balance) });
    } catch (err) {
      this.deps.log.warn({ err }, 'balance push failed');
    }
  }

  /**
   * Locks one user account's row for the rest of `tx` (created on first use) and answers its
   * balance: a decision on it (how much of a wallet a dispute or a refund may take) and the
   * posting that follows then see the same money.
   */
  async lockedBalance(tx: Tx, ref: AccountRef): Promise<number> {
    const ids = await this.accountIds(tx, [ref]);
    const [row] = await tx.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, ids.get(`${ref.kind}:${ref.ownerId ?? ''}`)!)).for('update');
    return row!.balance;
  }

  /** Takes back `amount` of a card sale's split (refund to the card, dispute): ledger.reversals.ts. */
  reverseCardSale(tx: Tx, r: CardSaleReversal): Promise<CardSaleReversed> {
    return reverseCardSale(this, tx, r);
  }

  /** What is left of a card sale's gross after refunds and disputes (0: no sale): ledger.reversals.ts. */
  saleLeft(tx: Tx, saleSource: string): Promise<number> {
    return saleLeft(tx, saleSource);
  }

  /** Posts the exact opposite of a movement (and of its earnings row): ledger.reversals.ts. */
  negate(tx: Tx, n: Negation): Promise<LedgerTransactionRow> {
    return negate(this, tx, n);
  }

  /** Balance of one user account (minor units), 0 when it was never used. */
  async balance(db: DbOrTx, ref: AccountRef): Promise<number> {
    const [row] = await db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, ref.kind), ref.ownerId ? eq(ledgerAccounts.ownerId, ref.ownerId) : isNull(ledgerAccounts.ownerId)));
    if (!row) return 0;
    if (USER_ACCOUNT_KINDS.includes(ref.kind)) return row.balance;
    const [sum] = await db.select({ s: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries).innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId)).where(and(eq(ledgerAccounts.kind, ref.kind), isNull(ledgerAccounts.ownerId)));
    return Number(sum.s);
  }

  /** Balances of several users' accounts of one kind in one query (for lists and /users/me). */
  async balances(db: DbOrTx, kind: 'wallet' | 'earnings', ownerIds: string[]): Promise<Map<string, number>> {
    if (ownerIds.length === 0) return new Map();
    const rows = await db.select({ ownerId: ledgerAccounts.ownerId, balance: ledgerAccounts.balance }).from(ledgerAccounts).where(and(eq(ledgerAccounts.kind, kind), inArray(ledgerAccounts.ownerId, ownerIds)));
    return new Map(rows.map((r) => [r.ownerId!, r.balance]));
  }

  /** The commission rate for a creator's sales: their override when set (0 included), else the site default. */
  async commissionBps(db: DbOrTx, performerId: string): Promise<number> {
    const [row] = await db.select({ bps: performerPricing.commissionBps }).from(performerPricing).where(eq(performerPricing.userId, performerId));
    if (row && row.bps !== null) return row.bps;
    return percentToBps((await this.deps.settings.all(db)).commissionPercentage);
  }

  /**
   * A sale: `gross` (+ its sales `tax`, when taxed) leaves the payer's side (`from`: their wallet,
   * or the gateway for card payments), the creator's earnings get the net and the site the
   * commission — both on `gross` only — and the site's `taxes` account the tax; the earnings row
   * records the split and the tax. A sale of 0 (a 100% coupon) moves nothing and answers null. One
   * call, inside the caller's transaction with the business record.
   */
  async recordSale(
    tx: Tx,
    sale: { performerId: string; userId: string | null; type: EarningType; channel?: EarningChannel; source: string; gross: number; description: string; from: AccountRef; ledgerType: LedgerTxType; tax?: SaleTax | null },
  ): Promise<{ ledgerTx: LedgerTransactionRow; earning: EarningRow } | null> {
    const tax = sale.tax?.amount ?? 0;
    if (!Number.isSafeInteger(tax) || tax < 0) throw new RangeError('tax must be a non-negative integer of minor units');
    if (sale.gross === 0 && tax === 0) return null;
    const bps = await this.commissionBps(tx, sale.performerId);
    const { commission, net } = splitCommission(sale.gross, bps);
    // A referred creator's sale: the referrer's share comes out of the site's commission, in this
    // same movement (so every reversal of the sale takes it back with it: ledger.reversals.ts).
    const referral = commission > 0 && this.deps.referrals ? await this.deps.referrals.shareOf(tx, sale.performerId, commission) : null;
    const share = referral && referral.amount > 0 ? referral.amount : 0;
    const ledgerTx = await this.post(tx, {
      type: sale.ledgerType,
      reference: sale.source,
      description: sale.description,
      userId: sale.userId,
      itemType: sale.type,
      taxPlace: tax > 0 ? { country: sale.tax!.country, region: sale.tax!.region } : null,
      postings: [
        { account: sale.from, amount: -(sale.gross + tax) },
        { account: earningsAccount(sale.performerId), amount: net },
        { account: SITE.commission, amount: commission - share },
        { account: SITE.taxes, amount: tax },
        ...(share > 0 ? [{ account: earningsAccount(referral!.referrerId), amount: share }] : []),
      ],
    });
    const earning = await this.writeEarning(tx, {
      performerId: sale.performerId, userId: sale.userId, type: sale.type, channel: sale.channel ?? channelOfType(sale.type), source: sale.source, gross: sale.gross, commission, net, tax, commissionBps: bps,
      description: sale.description, ledgerTransactionId: ledgerTx.id,
    });
    if (share > 0) {
      // The referrer's row: no gross of its own, the share out of the commission (commission −share,
      // net +share), the referred creator as its `user`, the share's rate as its rate.
      await this.writeEarning(tx, {
        performerId: referral!.referrerId, userId: sale.performerId, type: 'referral', channel: 'referral', source: referralSource(sale.source), gross: 0, commission: -share, net: share, tax: 0,
        commissionBps: referral!.shareBps, description: `Referral share: ${sale.description}`, ledgerTransactionId: ledgerTx.id,
      });
    }
    return { ledgerTx, earning };
  }

  /** Writes one earnings row with its `earning.recorded` event (ledger.earning-rows.ts); the reversals use it too. */
  writeEarning(tx: Tx, values: NewEarning): Promise<EarningRow> {
    return insertEarning(tx, this.deps.events, values);
  }

  /** Where a movement was taxed (its `tax_country`/`tax_region`), for the movements that reverse it. */
  async taxPlaceOf(tx: DbOrTx, ledgerTransactionId: string): Promise<TaxPlace | null> {
    const [row] = await tx.select({ country: ledgerTransactions.taxCountry, region: ledgerTransactions.taxRegion }).from(ledgerTransactions).where(eq(ledgerTransactions.id, ledgerTransactionId));
    return row?.country ? { country: row.country, region: row.region } : null;
  }

  /**
   * The refund of a wallet sale (`source` = `wallet_charge:<id>`): the exact opposite of the
   * original split, read from its earnings row — the payer's wallet gets the gross back, the
   * creator's earnings give back the net and the site's commission the commission — posted as a
   * 'refund' transaction with the unique reference `refund:<source>` (a second refund of the same
   * sale is a unique violation: the caller's transaction fails), plus a negative earnings row
   * (source `refund:<source>`, same type and rate) so the creator's totals and statements net it
   * out. The creator's earnings balance must cover the net (not yet paid out): otherwise 422 and
   * nothing moves. One call, inside the caller's transaction with the business record.
   */
  async recordRefund(tx: Tx, refund: { source: string; description: string }): Promise<{ ledgerTx: LedgerTransactionRow; earning: EarningRow }> {
    const [sale] = await tx.select().from(earnings).where(eq(earnings.source, refund.source));
    if (!sale || !sale.userId || sale.gross + sale.tax <= 0) throw unprocessable('This sale moved no money, so there is nothing to refund');
    // The referrer's share of the sale comes back too (it may take their earnings below zero: paid out already).
    const [ref] = await tx.select().from(earnings).where(eq(earnings.source, referralSource(refund.source)));
    const share = ref?.net ?? 0;
    let ledgerTx: LedgerTransactionRow;
    try {
      ledgerTx = await this.post(tx, {
        type: 'refund',
        reference: `refund:${refund.source}`,
        description: refund.description,
        itemType: sale.type,
        taxPlace: sale.tax > 0 ? await this.taxPlaceOf(tx, sale.ledgerTransactionId) : null,
        postings: [
          // The fan gets back all they paid, the sales tax included (it leaves the taxes account).
          { account: wallet(sale.userId), amount: sale.gross + sale.tax },
          { account: earningsAccount(sale.performerId), amount: -sale.net },
          { account: SITE.commission, amount: -(sale.commission - share) },
          { account: SITE.taxes, amount: -sale.tax },
          ...(ref && share !== 0 ? [{ account: earningsAccount(ref.performerId), amount: -share, overdraft: true }] : []),
        ],
      });
    } catch (err) {
      // Only the creator's earnings can be short here (the fan's wallet is credited, the referrer's may go below zero).
      if (err instanceof HttpError && err.statusCode === 422) throw unprocessable(REFUND_EXCEEDS_EARNINGS);
      throw err;
    }
    const earning = await this.writeEarning(tx, {
        performerId: sale.performerId, userId: sale.userId, type: sale.type, channel: sale.channel, source: `refund:${refund.source}`, reversesId: sale.id,
        gross: -sale.gross, commission: -sale.commission, net: -sale.net, tax: -sale.tax, commissionBps: sale.commissionBps,
        description: refund.description, ledgerTransactionId: ledgerTx.id,
      });
    if (ref && share !== 0) {
      await this.writeEarning(tx, {
        performerId: ref.performerId, userId: ref.userId, type: 'referral', channel: 'referral', source: referralSource(`refund:${refund.source}`), reversesId: ref.id,
        gross: 0, commission: share, net: -share, tax: 0, commissionBps: ref.commissionBps, description: `Referral share: ${refund.description}`, ledgerTransactionId: ledgerTx.id,
      });
    }
    return { ledgerTx, earning };
  }
}
