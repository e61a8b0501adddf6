import { describe, expect, it } from 'vitest';
import { createTranslator } from 'next-intl';
import en from '../../../messages/en.json';
import { paidLabel as label } from './paid-label';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'messages' });
const paidLabel = (...args: Parameters<typeof label>) => {
  const l = label(...args);
  return l && t(l.key, l.values);
};

const base = { price: 3.5, isDeleted: false, isBought: false, boughtByRecipient: null, massPurchases: null, massMessageId: null };

describe('the line under a paid message (issue 26 §4.3)', () => {
  it("its sender does not read 'Paid' like a buyer: not bought yet, then bought", () => {
    expect(paidLabel({ ...base, boughtByRecipient: false }, true)).toBe('Not bought yet · $3.50');
    expect(paidLabel({ ...base, boughtByRecipient: true }, true)).toBe('Bought · $3.50');
  });
  it('a copy of a mass message: how many fans bought one', () => {
    expect(paidLabel({ ...base, boughtByRecipient: false, massMessageId: 'mm', massPurchases: 12 }, true)).toBe('Not bought yet · $3.50 · bought by 12 fans');
    expect(paidLabel({ ...base, boughtByRecipient: true, massMessageId: 'mm', massPurchases: 1 }, true)).toBe('Bought · $3.50 · bought by 1 fan');
  });
  it('the fan who bought it: the one wording for bought items', () => {
    expect(paidLabel({ ...base, isBought: true }, false)).toBe('Purchased · $3.50');
    expect(paidLabel(base, false)).toBeNull();
    expect(paidLabel({ ...base, price: null }, true)).toBeNull();
  });
});
