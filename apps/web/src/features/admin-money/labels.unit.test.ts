import { describe, expect, it } from 'vitest';
import { DISPUTE_VIEWS, NEAR_DEADLINE_MS, deadlineState, disputeMovementLabel } from './labels';

describe('dispute deadlines', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('marks a passed deadline overdue, one within three days near, later ones not', () => {
    expect(deadlineState('2026-03-10T11:59:00Z', now)).toBe('overdue');
    expect(deadlineState('2026-03-10T12:01:00Z', now)).toBe('near');
    expect(deadlineState(new Date(now + NEAR_DEADLINE_MS).toISOString(), now)).toBe('near');
    expect(deadlineState(new Date(now + NEAR_DEADLINE_MS + 60_000).toISOString(), now)).toBe('later');
    expect(deadlineState(null, now)).toBeNull();
  });
});

describe('dispute labels', () => {
  it("names a dispute's ledger movements by their reference, else by the ledger type", () => {
    expect(disputeMovementLabel('dispute:0190', 'dispute')).toBe('Held back when it opened');
    expect(disputeMovementLabel('dispute_fee_returned:0190', 'dispute_fee')).toBe('Dispute fee given back');
    expect(disputeMovementLabel('dispute_won:0190', 'dispute_won')).toBe('Given back: the dispute was won');
    expect(disputeMovementLabel('something_new:0190', 'dispute_lost')).toBe('Dispute lost');
    expect(disputeMovementLabel('something_new:0190', 'brand_new_type')).toBe('brand_new_type');
  });
  it('the queue views are the API filters (open by state, won and lost by status, all without one)', () => {
    expect(DISPUTE_VIEWS.open.query).toEqual({ state: 'open' });
    expect(DISPUTE_VIEWS.won.query).toEqual({ status: 'won' });
    expect(DISPUTE_VIEWS.lost.query).toEqual({ status: 'lost' });
    expect(DISPUTE_VIEWS.all.query).toEqual({});
  });
});
