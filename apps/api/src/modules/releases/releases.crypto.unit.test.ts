import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ageOn, releaseDateErrors, RELEASE_MESSAGES } from '@stagepass/shared';
import { aadOf, RecordsCipher } from './releases.crypto';

const cipher = new RecordsCipher(crypto.randomBytes(32));

describe('records encryption (AES-256-GCM)', () => {
  it('round-trips text and bytes', () => {
    const id = crypto.randomUUID();
    const sealed = cipher.sealText('Jane Q. Example', aadOf(id, 'legalName'));
    expect(sealed).not.toContain('Jane');
    expect(cipher.openText(sealed, aadOf(id, 'legalName'))).toBe('Jane Q. Example');
    const bytes = crypto.randomBytes(5000);
    expect(cipher.open(cipher.seal(bytes, aadOf(id, 'idFront')), aadOf(id, 'idFront')).equals(bytes)).toBe(true);
  });

  it('seals the same value differently each time (random IV)', () => {
    expect(cipher.sealText('x', 'a')).not.toBe(cipher.sealText('x', 'a'));
  });

  it('detects tampering, another record or field, and another key', () => {
    const id = crypto.randomUUID();
    const sealed = cipher.seal(Buffer.from('1990-05-04'), aadOf(id, 'dateOfBirth'));
    const flipped = Buffer.from(sealed);
    flipped[flipped.length - 1]! ^= 1;
    expect(() => cipher.open(flipped, aadOf(id, 'dateOfBirth'))).toThrow();
    const tag = Buffer.from(sealed);
    tag[14]! ^= 1;
    expect(() => cipher.open(tag, aadOf(id, 'dateOfBirth'))).toThrow();
    expect(() => cipher.open(sealed, aadOf(crypto.randomUUID(), 'dateOfBirth'))).toThrow();
    expect(() => cipher.open(sealed, aadOf(id, 'legalName'))).toThrow();
    expect(() => new RecordsCipher(crypto.randomBytes(32)).open(sealed, aadOf(id, 'dateOfBirth'))).toThrow();
    expect(() => cipher.open(Buffer.from('short'), 'x')).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => new RecordsCipher(crypto.randomBytes(16))).toThrow();
  });
});

describe('release date rules', () => {
  const today = '2026-11-28';
  it('counts whole years', () => {
    expect(ageOn('2000-11-28', '2018-11-28')).toBe(18);
    expect(ageOn('2000-11-29', '2018-11-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOn('2000-02-29', '2018-03-01')).toBe(18);
  });
  it('accepts an adult on the signing day', () => {
    expect(releaseDateErrors({ dateOfBirth: '1995-03-10', signedAt: '2026-01-02' }, today)).toEqual([]);
    expect(releaseDateErrors({ dateOfBirth: '2000-11-28', signedAt: '2018-11-28' }, today)).toEqual([]);
  });
  it('refuses someone under 18 on the day of signing (even if 18 today)', () => {
    expect(releaseDateErrors({ dateOfBirth: '2000-11-29', signedAt: '2018-11-28' }, today)).toEqual([{ field: 'dateOfBirth', message: RELEASE_MESSAGES.underage }]);
  });
  it('refuses impossible, too old and future dates', () => {
    expect(releaseDateErrors({ dateOfBirth: '1990-02-30', signedAt: '2026-01-01' }, today)).toEqual([{ field: 'dateOfBirth', message: RELEASE_MESSAGES.birthDateInvalid }]);
    expect(releaseDateErrors({ dateOfBirth: '1899-12-31', signedAt: '2026-01-01' }, today)).toEqual([{ field: 'dateOfBirth', message: RELEASE_MESSAGES.birthDateTooOld }]);
    expect(releaseDateErrors({ dateOfBirth: '1990-01-01', signedAt: '2026-11-29' }, today)).toEqual([{ field: 'signedAt', message: RELEASE_MESSAGES.signedInFuture }]);
    expect(releaseDateErrors({ dateOfBirth: 'nope', signedAt: '2026-13-01' }, today).map((e) => e.field)).toEqual(['dateOfBirth', 'signedAt']);
  });
});

describe('the records key (config)', () => {
  it('RECORDS_KEY must be 32 bytes; unset: generated once into DATA_DIR (0600) and reused outside production, none in production', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { loadConfig, recordsKeyFor } = await import('../../config');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'records-key-'));
    try {
      expect(() => loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(32), RECORDS_KEY: crypto.randomBytes(16).toString('base64') })).toThrow(/RECORDS_KEY/);
      const given = crypto.randomBytes(32);
      expect(recordsKeyFor(loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(32), RECORDS_KEY: given.toString('base64') }))!.equals(given)).toBe(true);
      const dev = loadConfig({ DATA_DIR: dir, APP_SECRET: 'x'.repeat(32) });
      expect(fs.existsSync(path.join(dir, '.records-key'))).toBe(false); // loading the config creates nothing
      const first = recordsKeyFor(dev)!;
      expect(first).toHaveLength(32);
      expect(fs.statSync(path.join(dir, '.records-key')).mode & 0o777).toBe(0o600);
      expect(recordsKeyFor(dev)!.equals(first)).toBe(true);
      expect(recordsKeyFor({ ...dev, NODE_ENV: 'production' })).toBeNull();
      fs.writeFileSync(path.join(dir, '.records-key'), 'broken');
      expect(() => recordsKeyFor(dev)).toThrow(/restore it from a backup/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
