import { describe, expect, it } from 'vitest';
import { addressLabels } from './addresses';

describe('address labels by country (issue 26 §4.15)', () => {
  it('Canada has provinces and postal codes, not states and ZIP codes', () => {
    expect(addressLabels('CA')).toEqual({ subdivision: 'Province', postalCode: 'Postal code' });
  });
  it('the United States has states and ZIP codes', () => {
    expect(addressLabels('US')).toEqual({ subdivision: 'State', postalCode: 'ZIP code' });
  });
  it('other countries by their own words; lower case codes too', () => {
    expect(addressLabels('fr').subdivision).toBe('Region');
    expect(addressLabels('GB')).toEqual({ subdivision: 'County', postalCode: 'Postcode' });
    expect(addressLabels('JP').subdivision).toBe('Prefecture');
    expect(addressLabels('CH').subdivision).toBe('Canton');
  });
  it('no country yet, or one not listed: a neutral wording', () => {
    expect(addressLabels(undefined)).toEqual({ subdivision: 'State / province / region', postalCode: 'Postal code' });
    expect(addressLabels('ZZ').subdivision).toBe('State / province / region');
  });
});
