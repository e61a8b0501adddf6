import { FieldCipher } from '../../platform/encryption';

/**
 * Encryption at rest of consent records (README "Encryption"): the platform's AES-256-GCM field
 * cipher (platform/encryption.ts) with the records' key from config (RECORDS_KEY). The associated
 * data binds a value to its record and field (`<releaseId>:<field>`), so a ciphertext copied onto
 * another record or field fails to open; tampering (any changed byte) fails the tag check. Records
 * sealed before key ids (format 1) still open.
 */
export class RecordsCipher extends FieldCipher {
  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The records key must be 32 bytes');
    super(key);
  }
}

/** The associated data of a record's field or file. */
export const aadOf = (releaseId: string, field: string) => `${releaseId}:${field}`;
