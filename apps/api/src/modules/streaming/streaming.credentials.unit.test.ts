import { describe, expect, it } from 'vitest';
import { issueCredential, verifyCredential } from './streaming.credentials';

const SECRET = 'a-secret-of-at-least-32-characters-000';
const NOW = new Date('2030-01-01T12:00:00Z');
const who = { userId: '0190a000-0000-7000-8000-000000000001', streamId: '0190a000-0000-7000-8000-0000000000aa', role: 'subscriber' as const };

describe('stream join credentials', () => {
  it('verifies what it issued, for its user, stream and role, until it expires', () => {
    const { token, expiresAt } = issueCredential(SECRET, who, NOW, 300);
    expect(expiresAt.toISOString()).toBe('2030-01-01T12:05:00.000Z');
    expect(verifyCredential(SECRET, token, NOW, who)).toEqual({ u: who.userId, s: who.streamId, r: 'subscriber', exp: expiresAt.getTime() / 1000 });
    expect(verifyCredential(SECRET, token, new Date(NOW.getTime() + 299_000), who)).not.toBeNull();
    expect(verifyCredential(SECRET, token, new Date(NOW.getTime() + 300_000), who)).toBeNull();
  });

  it('refuses another user, stream or role', () => {
    const { token } = issueCredential(SECRET, who, NOW, 300);
    expect(verifyCredential(SECRET, token, NOW, { ...who, userId: '0190a000-0000-7000-8000-000000000002' })).toBeNull();
    expect(verifyCredential(SECRET, token, NOW, { ...who, streamId: '0190a000-0000-7000-8000-0000000000bb' })).toBeNull();
    expect(verifyCredential(SECRET, token, NOW, { ...who, role: 'publisher' })).toBeNull();
  });

  it('refuses a forged payload, a foreign secret and garbage', () => {
    const { token } = issueCredential(SECRET, who, NOW, 300);
    const [, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ u: who.userId, s: who.streamId, r: 'publisher', exp: 1_900_000_000 })).toString('base64url');
    expect(verifyCredential(SECRET, `${forged}.${sig}`, NOW)).toBeNull();
    expect(verifyCredential('another-secret-of-at-least-32-characters', token, NOW)).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}.x`, `${token.split('.')[0]}.`, '{}.{}']) expect(verifyCredential(SECRET, bad, NOW)).toBeNull();
  });
});
