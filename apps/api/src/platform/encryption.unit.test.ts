import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskTail } from '@stagepass/shared';
import { dataKeysFor, loadConfig } from '../config';
import { FieldCipher, keyIdOf } from './encryption';

const key = () => crypto.randomBytes(32);

/** A value as releases sealed it before key ids: 0x01 | IV | tag | ciphertext. */
function sealV1(k: Buffer, plain: string, aad: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', k, iv);
  c.setAAD(Buffer.from(aad));
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return Buffer.concat([Buffer.from([1]), iv, c.getAuthTag(), body]).toString('base64');
}

describe('field encryption (AES-256-GCM, key ids)', () => {
  it('round-trips text and JSON; the sealed value holds no plaintext and differs each time', () => {
    const cipher = new FieldCipher(key());
    const sealed = cipher.sealText('123-45-6789', 'tax:u1:details');
    expect(sealed).not.toContain('6789');
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain('6789');
    expect(cipher.openText(sealed, 'tax:u1:details')).toBe('123-45-6789');
    expect(cipher.sealText('x', 'a')).not.toBe(cipher.sealText('x', 'a'));
    const obj = { legalName: 'Zoë Q. Example', tin: '12-3456789', nested: { a: [1, 2] } };
    expect(cipher.openJson(cipher.sealJson(obj, 'aad'), 'aad')).toEqual(obj);
  });

  it('refuses a changed byte, another record or field, an unknown key, and garbage', () => {
    const cipher = new FieldCipher(key());
    const sealed = Buffer.from(cipher.sealText('secret', 'tax:u1:details'), 'base64');
    for (const i of [0, 3, 12, 25, 40, sealed.length - 1]) {
      const b = Buffer.from(sealed);
      b[i]! ^= 1;
      expect(() => cipher.open(b, 'tax:u1:details'), `byte ${i}`).toThrow();
    }
    expect(() => cipher.open(sealed, 'tax:u2:details')).toThrow();
    expect(() => cipher.open(sealed, 'tax:u1:other')).toThrow();
    expect(() => new FieldCipher(key()).open(sealed, 'tax:u1:details')).toThrow(/DATA_ENCRYPTION_KEY_PREVIOUS/);
    expect(() => cipher.open(Buffer.from('short'), 'x')).toThrow(/Not a sealed value/);
    expect(() => new FieldCipher(crypto.randomBytes(16))).toThrow(/32 bytes/);
  });

  it('rotation: a previous key opens what it sealed, the current key seals; the prefix tells which is which', () => {
    const oldKey = key();
    const newKey = key();
    const before = new FieldCipher(oldKey);
    const sealed = before.sealText('DE123456789', 'payout:u:taxId');
    const after = new FieldCipher(newKey, [oldKey]);
    expect(after.openText(sealed, 'payout:u:taxId')).toBe('DE123456789');
    expect(after.isCurrent(sealed)).toBe(false);
    expect(sealed.startsWith(after.currentPrefix)).toBe(false);
    const resealed = after.resealText(sealed, 'payout:u:taxId');
    expect(after.isCurrent(resealed)).toBe(true);
    // The SQL test of the sweep: the first 12 base64 characters are the version and key id.
    expect(resealed.slice(0, 12)).toBe(after.currentPrefix);
    expect(new FieldCipher(newKey).openText(resealed, 'payout:u:taxId')).toBe('DE123456789');
    expect(after.currentKeyId).toBe(keyIdOf(newKey).toString('hex'));
  });

  it('opens values of the format before key ids (co-performer records) with any known key', () => {
    const oldKey = key();
    const v1 = sealV1(oldKey, 'Jane Q. Example', 'rel:legalName');
    expect(new FieldCipher(key(), [oldKey]).openText(v1, 'rel:legalName')).toBe('Jane Q. Example');
    expect(new FieldCipher(key(), [oldKey]).isCurrent(v1)).toBe(false);
    expect(() => new FieldCipher(key()).openText(v1, 'rel:legalName')).toThrow(/No key/);
  });

  it('masks keep the last 4 letters or digits only', () => {
    expect(maskTail('123-45-6789')).toBe('•••• 6789');
    expect(maskTail('DE89 3704 0044 0532 0130 00')).toBe('•••• 3000');
    expect(maskTail('ab')).toBe('•••• ab');
    expect(maskTail('')).toBe('');
  });
});

describe('the data encryption key (config)', () => {
  it('DATA_ENCRYPTION_KEY must be 32 bytes; unset: generated once into DATA_DIR (0600) outside production, none in production; previous keys are read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-key-'));
    const base = { DATA_DIR: dir, APP_SECRET: 'x'.repeat(32) };
    try {
      expect(() => loadConfig({ ...base, DATA_ENCRYPTION_KEY: crypto.randomBytes(16).toString('base64') })).toThrow(/DATA_ENCRYPTION_KEY/);
      expect(() => loadConfig({ ...base, DATA_ENCRYPTION_KEY_PREVIOUS: `${key().toString('base64')},nope` })).toThrow(/DATA_ENCRYPTION_KEY_PREVIOUS/);
      const given = key();
      const old = [key(), key()];
      const set = dataKeysFor(loadConfig({ ...base, DATA_ENCRYPTION_KEY: given.toString('base64'), DATA_ENCRYPTION_KEY_PREVIOUS: old.map((k) => k.toString('base64')).join(', ') }))!;
      expect(set.current.equals(given)).toBe(true);
      expect(set.previous.map((k) => k.toString('hex'))).toEqual(old.map((k) => k.toString('hex')));
      const dev = loadConfig(base);
      expect(fs.existsSync(path.join(dir, '.data-encryption-key'))).toBe(false); // loading the config creates nothing
      const first = dataKeysFor(dev)!.current;
      expect(fs.statSync(path.join(dir, '.data-encryption-key')).mode & 0o777).toBe(0o600);
      expect(dataKeysFor(dev)!.current.equals(first)).toBe(true);
      expect(dataKeysFor({ ...dev, NODE_ENV: 'production' })).toBeNull();
      fs.writeFileSync(path.join(dir, '.data-encryption-key'), 'broken');
      expect(() => dataKeysFor(dev)).toThrow(/restore it from a backup/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
