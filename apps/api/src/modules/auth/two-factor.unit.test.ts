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
