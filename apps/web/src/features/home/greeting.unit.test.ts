import { describe, expect, it } from 'vitest';
import { createTranslator } from 'next-intl';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { homeGreeting } from './greeting';

const say = (messages: typeof en, locale: 'en' | 'es', g: ReturnType<typeof homeGreeting>) => {
  const t = createTranslator({ locale, messages, namespace: 'home' });
  return { title: t(g.title, g.values), lead: t(g.lead) };
};

describe('home greeting (issue 26 §4.8)', () => {
  it("a brand-new fan gets a first-time welcome, not 'Welcome back'", () => {
    const g = say(en, 'en', homeGreeting({ firstName: 'Frankie', name: 'Frankie Fan', isPerformer: false, firstSignIn: true }, 'Stagepass'));
    expect(g.title).toBe('Welcome to Stagepass, Frankie');
    expect(g.title).not.toMatch(/back/i);
  });
  it("a returning user: 'Welcome back'", () => {
    expect(say(en, 'en', homeGreeting({ firstName: null, name: 'Luna Rivers', isPerformer: true, firstSignIn: false }, 'Stagepass')).title).toBe('Welcome back, Luna');
  });
  it('in Spanish', () => {
    expect(say(es, 'es', homeGreeting({ firstName: 'Frankie', name: 'Frankie Fan', isPerformer: false, firstSignIn: false }, 'Stagepass')).title).toBe('Hola de nuevo, Frankie');
  });
});
