import { describe, expect, it } from 'vitest';
import { statementBounds } from '@stagepass/shared';
import type { StatementGroup } from '../ledger/ledger.statement';
import { buildStatement, movementKind } from './statement';
import { pdfSafe, periodTitle } from './statement-pdf';

const g = (month: string, txType: string, sourceKind: string | null, itemType: string | null, count: number, net: number, gross = 0, commission = 0): StatementGroup => ({ month, txType, sourceKind, itemType, count, net, gross, commission });
const meta = (period: string) => {
  const b = statementBounds(period);
  return { period, kind: b.kind, from: b.from, to: b.to, currency: 'usd', creator: { _id: 'c', name: 'Cleo', username: 'cleo' } };
};

describe('statement arithmetic', () => {
  it('names each movement by its earnings source, else by its ledger type; new kinds keep their own name', () => {
    expect(movementKind({ txType: 'tip', sourceKind: 'wallet_charge' })).toBe('sale');
    expect(movementKind({ txType: 'subscription', sourceKind: 'payment' })).toBe('sale');
    expect(movementKind({ txType: 'refund', sourceKind: 'refund' })).toBe('refund');
    expect(movementKind({ txType: 'card_refund', sourceKind: 'card_refund' })).toBe('refund');
    expect(movementKind({ txType: 'dispute', sourceKind: 'dispute' })).toBe('dispute');
    expect(movementKind({ txType: 'dispute_won', sourceKind: 'dispute_won' })).toBe('dispute_won');
    expect(movementKind({ txType: 'payout', sourceKind: null })).toBe('payout');
    expect(movementKind({ txType: 'tax_withholding', sourceKind: null })).toBe('tax');
    expect(movementKind({ txType: 'chargeback_fee', sourceKind: null })).toBe('chargeback_fee');
    expect(movementKind({ txType: 'bonus', sourceKind: 'bonus' })).toBe('bonus');
  });

  it('sums sales by what was sold, reversals and payouts apart; opening + lines = closing', () => {
    const groups = [
      g('2026-01', 'tip', 'wallet_charge', 'tip', 3, 8_000, 10_000, 2_000),
      g('2026-01', 'subscription', 'payment', 'subscription', 2, 1_592, 1_990, 398),
      g('2026-02', 'tip', 'wallet_charge', 'tip', 1, 4_000, 5_000, 1_000),
      g('2026-02', 'refund', 'refund', 'tip', 1, -4_000, -5_000, -1_000),
      g('2026-03', 'dispute', 'dispute', 'subscription', 1, -796, -995, -199),
      g('2026-04', 'dispute_won', 'dispute_won', 'subscription', 1, 796, 995, 199),
      g('2026-03', 'payout', null, null, 1, -5_000),
      g('2026-05', 'tax_withholding', null, null, 1, -240),
      g('2026-05', 'bonus', null, null, 1, 100),
    ];
    const { statement: s, minor, lines, months } = buildStatement(meta('2026'), 12_345, groups);
    expect(minor).toEqual({ opening: 12_345, closing: 12_345 + 8_000 + 1_592 + 4_000 - 4_000 - 796 + 796 - 5_000 - 240 + 100, gross: 16_990, commission: 3_398, net: 13_592, refundsAndDisputes: -4_000, taxWithheld: 240, payouts: 5_000, other: 100, movements: 12 });
    expect(minor.closing).toBe(minor.opening + minor.net + minor.refundsAndDisputes - minor.taxWithheld - minor.payouts + minor.other);
    expect(s.openingBalance).toBe(123.45);
    expect(s.closingBalance).toBe(minor.closing / 100);
    expect(s.sales).toEqual([
      { kind: 'sale', type: 'subscription', count: 2, gross: 19.9, commission: 3.98, net: 15.92 },
      { kind: 'sale', type: 'tip', count: 4, gross: 150, commission: 30, net: 120 },
    ]);
    expect(s.adjustments.map((l) => [l.kind, l.type, l.count, l.net])).toEqual([
      ['bonus', null, 1, 1], ['dispute', 'subscription', 1, -7.96], ['dispute_won', 'subscription', 1, 7.96], ['payout', null, 1, -50], ['refund', 'tip', 1, -40], ['tax', null, 1, -2.4],
    ]);
    expect(s.totals).toEqual({ gross: 169.9, commission: 33.98, net: 135.92, refundsAndDisputes: -40, taxWithheld: 2.4, payouts: 50, other: 1 });
    expect(lines.map((l) => l.kind)).toEqual(['sale', 'sale', 'bonus', 'dispute', 'dispute_won', 'payout', 'refund', 'tax']);
    expect(months.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05']);
    expect(months[1]).toEqual({ month: '2026-02', gross: 5_000, commission: 1_000, net: 4_000, refundsAndDisputes: -4_000, payouts: 0 });
    expect(months.reduce((a, m) => a + m.net, 0)).toBe(minor.net);
    expect(s.months[2]).toEqual({ month: '2026-03', gross: 0, commission: 0, net: 0, refundsAndDisputes: -7.96, payouts: 50 });
  });

  it('an empty period: opening = closing, no lines; a month has no month table', () => {
    const { statement: s } = buildStatement(meta('2026-03'), 500, []);
    expect(s).toMatchObject({ period: '2026-03', kind: 'month', openingBalance: 5, closingBalance: 5, sales: [], adjustments: [], months: [], movements: 0 });
    expect(s.from).toBe('2026-03-01T00:00:00.000Z');
    expect(s.to).toBe('2026-04-01T00:00:00.000Z');
    expect(buildStatement(meta('2026-12'), 0, [g('2026-12', 'tip', 'wallet_charge', 'tip', 1, 80, 100, 20)]).statement.to).toBe('2027-01-01T00:00:00.000Z');
  });

  it('periods and PDF text', () => {
    expect(() => statementBounds('2026-13')).toThrow();
    expect(periodTitle('2026-03')).toBe('March 2026');
    expect(periodTitle('2026')).toBe('2026');
    expect(pdfSafe('Zoë — “Live” 李')).toBe('Zoë — “Live” ?');
  });
});
