import { describe, expect, it } from 'vitest';
import { homeGreeting } from './greeting';

describe('home greeting (issue 26 §4.8)', () => {
  it("a brand-new fan gets a first-time welcome, not 'Welcome back'", () => {
    const g = homeGreeting({ firstName: 'Frankie', name: 'Frankie Fan', isPerformer: false, firstSignIn: true }, 'Stagepass');
    expect(g.title).toBe('Welcome to Stagepass, Frankie');
    expect(g.title).not.toMatch(/back/i);
  });
  it("a returning user: 'Welcome back'", () => {
    expect(homeGreeting({ firstName: null, name: 'Luna Rivers', isPerformer: true, firstSignIn: false }, 'Stagepass').title).toBe('Welcome back, Luna');
  });
});
