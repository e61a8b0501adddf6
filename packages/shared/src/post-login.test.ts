import { describe, expect, it } from 'vitest';
import { loginPathFor, postLoginPath, safeNextPath } from './users';

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

describe('where a login returns to (?next=)', () => {
  it('a path of this site, its query kept', () => {
    expect(safeNextPath('/luna?trial=ABCDEFGHJK')).toBe('/luna?trial=ABCDEFGHJK');
    expect(safeNextPath(new URLSearchParams(loginPathFor('/luna?trial=X&c=y').split('?')[1]).get('next'))).toBe('/luna?trial=X&c=y');
  });
  it('never another site, a scheme, an auth page or a control character', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'luna', '/auth/login', '/auth', '/auth?x=1', '/a\nb', '', null, undefined, `/${'a'.repeat(600)}`]) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });
});
