import { fromMinor, statementKindLabel, type Statement, type StatementLine } from '@stagepass/shared';
import type { StatementGroup, StatementMovement } from '../ledger/ledger.statement';

/**
 * The arithmetic of a creator's statement (README "Statements"), pure: from the opening balance
 * and the period's movements grouped by the ledger (ledger.statement.ts) to the lines, totals and
 * months, all in minor units until the edge. Every figure is a sum of the earnings account's own
 * entries, so opening + every line = closing, whatever kinds of movement exist.
 */

/** Ledger transaction types that withhold tax from a creator (none exist today: 0 unless data says). */
export const TAX_WITHHOLDING_TX_TYPES: readonly string[] = ['tax_withholding'];

/**
 * What a movement is on the statement: with an earnings row, its source's prefix says (a sale is
 * `wallet_charge:` or `payment:`, a refund `refund:` or `card_refund:`, then `dispute:`,
 * `dispute_won:`, or any new prefix as it is); without one, the ledger type does (`payout`, tax
 * withholding → `tax`, anything else as it is).
 */
export function movementKind(m: Pick<StatementGroup, 'txType' | 'sourceKind'>): string {
  if (m.sourceKind) {
    if (m.sourceKind === 'wallet_charge' || m.sourceKind === 'payment') return 'sale';
    if (m.sourceKind === 'refund' || m.sourceKind === 'card_refund') return 'refund';
    return m.sourceKind;
  }
  if (TAX_WITHHOLDING_TX_TYPES.includes(m.txType)) return 'tax';
  return m.txType;
}

/** Kinds summed under "refunds and disputes". */
const REVERSALS = new Set(['refund', 'dispute', 'dispute_won', 'dispute_lost', 'dispute_fee']);

export interface StatementMeta {
  period: string;
  kind: 'year' | 'month';
  from: Date;
  to: Date;
  currency: string;
  creator: Statement['creator'];
}

type Acc = MinorLine;

const line = (a: Acc): StatementLine => ({ kind: a.kind, type: a.type, count: a.count, gross: fromMinor(a.gross), commission: fromMinor(a.commission), net: fromMinor(a.net) });

/** What `buildStatement` answers: the statement (decimals, the API's answer) and the same figures in minor units (the PDF and CSV print exact amounts). */
export interface BuiltStatement {
  statement: Statement;
  minor: MinorTotals;
  /** Sales, then the other lines, in the statement's order. */
  lines: MinorLine[];
  months: MinorMonth[];
}
export interface MinorLine { kind: string; type: string | null; count: number; gross: number; commission: number; net: number }
export interface MinorMonth { month: string; gross: number; commission: number; net: number; refundsAndDisputes: number; payouts: number }

export function buildStatement(meta: StatementMeta, opening: number, groups: StatementGroup[]): BuiltStatement {
  const lines = new Map<string, Acc>();
  const months = new Map<string, Omit<MinorMonth, 'month'>>();
  const t: MinorTotals = { opening, closing: opening, gross: 0, commission: 0, net: 0, refundsAndDisputes: 0, taxWithheld: 0, payouts: 0, other: 0, movements: 0 };
  for (const g of groups) {
    const kind = movementKind(g);
    const type = kind === 'payout' || kind === 'tax' ? null : g.itemType;
    const key = `${kind}\u0000${type ?? ''}`;
    const a = lines.get(key) ?? { kind, type, count: 0, gross: 0, commission: 0, net: 0 };
    a.count += g.count;
    a.gross += g.gross;
    a.commission += g.commission;
    a.net += g.net;
    lines.set(key, a);
    const m = months.get(g.month) ?? { gross: 0, commission: 0, net: 0, refundsAndDisputes: 0, payouts: 0 };
    t.movements += g.count;
    t.closing += g.net;
    if (kind === 'sale') {
      t.gross += g.gross;
      t.commission += g.commission;
      t.net += g.net;
      m.gross += g.gross;
      m.commission += g.commission;
      m.net += g.net;
    } else if (REVERSALS.has(kind)) {
      t.refundsAndDisputes += g.net;
      m.refundsAndDisputes += g.net;
    } else if (kind === 'payout') {
      t.payouts -= g.net;
      m.payouts -= g.net;
    } else if (kind === 'tax') t.taxWithheld -= g.net;
    else t.other += g.net;
    months.set(g.month, m);
  }
  const order = (a: Acc, b: Acc) => a.kind.localeCompare(b.kind) || (a.type ?? '').localeCompare(b.type ?? '');
  const all = [...lines.values()];
  const sales = all.filter((a) => a.kind === 'sale').sort(order);
  const others = all.filter((a) => a.kind !== 'sale').sort(order);
  const monthList: MinorMonth[] = meta.kind === 'year' ? [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => ({ month, ...m })) : [];
  const statement: Statement = {
    period: meta.period,
    kind: meta.kind,
    from: meta.from.toISOString(),
    to: meta.to.toISOString(),
    currency: meta.currency,
    creator: meta.creator,
    openingBalance: fromMinor(t.opening),
    closingBalance: fromMinor(t.closing),
    sales: sales.map(line),
    adjustments: others.map(line),
    totals: {
      gross: fromMinor(t.gross), commission: fromMinor(t.commission), net: fromMinor(t.net), refundsAndDisputes: fromMinor(t.refundsAndDisputes),
      taxWithheld: fromMinor(t.taxWithheld), payouts: fromMinor(t.payouts), other: fromMinor(t.other),
    },
    months: monthList.map((m) => ({
      month: m.month, gross: fromMinor(m.gross), commission: fromMinor(m.commission), net: fromMinor(m.net), refundsAndDisputes: fromMinor(m.refundsAndDisputes), payouts: fromMinor(m.payouts),
    })),
    movements: t.movements,
  };
  return { statement, minor: t, lines: [...sales, ...others], months: monthList };
}

/** The totals in minor units (what the files print). closing = opening + net + refundsAndDisputes − taxWithheld − payouts + other. */
export interface MinorTotals {
  opening: number;
  closing: number;
  gross: number;
  commission: number;
  net: number;
  refundsAndDisputes: number;
  taxWithheld: number;
  payouts: number;
  other: number;
  movements: number;
}

/** A statement line's label: "Sales — tip", "Refunds — product", "Payouts". */
export function lineLabel(l: Pick<StatementLine, 'kind' | 'type'>, typeLabel: (t: string) => string = (x) => x): string {
  return l.type ? `${statementKindLabel(l.kind)} — ${typeLabel(l.type)}` : statementKindLabel(l.kind);
}

/** One CSV movement row's kind (the same rule as the summary's). */
export const movementRowKind = (m: Pick<StatementMovement, 'txType' | 'sourceKind'>) => movementKind(m);
