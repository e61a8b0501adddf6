import { describe, expect, it } from 'vitest';
import { HIDDEN, summariseJobData } from './job-summary';

describe('summariseJobData', () => {
  it('keeps ids and plain values, hides secrets and addresses by key and by look', () => {
    expect(summariseJobData({ fileId: '0190a1b2-0000-7000-8000-000000000001', retry: 2, force: true, token: 'abc', resetCode: '123456', apiKey: 'k', to: 'fan@example.com', userEmail: 'x', note: null })).toEqual({
      fileId: '0190a1b2-0000-7000-8000-000000000001', retry: 2, force: true, token: HIDDEN, resetCode: HIDDEN, apiKey: HIDDEN, to: HIDDEN, userEmail: HIDDEN, note: null,
    });
  });

  it('cuts long strings, names nested values, caps the number of keys', () => {
    const s = summariseJobData({ text: 'x'.repeat(200), ids: [1, 2, 3], one: ['a'], nested: { password: 'p' } });
    expect(s.text).toHaveLength(80);
    expect(String(s.text).endsWith('…')).toBe(true);
    expect(s.ids).toBe('[3 items]');
    expect(s.one).toBe('[1 item]');
    expect(s.nested).toBe('{…}');
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(summariseJobData(many))).toHaveLength(13);
    expect(summariseJobData(many)['…']).toBe('8 more');
  });

  it('answers an empty summary for no data and wraps a bare value', () => {
    expect(summariseJobData(null)).toEqual({});
    expect(summariseJobData('plain')).toEqual({ value: 'plain' });
  });
});
