import { describe, expect, it } from 'vitest';
import { subscriptionAction } from './subscription-actions';

const performer = { _id: 'c1', name: 'Luna Rivers', username: 'luna', avatar: '', isPerformer: true };
const row = (o: Partial<Parameters<typeof subscriptionAction>[0]> = {}) => ({ renewing: false, status: 'expired' as const, performer, canResubscribe: true, blockedByYou: false, ...o });

describe('subscriptionAction (issue 26 §4.2)', () => {
  it('never offers "Subscribe again" across a block; names the fan’s own block only', () => {
    expect(subscriptionAction(row())).toBe('resubscribe');
    expect(subscriptionAction(row({ status: 'cancelled' }))).toBe('resubscribe');
    expect(subscriptionAction(row({ blockedByYou: true, canResubscribe: false }))).toBe('blocked-by-you');
    expect(subscriptionAction(row({ canResubscribe: false }))).toBe('unavailable');
    expect(subscriptionAction(row({ renewing: true, status: 'active' }))).toBe('cancel');
    expect(subscriptionAction(row({ performer: null }))).toBeNull();
  });
});
