import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/users.tables';
import { decide, type StreamFacts, type StreamForPolicy } from './streaming.policy';

// THE entitlement rule with a minimum tier (issue 30 §1): a public subscribers-only stream asks THE tier rule.
const fan = { id: 'fan', roles: ['user'], twoFactorEnabled: false, isPerformer: false } as unknown as UserRow;
const stream = (minTierId: string | null): StreamForPolicy => ({ id: 's', performerId: 'p', type: 'public', access: 'subscribers', status: 'live', price: null, privateFanId: null, minTierId });
const facts = (rank: number | null): StreamFacts => ({
  follows: new Set(), subscribedTo: new Set(rank === null ? [] : ['p']), bought: new Set(), billing: new Set(), bannedBy: new Set(), blocked: new Set(), suspended: new Set(),
  moderates: new Set(), watching: new Set(), balance: 0,
  tiers: { subRank: new Map(rank === null ? [] : [['p', rank]]), tierRank: new Map([['gold', 3]]) },
});

describe('a subscribers-only stream with a minimum tier', () => {
  it('lets a subscriber at or above the tier in, asks the others to upgrade, and the unsubscribed to subscribe', () => {
    expect(decide(fan, stream('gold'), facts(3))).toMatchObject({ entitled: true });
    expect(decide(fan, stream('gold'), facts(1))).toMatchObject({ entitled: false, status: 403, need: 'upgrade' });
    expect(decide(fan, stream('gold'), facts(null))).toMatchObject({ entitled: false, need: 'subscribe' });
    expect(decide(fan, stream(null), facts(1))).toMatchObject({ entitled: true });
  });
});
