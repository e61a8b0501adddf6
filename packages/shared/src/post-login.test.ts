import { describe, expect, it } from 'vitest';
import { postLoginPath } from './users';

const base = { _id: 'u1', email: 'a@example.com', username: 'someone', isPerformer: false };

describe('where a user lands after login', () => {
  it('the operator lands on the console, not /home (issue 26 §4.19)', () => {
    expect(postLoginPath({ ...base, isAdmin: true })).toBe('/admin');
  });
  it('fans on their home, creators on their page; an incomplete account on its settings', () => {
    expect(postLoginPath({ ...base, isAdmin: false })).toBe('/home');
    expect(postLoginPath({ ...base, isPerformer: true })).toBe('/someone');
    expect(postLoginPath({ ...base, username: null })).toBe('/user/account');
  });
});
