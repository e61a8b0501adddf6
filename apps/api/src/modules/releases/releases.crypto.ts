import crypto from 'node:crypto';

/**
 * Encryption at rest of consent records (README "Encryption"): AES-256-GCM with the key from
 * config (RECORDS_KEY). A sealed value is `version (1 byte) | IV (12) | tag (16) | ciphertext`; the
 * associated data binds it to its record and field (`<releaseId>:<field>`), so a ciphertext copied
 * onto another record or field fails to open. Tampering (any changed byte) fails the tag check.
 */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class RecordsCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The records key must be 32 bytes');
  }

  seal(plain: Buffer, aad: string): Buffer {
    const iv = crypto.randomBytes(IV_BYTES);
    const c = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    c.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, c.getAuthTag(), body]);
  }

  /** Throws when the value was changed, sealed under another key, or for another record/field. */
  open(sealed: Buffer, aad: string): Buffer {
    if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) throw new Error('Not a sealed record value');
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const d = crypto.createDecipheriv('aes-256-gcm', this.key, iv);
    d.setAAD(Buffer.from(aad, 'utf8'));
    d.setAuthTag(tag);
    return Buffer.concat([d.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), d.final()]);
  }

  /** A text field, sealed and base64-encoded for a text column. */
  sealText(plain: string, aad: string): string {
    return this.seal(Buffer.from(plain, 'utf8'), aad).toString('base64');
  }

  openText(sealed: string, aad: string): string {
    return this.open(Buffer.from(sealed, 'base64'), aad).toString('utf8');
  }
}

/** The associated data of a record's field or file. */
export const aadOf = (releaseId: string, field: string) => `${releaseId}:${field}`;
