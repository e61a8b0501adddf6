import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { countries } from 'countries-list';
import {
  TAX_DETAILS_REQUIRED_CODE, TAX_MESSAGES, formatUsTin, isMask, maskTail,
  type TaxDetailsParsed, type TaxDetailsView, type TaxEntityType, type TaxForm,
} from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import { recordOperatorRead, type OperatorRead } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DataKeyring, FieldCipher } from '../../platform/encryption';
import { HttpError, badRequest, notFound, type FieldError } from '../../platform/errors';
import type { UserRow } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import { creatorTaxDetails, type CreatorTaxDetailsRow } from './taxes.tables';

/** What TaxDetailsService is built with (by the composition root, root.ts). */
export interface TaxDetailsDeps {
  clock: Clock;
  db: Db;
  /** DATA_ENCRYPTION_KEY's keyring (platform/encryption.ts): 503 without a key. */
  keyring: DataKeyring;
  users: Pick<UsersService, 'byId'>;
}

/** The sealed JSON: the form as given (the tax id in full), without the certification tick. */
type Stored = TaxDetailsParsed extends infer T ? (T extends unknown ? Omit<T, 'certify'> : never) : never;

/** Associated data of a creator's sealed tax details: the value opens on this row only. */
export const taxAad = (userId: string) => `tax:${userId}:details`;

const isCountry = (code: string) => Object.hasOwn(countries, code);

/**
 * A creator's tax details (issue 29 §4; README.md): the W-9-like or W-8BEN-like form, checked by
 * country, sealed whole (AES-256-GCM, DATA_ENCRYPTION_KEY) and answered with the tax id masked;
 * the operator's audited read; the payout gate (`assertReadyForPayout`); the re-sealing sweep
 * after a key rotation.
 */
export class TaxDetailsService {
  constructor(private deps: TaxDetailsDeps) {}

  private async row(db: DbOrTx, userId: string): Promise<CreatorTaxDetailsRow | null> {
    const [r] = await db.select().from(creatorTaxDetails).where(eq(creatorTaxDetails.userId, userId));
    return r ?? null;
  }

  private open(cipher: FieldCipher, r: CreatorTaxDetailsRow): Stored {
    return cipher.openJson<Stored>(r.detailsSealed, taxAad(r.userId));
  }

