import { describe, expect, it } from 'vitest';
import { matchAcceptLanguage, matchLocale, resolveLocale } from './locales';

describe('locales', () => {
  it('matches a tag exactly, then by its primary language', () => {
    expect(matchLocale('pt-br')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('es-MX')).toBe('es');
    expect(matchLocale('de')).toBe('de');
    expect(matchLocale('it')).toBeNull();
  });

  it('takes the Accept-Language tag with the highest weight that is ours', () => {
    expect(matchAcceptLanguage('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(matchAcceptLanguage('it-IT,it;q=0.9,fr;q=0.5,de;q=0.7')).toBe('de');
    expect(matchAcceptLanguage('en;q=0.2, fr')).toBe('fr');
    expect(matchAcceptLanguage('it, *;q=0.5')).toBeNull();
    expect(matchAcceptLanguage('de;q=0')).toBeNull();
    expect(matchAcceptLanguage('')).toBeNull();
    expect(matchAcceptLanguage(undefined)).toBeNull();
  });

  it('resolves the user setting first, then the cookie, then the browser, then English', () => {
    expect(resolveLocale({ user: 'de', cookie: 'fr', acceptLanguage: 'es' })).toBe('de');
    expect(resolveLocale({ user: null, cookie: 'fr', acceptLanguage: 'es' })).toBe('fr');
    expect(resolveLocale({ user: null, cookie: 'xx', acceptLanguage: 'es' })).toBe('es');
    expect(resolveLocale({ acceptLanguage: 'ja' })).toBe('en');
  });
});
