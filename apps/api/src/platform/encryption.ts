import crypto from 'node:crypto';
import { HttpError } from './errors';

/**
 * Encryption at rest of sensitive fields (apps/api/README.md "Encryption at rest"): AES-256-GCM
 * (node:crypto) with 32-byte keys. One cipher for the whole API: tax ids and bank details use the
 * DATA_ENCRYPTION_KEY keyring (config `dataKeysFor`), co-performer records their RECORDS_KEY
 * (modules/releases).
 *
 * A sealed value is bytes (stored as base64 in a text column, or as a file):
 *   v2  `0x02 | key id (8) | IV (12) | tag (16) | ciphertext` — the key id is the first 8 bytes of
 *       the key's SHA-256, so a value names the key that opens it (rotation: several keys are
 *       known, the newest seals);
 *   v1  `0x01 | IV (12) | tag (16) | ciphertext` — values sealed before key ids (co-performer
 *       records): opened by trying each known key.
 * The associated data binds a value to its record and field (`tax:<userId>:details`): a
 * ciphertext copied onto another record or field does not open, and any changed byte fails the tag.
 *
 * In base64 the first 12 characters of a v2 value are exactly its 9 header bytes, so SQL can find
 * the values not sealed under the current key with `left(column, 12) <> currentPrefix` (the
 * re-sealing sweep after a rotation) without decrypting anything.
 */
const V1 = 1;
const V2 = 2;
const KEY_ID_BYTES = 8;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** The key id of `key`: the first 8 bytes of its SHA-256 (a fingerprint; reveals nothing of the key). */
export const keyIdOf = (key: Buffer): Buffer => crypto.createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES);

export class FieldCipher {
  private readonly current: { id: Buffer; key: Buffer };
  private readonly keys: Array<{ id: Buffer; key: Buffer }>;
  /** base64 of a v2 value's header under the current key (see the class comment). */
  readonly currentPrefix: string;

  /** `current` seals (and opens); `previous` keys only open (values sealed before a rotation). */
  constructor(current: Buffer, previous: Buffer[] = []) {
    for (const k of [current, ...previous]) if (k.length !== KEY_BYTES) throw new Error('An encryption key must be 32 bytes');
    this.current = { id: keyIdOf(current), key: current };
    this.keys = [this.current, ...previous.map((key) => ({ id: keyIdOf(key), key }))];
    this.currentPrefix = Buffer.concat([Buffer.from([V2]), this.current.id]).toString('base64');
  }

  /** The current key's id, hex (logs, docs). */
  get currentKeyId(): string {
    return this.current.id.toString('hex');
  }

  seal(plain: Buffer, aad: string): Buffer {
    const iv = crypto.randomBytes(IV_BYTES);
    const c = crypto.createCipheriv('aes-256-gcm', this.current.key, iv);
    c.setAAD(Buffer.from(aad, 'utf8'));
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([Buffer.from([V2]), this.current.id, iv, c.getAuthTag(), body]);
  }

  /** Throws when the value was changed, sealed under a key not known here, or for another record/field. */
  open(sealed: Buffer, aad: string): Buffer {
    if (sealed[0] === V2 && sealed.length >= 1 + KEY_ID_BYTES + IV_BYTES + TAG_BYTES) {
      const id = sealed.subarray(1, 1 + KEY_ID_BYTES);
      const k = this.keys.find((x) => x.id.equals(id));
      if (!k) throw new Error('Sealed under a key this site does not have (set it in DATA_ENCRYPTION_KEY_PREVIOUS)');
      return decrypt(k.key, sealed.subarray(1 + KEY_ID_BYTES), aad);
    }
    if (sealed[0] === V1 && sealed.length >= 1 + IV_BYTES + TAG_BYTES) {
      for (const k of this.keys) {
        try {
          return decrypt(k.key, sealed.subarray(1), aad);
        } catch {
          // not this key: the next one
        }
      }
      throw new Error('No key of this site opens this sealed value');
    }
    throw new Error('Not a sealed value');
  }

  /** Whether `sealed` (bytes or base64) was sealed under the current key in the current format. */
  isCurrent(sealed: Buffer | string): boolean {
    const b = typeof sealed === 'string' ? Buffer.from(sealed.slice(0, 12), 'base64') : sealed;
    return b[0] === V2 && b.subarray(1, 1 + KEY_ID_BYTES).equals(this.current.id);
  }

  /** A text field, sealed and base64-encoded for a text column. */
  sealText(plain: string, aad: string): string {
    return this.seal(Buffer.from(plain, 'utf8'), aad).toString('base64');
  }

  openText(sealed: string, aad: string): string {
    return this.open(Buffer.from(sealed, 'base64'), aad).toString('utf8');
  }

  /** A JSON value (an object of fields), sealed as one text. */
  sealJson(value: unknown, aad: string): string {
    return this.sealText(JSON.stringify(value), aad);
  }

  openJson<T>(sealed: string, aad: string): T {
    return JSON.parse(this.openText(sealed, aad)) as T;
  }

  /** The same plain value sealed again under the current key (after a rotation). */
  resealText(sealed: string, aad: string): string {
    return this.seal(this.open(Buffer.from(sealed, 'base64'), aad), aad).toString('base64');
  }
}

function decrypt(key: Buffer, rest: Buffer, aad: string): Buffer {
  const iv = rest.subarray(0, IV_BYTES);
  const tag = rest.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const d = crypto.createDecipheriv('aes-256-gcm', key, iv);
  d.setAAD(Buffer.from(aad, 'utf8'));
  d.setAuthTag(tag);
  return Buffer.concat([d.update(rest.subarray(IV_BYTES + TAG_BYTES)), d.final()]);
}

/**
 * The site's keyring for tax ids and bank details (DATA_ENCRYPTION_KEY, config `dataKeysFor`),
 * built once by the platform. The key is looked up on first use (so CLIs that build the app never
 * create it). `cipher()` answers 503 with `offMessage` when production runs without a key: those
 * features refuse to run rather than store anything in plain.
 */
export class DataKeyring {
  private built: FieldCipher | null = null;

  constructor(
    private readonly keys: () => { current: Buffer; previous: Buffer[] } | null,
    private readonly offMessage: string,
  ) {}

  /** The cipher, or null without a key. */
  cipherOrNull(): FieldCipher | null {
    if (this.built) return this.built;
    const k = this.keys();
    if (!k) return null;
    this.built = new FieldCipher(k.current, k.previous);
    return this.built;
  }

  /** The cipher, or 503 without a key. */
  cipher(): FieldCipher {
    const c = this.cipherOrNull();
    if (!c) throw new HttpError(503, this.offMessage);
    return c;
  }
}