  /** The answer: the form with the tax id masked, never in full. */
  private view(stored: Stored, r: Pick<CreatorTaxDetailsRow, 'certifiedAt' | 'updatedAt'>): TaxDetailsView {
    const meta = { certify: true as const, certifiedAt: r.certifiedAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
    return stored.form === 'w9' ? { ...stored, ...meta, tin: maskTail(stored.tin) } : { ...stored, ...meta, foreignTaxId: maskTail(stored.foreignTaxId) };
  }

  /** GET /performers/tax-details: null until given; 503 without a key. */
  async get(userId: string): Promise<TaxDetailsView | null> {
    const cipher = this.deps.keyring.cipher(); // 503 without a key, given or not
    const r = await this.row(this.deps.db, userId);
    if (!r) return null;
    return this.view(this.open(cipher, r), r);
  }

  /**
   * PUT /performers/tax-details. The schema checked the form by country; here: the country codes
   * exist, and a masked tax id (sent back unchanged by the form) is replaced by the stored one —
   * only for the same form (and, on a W-9, the same kind of TIN), else 400 "enter the full number".
   * Each save certifies anew (certifiedAt = now).
   */
  async put(user: UserRow, input: TaxDetailsParsed): Promise<TaxDetailsView> {
    const cipher = this.deps.keyring.cipher();
    const errors: FieldError[] = [];
    const countryFields = input.form === 'w8ben' ? (['citizenshipCountry', 'addressCountry', 'treatyCountry'] as const) : [];
    for (const f of countryFields) {
      const v = input.form === 'w8ben' ? input[f] : '';
      if (v && !isCountry(v)) errors.push({ field: f, message: TAX_MESSAGES.unknownCountry });
    }
    const existing = await this.row(this.deps.db, user.id);
    const before = existing ? this.open(cipher, existing) : null;
    const { certify: _certified, ...fields } = input;
    let stored: Stored = fields;
    if (stored.form === 'w9') {
      if (isMask(stored.tin)) {
        const keep = before?.form === 'w9' && before.tinType === stored.tinType && maskTail(before.tin) === stored.tin ? before.tin : null;
        if (!keep) errors.push({ field: 'tin', message: TAX_MESSAGES.enterFullId });
        else stored = { ...stored, tin: keep };
      } else stored = { ...stored, tin: formatUsTin(stored.tinType, stored.tin) };
    } else if (isMask(stored.foreignTaxId)) {
      const keep = before?.form === 'w8ben' && maskTail(before.foreignTaxId) === stored.foreignTaxId ? before.foreignTaxId : null;
      if (!keep) errors.push({ field: 'foreignTaxId', message: TAX_MESSAGES.enterFullId });
      else stored = { ...stored, foreignTaxId: keep };
    }
    if (errors.length) throw badRequest(errors[0]!.message, errors);
    const now = this.deps.clock.now();
    const country = stored.form === 'w9' ? 'US' : stored.citizenshipCountry;
    const values = { form: stored.form as TaxForm, entityType: stored.entityType as TaxEntityType, country, detailsSealed: cipher.sealJson(stored, taxAad(user.id)), certifiedAt: now, updatedAt: now };
    const [saved] = await this.deps.db
      .insert(creatorTaxDetails)
      .values({ userId: user.id, ...values, createdAt: now })
      .onConflictDoUpdate({ target: creatorTaxDetails.userId, set: values })
      .returning();
    return this.view(stored, saved!);
  }

  /**
   * GET /admin/performers/{id}/tax-details: an operator's audited read (`tax_details.read`, the
   * reason required — recorded before anything is answered), the tax id masked. Not a creator → 404.
   */
  async adminGet(op: OperatorRead, performerId: string): Promise<TaxDetailsView | null> {
    const u = await this.deps.users.byId(performerId).catch(() => null);
    if (!u?.isPerformer) throw notFound('Creator not found');
    if (op.actor.actorId !== performerId) {
      await recordOperatorRead(this.deps.db, op, { action: 'tax_details.read', targetType: 'tax details', targetId: performerId, subjectIds: [performerId] });
    }
    return this.get(performerId);
  }

  /** Whether the creator has given tax details (the payout gate; no key needed). */
  async has(db: DbOrTx, userId: string): Promise<boolean> {
    const [r] = await db.select({ id: creatorTaxDetails.userId }).from(creatorTaxDetails).where(eq(creatorTaxDetails.userId, userId));
    return Boolean(r);
  }

  /** A payout request without tax details → 422 naming what is missing (code `tax_details_required`). */
  async assertReadyForPayout(db: DbOrTx, userId: string): Promise<void> {
    if (!(await this.has(db, userId))) throw new HttpError(422, TAX_MESSAGES.requiredForPayout, undefined, TAX_DETAILS_REQUIRED_CODE);
  }

  /**
   * After a key rotation (README "Encryption at rest"): every value not sealed under the current
   * key is sealed again under it — found in SQL by its first 12 base64 characters (version and key
   * id), a conditional UPDATE per row so a save in between wins. Answers how many were re-sealed.
   */
  async resealSweep(): Promise<number> {
    const cipher = this.deps.keyring.cipherOrNull();
    if (!cipher) return 0;
    const stale = await this.deps.db
      .select({ userId: creatorTaxDetails.userId, sealed: creatorTaxDetails.detailsSealed })
      .from(creatorTaxDetails)
      .where(and(isNotNull(creatorTaxDetails.detailsSealed), ne(sql`left(${creatorTaxDetails.detailsSealed}, 12)`, cipher.currentPrefix)));
    let n = 0;
    for (const r of stale) {
      const updated = await this.deps.db
        .update(creatorTaxDetails)
        .set({ detailsSealed: cipher.resealText(r.sealed, taxAad(r.userId)), updatedAt: sql`${creatorTaxDetails.updatedAt}` })
        .where(and(eq(creatorTaxDetails.userId, r.userId), eq(creatorTaxDetails.detailsSealed, r.sealed)))
        .returning({ id: creatorTaxDetails.userId });
      n += updated.length;
    }
    return n;
  }
}
