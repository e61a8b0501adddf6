import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode, totpStep } from './two-factor.crypto';

const KEY = 'unit-secret-unit-secret-unit-secret-00';

describe('two-factor pieces', () => {
  it('encrypts the secret (never stored in clear, another APP_SECRET or a changed byte cannot read it)', () => {
    const stored = encryptSecret(KEY, 'JBSWY3DPEHPK3PXP');
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encryptSecret(KEY, 'JBSWY3DPEHPK3PXP')).not.toBe(stored);
    expect(decryptSecret(KEY, stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(`${KEY}x`, stored)).toBeNull();
    expect(decryptSecret(KEY, `${stored.slice(0, -2)}AA`)).toBeNull();
    expect(decryptSecret(KEY, 'garbage')).toBeNull();
  });

  it('makes distinct recovery codes whose hash ignores case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(normalizeRecoveryCode(' AbCde-fGhjk ')).toBe('abcdefghjk');
    expect(hashRecoveryCode('abcde-fghjk')).toBe(hashRecoveryCode('ABCDE FGHJK'));
    expect(hashRecoveryCode('abcde-fghjk')).not.toBe(hashRecoveryCode('abcde-fghjm'));
  });

  it('counts 30-second steps', () => {
    expect(totpStep(new Date(59_000))).toBe(1);
    expect(totpStep(new Date(60_000))).toBe(2);
  });
});

describe('the address wrong two-factor codes are counted under', () => {
  it('IPv4 as it is (also IPv4-mapped), IPv6 by its /64 whatever the notation', async () => {
    const { addressKey } = await import('./two-factor.service');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    const a = addressKey('2001:db8:1:2::1');
    expect(a).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('2001:DB8:1:2:ffff:eeee:dddd:cccc')).toBe(a);
    expect(addressKey('2001:db8:1:2:0:0:0:9%eth0')).toBe(a);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
  });
});
