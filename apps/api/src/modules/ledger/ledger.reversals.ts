import { eq, sql } from 'drizzle-orm';
import type { EarningType } from '@stagepass/shared';
import type { Tx } from '../../db/client';
import { unprocessable } from '../../platform/errors';
import { earnings, type EarningRow } from '../earnings/earnings.tables';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, type LedgerAccountKind, type LedgerTransactionRow, type LedgerTxType } from './ledger.tables';
import type { NewEarning } from './ledger.earning-rows';

/**
 * Taking money back (issue 29: refunds to the card, disputes) — LedgerService's `reverseCardSale`
 * and `negate` (ledger README "Refunds to the card and disputes"). Like `recordSale`, each writes
 * the creator's earnings row with its movement in the caller's transaction (the documented
 * exception of ledger README and db/own-tables.unit.test.ts).
 */

/** What these need of LedgerService (its `post`; structural, so this file does not import the service). */
interface Poster {
  post(
    tx: Tx,
    input: {
      type: LedgerTxType; reference: string; description?: string; userId?: string | null; itemType?: EarningType | null;
      taxPlace?: { country: string; region: string } | null;
      postings: Array<{ account: { kind: LedgerAccountKind; ownerId: string | null }; amount: number; overdraft?: boolean }>;
    },
  ): Promise<LedgerTransactionRow>;
  writeEarning(tx: Tx, values: NewEarning): Promise<EarningRow>;
}

export interface CardSaleReversal {
  /** The sale's earnings source (`payment:<id>`). */
  saleSource: string;
  /** What to take back of what the fan paid (the sale's gross + its sales tax), minor units (≤ what is left of the sale). */
  amount: number;
  /** Where the money goes: the gateway (a refund or a dispute: it leaves through the card network). */
  to: { kind: LedgerAccountKind; ownerId: string | null };
  reference: string;
  type: LedgerTxType;
  description: string;
  /** The negative earnings row's source (`card_refund:<id>`, `dispute:<id>`). */
  earningSource: string;
}
export interface CardSaleReversed {
  ledgerTx: LedgerTransactionRow;
  earning: EarningRow;
  /** The creator's and the site's shares and the sales tax taken back (minor units, ≥ 0); `referral`: a referrer's share of the commission taken back. */
  net: number;
  commission: number;
  tax: number;
  referral: number;
}

/** What is left of what the fan paid for a sale (gross + sales tax; its source) after what reversed it (refunds, disputes; a won dispute's reinstatement adds back). 0: no sale. */
export async function saleLeft(tx: Tx, saleSource: string): Promise<number> {
  const [sale] = await tx.select({ id: earnings.id, gross: earnings.gross, tax: earnings.tax }).from(earnings).where(eq(earnings.source, saleSource));
  if (!sale || sale.gross + sale.tax <= 0) return 0;
  const [prior] = await tx.select({ paid: sql<string>`coalesce(sum(${earnings.gross} + ${earnings.tax}), 0)` }).from(earnings).where(eq(earnings.reversesId, sale.id));
  return sale.gross + sale.tax + Number(prior!.paid);
}

/** Where a sale's movement was taxed (it is copied onto what reverses it). */
async function taxPlaceOf(tx: Tx, ledgerTransactionId: string): Promise<{ country: string; region: string } | null> {
  const [row] = await tx.select({ country: ledgerTransactions.taxCountry, region: ledgerTransactions.taxRegion }).from(ledgerTransactions).where(eq(ledgerTransactions.id, ledgerTransactionId));
  return row?.country ? { country: row.country, region: row.region } : null;
}

/** round(a × b / c), half up, exactly (BigInt: amounts × amounts exceed 2^53). */
const mulDivRound = (a: number, b: number, c: number) => Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (2n * BigInt(c)));

/**
 * Takes back `amount` of what the fan paid for a card sale (gross + sales tax): the creator's net,
 * the site's commission and the sales tax (from the `taxes` account, at the sale's place) in the
 * sale's proportion, to `to` (the gateway). Several partial reversals of one sale add up to the
 * sale exactly: each takes the cumulative share of everything reversed so far (earnings rows with
 * `reverses_id` = the sale, a dispute given back counting as not reversed) minus what was taken
 * before — the tax and the net each rounded half up on the cumulative amount, the commission the rest. The creator's earnings may go below zero (overdraft). A negative earnings row (source
 * `earningSource`, reverses_id the sale, the sale's type and rate) mirrors it. One call, in the
 * caller's transaction; the caller's unique `reference` makes it once at most.
 */
