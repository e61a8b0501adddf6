import { describe, expect, it } from 'vitest';
import { RESERVED_USERNAMES, emailSchema, usernameSchema } from '@stagepass/shared';
import { DEMO_ACCOUNTS } from './demo';
import { DEMO_PAGES, demoPageUpdate } from './demo-console';

describe('demo accounts', () => {
  it('never use a reserved or otherwise invalid username (it would shadow a web route)', () => {
    for (const a of DEMO_ACCOUNTS) {
      const parsed = usernameSchema.safeParse(a.username);
      expect(parsed.success, `${a.username}: ${parsed.error?.issues[0]?.message}`).toBe(true);
      expect(parsed.data).toBe(a.username);
      expect(RESERVED_USERNAMES as readonly string[]).not.toContain(a.username);
      expect(emailSchema.parse(a.email)).toBe(a.email);
    }
  });

  it('keep the documented logins: fan, creator (luna) and operator by e-mail', () => {
    const by = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.email, a.username]));
    expect(by).toMatchObject({ 'fan@example.com': 'fan', 'creator@example.com': 'luna', 'admin@example.com': 'operator' });
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.username)).size).toBe(DEMO_ACCOUNTS.length);
  });
});

describe('demo pages describe the product as it works (issue 26 §4.6)', () => {
  const text = (title: string) => DEMO_PAGES.find((p) => p.title === title)!.body.replace(/<[^>]+>/g, ' ');
  it('subscriptions are charged to a card, not paid from the wallet', () => {
    for (const title of ['Terms of service', 'FAQ']) {
      expect(text(title)).not.toMatch(/wallet[^.]*subscribe|subscribe[^.]*wallet|pay from their wallet/i);
    }
    expect(text('FAQ')).toMatch(/subscri[^.]*card/i);
    expect(text('Terms of service')).toMatch(/subscri[^.]*card/i);
  });
  it('a demo site seeded with the old wording gets the new one (unless the operator edited the page)', () => {
    for (const p of DEMO_PAGES) {
      for (const old of p.replaces) expect(demoPageUpdate(p.title, old)).toBe(p.body);
      expect(demoPageUpdate(p.title, '<p>Edited by the operator</p>')).toBeNull();
      expect(demoPageUpdate(p.title, p.body)).toBeNull();
    }
  });
});
