import { describe, expect, it } from 'vitest';
import { bestPromotion, promotedPriceLabel, promotionApplies, promotionLabel, type PromotionCandidate } from './promotions';

const now = new Date('2027-03-01T00:00:00Z');
const later = new Date('2027-04-01T00:00:00Z');
const p = (o: Partial<PromotionCandidate> & Pick<PromotionCandidate, 'id'>): PromotionCandidate => ({
  kind: 'discount', percentage: 50, months: 3, days: null, audience: 'new', tierId: null, maxClaims: 12, claimed: 0, endsAt: later, endedAt: null, ...o,
});
const at = { now, fan: 'new' as const, tierId: 't1', type: 'monthly' as const };

describe('promotionApplies', () => {
  it('needs a running campaign with claims left', () => {
    expect(promotionApplies(p({ id: 'a' }), at)).toBe(true);
    expect(promotionApplies(p({ id: 'a', claimed: 12 }), at)).toBe(false);
    expect(promotionApplies(p({ id: 'a', endsAt: now }), at)).toBe(false);
    expect(promotionApplies(p({ id: 'a', endedAt: now }), at)).toBe(false);
  });
  it('matches the audience, the tier and the kind of subscribe', () => {
    expect(promotionApplies(p({ id: 'a', audience: 'expired' }), at)).toBe(false);
    expect(promotionApplies(p({ id: 'a', audience: 'expired' }), { ...at, fan: 'expired' })).toBe(true);
    expect(promotionApplies(p({ id: 'a', audience: 'both' }), { ...at, fan: 'expired' })).toBe(true);
    expect(promotionApplies(p({ id: 'a', tierId: 't2' }), at)).toBe(false);
    expect(promotionApplies(p({ id: 'a', tierId: 't1' }), at)).toBe(true);
    expect(promotionApplies(p({ id: 'a' }), { ...at, type: 'free' })).toBe(false);
    expect(promotionApplies(p({ id: 'a', kind: 'trial', percentage: null, months: null, days: 7 }), { ...at, type: 'free' })).toBe(true);
  });
  it('applies a trial link only through its code, to new and expired fans alike', () => {
    const link = p({ id: 'l', kind: 'trial_link', percentage: null, months: null, days: 7, audience: 'both' });
    expect(promotionApplies(link, { ...at, type: 'free' })).toBe(false);
    expect(promotionApplies(link, { ...at, type: 'free', viaLink: true, fan: 'expired' })).toBe(true);
    expect(promotionApplies(p({ id: 'a' }), { ...at, viaLink: true })).toBe(false);
  });
});

describe('bestPromotion (at most one applies: the best for the fan)', () => {
  it('picks the discount saving the most, then the higher percentage, then the one ending first', () => {
    const a = p({ id: 'a', percentage: 50, months: 3 }); // 150
    const b = p({ id: 'b', percentage: 70, months: 1 }); // 70
    const c = p({ id: 'c', percentage: 30, months: 5 }); // 150, lower percentage
    expect(bestPromotion([b, c, a], at)?.id).toBe('a');
    const d = p({ id: 'd', percentage: 50, months: 3, endsAt: new Date('2027-03-15T00:00:00Z') });
    expect(bestPromotion([a, d], at)?.id).toBe('d');
  });
  it('skips what does not apply and answers null when nothing does', () => {
    expect(bestPromotion([p({ id: 'a', claimed: 12 }), p({ id: 'b', percentage: 10, months: 1 })], at)?.id).toBe('b');
    expect(bestPromotion([p({ id: 'a', audience: 'expired' })], at)).toBeNull();
  });
  it('picks the longest trial for a free subscribe', () => {
    const t = (id: string, days: number) => p({ id, kind: 'trial', percentage: null, months: null, days });
    expect(bestPromotion([t('x', 7), t('y', 14), p({ id: 'z' })], { ...at, type: 'free' })?.id).toBe('y');
  });
});

describe('labels', () => {
  it('reads as the profile and the checkout show them', () => {
    expect(promotionLabel({ kind: 'discount', percentage: 50, months: 3, days: null, left: 12 })).toBe('50 % off for 3 months — 12 left');
    expect(promotionLabel({ kind: 'discount', percentage: 20, months: 1, days: null, left: 1 })).toBe('20 % off the first month — 1 left');
    expect(promotionLabel({ kind: 'trial', percentage: null, months: null, days: 7, left: 3 })).toBe('Free for 7 days — 3 left');
    expect(promotedPriceLabel({ kind: 'discount', percentage: 50, months: 3, days: null }, 4.97, 9.95)).toBe('$4.97 for 3 months, then $9.95');
    expect(promotedPriceLabel({ kind: 'trial_link', percentage: null, months: null, days: 7 }, 0, 9.95)).toBe('Free for 7 days, then $9.95');
  });
});
