import { describe, expect, it } from 'vitest';
import { reachesByFacts, tierFactsFrom, tierReaches } from './tiers.policy';

describe('tierReaches (THE tier rule)', () => {
  it('an item without a minimum tier is reached by any subscription', () => {
    expect(tierReaches({ tierRank: 1 }, { minTierRank: null })).toBe(true);
    expect(tierReaches({ tierRank: null }, { minTierRank: undefined })).toBe(true);
  });
  it('a rank at or above the minimum reaches it; below does not; no tier counts as the lowest', () => {
    expect(tierReaches({ tierRank: 2 }, { minTierRank: 2 })).toBe(true);
    expect(tierReaches({ tierRank: 3 }, { minTierRank: 2 })).toBe(true);
    expect(tierReaches({ tierRank: 1 }, { minTierRank: 2 })).toBe(false);
    expect(tierReaches({ tierRank: null }, { minTierRank: 1 })).toBe(true);
    expect(tierReaches({ tierRank: null }, { minTierRank: 2 })).toBe(false);
  });
  it('on fact rows: an unknown minimum tier locks (never opens by mistake)', () => {
    const f = tierFactsFrom([{ kind: 'sub', id: 'p1', action: '2' }, { kind: 'tier', id: 'gold', action: '3' }, { kind: 'tier', id: 'silver', action: '2' }]);
    expect(reachesByFacts(f, 'p1', 'silver')).toBe(true);
    expect(reachesByFacts(f, 'p1', 'gold')).toBe(false);
    expect(reachesByFacts(f, 'p1', 'missing')).toBe(false);
    expect(reachesByFacts(f, 'p1', null)).toBe(true);
  });
});