export async function reverseCardSale(ledger: Poster, tx: Tx, r: CardSaleReversal): Promise<CardSaleReversed> {
  const [sale] = await tx.select().from(earnings).where(eq(earnings.source, r.saleSource));
  const paid = sale ? sale.gross + sale.tax : 0;
  if (!sale || paid <= 0) throw unprocessable('This payment moved no money to a creator, so there is nothing to take back');
  const [prior] = await tx
    .select({ paid: sql<string>`coalesce(sum(${earnings.gross} + ${earnings.tax}), 0)`, net: sql<string>`coalesce(sum(${earnings.net}), 0)`, tax: sql<string>`coalesce(sum(${earnings.tax}), 0)` })
    .from(earnings)
    .where(eq(earnings.reversesId, sale.id));
  const reversedPaid = -Number(prior!.paid);
  const reversedNet = -Number(prior!.net);
  const reversedTax = -Number(prior!.tax);
  if (!Number.isSafeInteger(r.amount) || r.amount <= 0 || r.amount > paid - reversedPaid) throw unprocessable('That is more than is left of this payment');
  const net = mulDivRound(sale.net, reversedPaid + r.amount, paid) - reversedNet;
  const tax = mulDivRound(sale.tax, reversedPaid + r.amount, paid) - reversedTax;
  // The referrer's share of the sale (modules/referrals), if it paid one: taken back in the same
  // proportion, on the cumulative amount like the net (its reversals name the referral row).
  const [ref] = await tx.select().from(earnings).where(eq(earnings.source, `referral:${r.saleSource}`));
  let share = 0;
  if (ref) {
    const [refPrior] = await tx.select({ net: sql<string>`coalesce(sum(${earnings.net}), 0)` }).from(earnings).where(eq(earnings.reversesId, ref.id));
    share = mulDivRound(ref.net, reversedPaid + r.amount, paid) + Number(refPrior!.net);
  }
  // The site's part of the commission taken back: what the sale's commission was, less the share.
  const commission = r.amount - net - tax - share;
  const ledgerTx = await ledger.post(tx, {
    type: r.type, reference: r.reference, description: r.description, userId: sale.userId, itemType: sale.type,
    taxPlace: tax !== 0 ? await taxPlaceOf(tx, sale.ledgerTransactionId) : null,
    postings: [
      { account: r.to, amount: r.amount },
      { account: { kind: 'earnings', ownerId: sale.performerId }, amount: -net, overdraft: true },
      { account: { kind: 'commission', ownerId: null }, amount: -commission },
      { account: { kind: 'taxes', ownerId: null }, amount: -tax },
      ...(ref && share !== 0 ? [{ account: { kind: 'earnings' as const, ownerId: ref.performerId }, amount: -share, overdraft: true }] : []),
    ],
  });
  const earning = await ledger.writeEarning(tx, {
    performerId: sale.performerId, userId: sale.userId, type: sale.type, channel: sale.channel, source: r.earningSource, reversesId: sale.id,
    gross: -(r.amount - tax), commission: -(commission + share), net: -net, tax: -tax, commissionBps: sale.commissionBps, description: r.description, ledgerTransactionId: ledgerTx.id,
  });
  if (ref && share !== 0) {
    await ledger.writeEarning(tx, {
      performerId: ref.performerId, userId: ref.userId, type: 'referral', channel: 'referral', source: `referral:${r.earningSource}`, reversesId: ref.id,
      gross: 0, commission: share, net: -share, tax: 0, commissionBps: ref.commissionBps, description: `Referral share: ${r.description}`, ledgerTransactionId: ledgerTx.id,
    });
  }
  return { ledgerTx, earning, net, commission, tax, referral: share };
}

export interface Negation {
  /** The movement to undo. */
  ledgerTransactionId: string;
  reference: string;
  type: LedgerTxType;
  description: string;
  /** The opposite earnings row's source, when the movement had one (`dispute_won:<id>`). */
  earningSource?: string;
}

/**
 * Posts the exact opposite of one movement (a won dispute's hold given back, a failed card refund
 * undone): every entry negated, the creator's earnings allowed below zero, a wallet not; and, when
 * the movement had an earnings row, its opposite (same sale, `earningSource`). The caller's unique
 * `reference` makes it once at most.
 */
export async function negate(ledger: Poster, tx: Tx, n: Negation): Promise<LedgerTransactionRow> {
  const [orig] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, n.ledgerTransactionId));
  if (!orig) throw new Error(`ledger: no movement ${n.ledgerTransactionId} to negate`);
  const entries = await tx
    .select({ kind: ledgerAccounts.kind, ownerId: ledgerAccounts.ownerId, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, orig.id));
  const ledgerTx = await ledger.post(tx, {
    type: n.type, reference: n.reference, description: n.description, userId: orig.userId, itemType: orig.itemType,
    taxPlace: orig.taxCountry ? { country: orig.taxCountry, region: orig.taxRegion } : null,
    postings: entries.map((e) => ({ account: { kind: e.kind, ownerId: e.ownerId }, amount: -e.amount, ...(e.kind === 'earnings' ? { overdraft: true } : {}) })),
  });
  // The movement's earnings rows: the creator's, and the referrer's share when the sale paid one.
  const rows = await tx.select().from(earnings).where(eq(earnings.ledgerTransactionId, orig.id));
  for (const row of rows) {
    if (!n.earningSource) throw new Error(`ledger: movement ${orig.id} has an earnings row: give the opposite row's source`);
    await ledger.writeEarning(tx, {
      performerId: row.performerId, userId: row.userId, type: row.type, channel: row.channel, source: row.type === 'referral' ? `referral:${n.earningSource}` : n.earningSource, reversesId: row.reversesId ?? row.id,
      gross: -row.gross, commission: -row.commission, net: -row.net, tax: -row.tax, commissionBps: row.commissionBps, description: row.type === 'referral' ? `Referral share: ${n.description}` : n.description, ledgerTransactionId: ledgerTx.id,
    });
  }
  return ledgerTx;
}
