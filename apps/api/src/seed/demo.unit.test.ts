import { describe, expect, it } from 'vitest';
import { RESERVED_USERNAMES, emailSchema, usernameSchema } from '@stagepass/shared';
import { DEMO_ACCOUNTS } from './demo';

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
