import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { isMask, maskTail, type BankingSettings, type PaymentGatewaySettingsInput, type PaymentGatewaySettingsView } from '@stagepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import { fieldError } from '../../platform/errors';
import type { DataKeyring, FieldCipher } from '../../platform/encryption';
import { performerPayoutAccounts } from '../payments/payments.tables';
import type { Db, DbOrTx } from '../../db/client';
import type { PaymentsService } from '../payments/payments.service';
import { creatorPayoutSecrets, type CreatorPayoutSecretsRow } from './payouts.tables';

type BankingView = BankingSettings;

/** The account number as shown back: `•••• ` + its last 4 characters (shared `maskTail`). */
export const maskAccount = maskTail;

/** Associated data of a creator's sealed payout details: a value opens on its own row and field only. */
export const payoutAad = (userId: string, field: 'banking' | 'taxId') => `payout:${userId}:${field}`;

/** What PayoutSettingsService is built with (by the composition root, root.ts). */
export interface PayoutSettingsDeps {
  db: Db;
  /** DATA_ENCRYPTION_KEY's keyring (platform/encryption.ts): bank details answer 503 without a key. */
  keyring: DataKeyring;
  log: FastifyBaseLogger;
  /** Owns `performer_payout_accounts`: the writes go through it. */
  payments: PaymentsService;
}

/**
 * A creator's payout details (README "Creator payout settings"):
 *  - banking (manual payouts): sealed whole in `creator_payout_secrets.banking_sealed`; the account
 *    number is only ever answered masked. A PUT that sends the mask back unchanged keeps it.
 *  - gateway settings: payoutMethod and paypalEmail in `performer_payout_accounts` (shared with
 *    the Stripe Connect onboarding); the write-only taxId sealed in `tax_id_sealed` (answers say
 *    `taxIdSet`; a PUT without taxId keeps it, taxId '' removes it).
 * Details saved in plain before encryption (`performer_payout_accounts.banking`, its
 * `gateway_settings.taxId`) are sealed and removed by `sealingSweep` when the API starts.
 */
export class PayoutSettingsService {
  constructor(private deps: PayoutSettingsDeps) {}

  private async account(userId: string, db: DbOrTx = this.deps.db) {
    const [r] = await db.select().from(performerPayoutAccounts).where(eq(performerPayoutAccounts.userId, userId));
    return r ?? null;
  }

  private async secrets(db: DbOrTx, userId: string): Promise<CreatorPayoutSecretsRow | null> {
    const [r] = await db.select().from(creatorPayoutSecrets).where(eq(creatorPayoutSecrets.userId, userId));
    return r ?? null;
  }

  private async saveSecrets(db: DbOrTx, userId: string, set: Partial<Pick<CreatorPayoutSecretsRow, 'bankingSealed' | 'taxIdSealed'>>): Promise<void> {
    await db.insert(creatorPayoutSecrets).values({ userId, ...set }).onConflictDoUpdate({ target: creatorPayoutSecrets.userId, set: { ...set, updatedAt: new Date() } });
  }

  /** The stored banking form in full (account number included), or null. Plain details left from before encryption are sealed first. */
  private async storedBanking(cipher: FieldCipher, userId: string): Promise<Record<string, string> | null> {
    let s = await this.secrets(this.deps.db, userId);
    if (!s?.bankingSealed && Object.keys((await this.account(userId))?.banking ?? {}).length) {
      await this.sealLegacy(cipher, userId);
      s = await this.secrets(this.deps.db, userId);
    }
    return s?.bankingSealed ? cipher.openJson<Record<string, string>>(s.bankingSealed, payoutAad(userId, 'banking')) : null;
  }

  private bankingView(b: Record<string, string> | null): BankingView | null {
    if (!b?.bankAccount) return null;
    return {
      firstName: b.firstName ?? '', lastName: b.lastName ?? '', bankName: b.bankName ?? '', bankAccount: maskAccount(b.bankAccount),
      routingNumber: b.routingNumber ?? '', swiftCode: b.swiftCode ?? '', country: b.country ?? '', address: b.address ?? '',
    };
  }

  /** GET /performers/banking-settings: null until saved; 503 without a key. */
  async getBanking(userId: string): Promise<BankingView | null> {
    return this.bankingView(await this.storedBanking(this.deps.keyring.cipher(), userId));
  }

  async putBanking(userId: string, input: BankingSettings): Promise<BankingView> {
    const cipher = this.deps.keyring.cipher();
    const stored = (await this.storedBanking(cipher, userId)) ?? {};
    const bankAccount = stored.bankAccount && input.bankAccount === maskAccount(stored.bankAccount) ? stored.bankAccount : input.bankAccount;
    if (isMask(bankAccount) || bankAccount.startsWith('****')) throw fieldError('bankAccount', 'Enter the account number or IBAN');
    const banking: Record<string, string> = { ...input, bankAccount };
    await this.saveSecrets(this.deps.db, userId, { bankingSealed: cipher.sealJson(banking, payoutAad(userId, 'banking')) });
    return this.bankingView(banking)!;
  }

  private async gatewayView(userId: string): Promise<PaymentGatewaySettingsView> {
    const [r, s] = await Promise.all([this.account(userId), this.secrets(this.deps.db, userId)]);
    const g = r?.gatewaySettings ?? {};
    const method = g.payoutMethod;
    return {
      payoutMethod: method === 'stripe' || method === 'bank' || method === 'paypal' ? method : null,
      paypalEmail: g.paypalEmail ?? '',
      taxIdSet: Boolean(s?.taxIdSealed || g.taxId),
      stripeAccountId: r?.stripeAccountId ?? null,
      stripePayoutsEnabled: r?.stripeChargesEnabled ?? false,
    };
  }

  /** GET /performers/payment-gateway-settings (nothing to decrypt: the tax id is never answered). */
  async getGateway(userId: string): Promise<PaymentGatewaySettingsView> {
    return this.gatewayView(userId);
  }

  async putGateway(userId: string, input: PaymentGatewaySettingsInput): Promise<PaymentGatewaySettingsView> {
    if (input.payoutMethod === 'paypal' && !input.paypalEmail) throw fieldError('paypalEmail', 'Enter your PayPal e-mail address');
    // A tax id to store needs the key (503 without it), before anything is written.
    const cipher = input.taxId ? this.deps.keyring.cipher() : null;
    const gatewaySettings: Record<string, string> = { payoutMethod: input.payoutMethod, paypalEmail: input.paypalEmail ?? '' };
    await this.deps.db.transaction(async (tx) => {
      if (input.taxId !== undefined) await this.saveSecrets(tx, userId, { taxIdSealed: input.taxId ? cipher!.sealText(input.taxId, payoutAad(userId, 'taxId')) : null });
      else {
        // Kept: a tax id still in plain (before the sweep sealed it) stays until then.
        const legacy = (await this.account(userId, tx))?.gatewaySettings?.taxId;
        if (legacy) gatewaySettings.taxId = legacy;
      }
      await this.deps.payments.savePayoutDetails(userId, { gatewaySettings }, tx);
    });
    return this.gatewayView(userId);
  }

  /**
   * One creator's details saved in plain before encryption: sealed into `creator_payout_secrets`
   * (unless a sealed value is already there, which is newer) and removed from
   * `performer_payout_accounts`, in one transaction.
   */
  private async sealLegacy(cipher: FieldCipher, userId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [a] = await tx.select().from(performerPayoutAccounts).where(eq(performerPayoutAccounts.userId, userId)).for('update');
      if (!a) return;
      const s = await this.secrets(tx, userId);
      const { taxId, ...gatewaySettings } = a.gatewaySettings ?? {};
      const set: Partial<Pick<CreatorPayoutSecretsRow, 'bankingSealed' | 'taxIdSealed'>> = {};
      if (Object.keys(a.banking ?? {}).length && !s?.bankingSealed) set.bankingSealed = cipher.sealJson(a.banking, payoutAad(userId, 'banking'));
      if (taxId && !s?.taxIdSealed) set.taxIdSealed = cipher.sealText(taxId, payoutAad(userId, 'taxId'));
      if (Object.keys(set).length) await this.saveSecrets(tx, userId, set);
      if (Object.keys(a.banking ?? {}).length) await this.deps.payments.savePayoutDetails(userId, { banking: {} }, tx);
      if (taxId !== undefined) await this.deps.payments.savePayoutDetails(userId, { gatewaySettings }, tx);
    });
  }

  /**
   * Run when the API starts (root.ts): (1) details saved in plain before encryption are sealed and
   * removed from the plain columns; (2) after a key rotation, values sealed under an older key
   * (DATA_ENCRYPTION_KEY_PREVIOUS) are sealed again under the current one — found in SQL by their
   * first 12 base64 characters. Without a key it does nothing and says what is left in plain.
   */
  async sealingSweep(): Promise<{ sealed: number; resealed: number }> {
    const plain = await this.deps.db
      .select({ userId: performerPayoutAccounts.userId })
      .from(performerPayoutAccounts)
      .where(or(ne(performerPayoutAccounts.banking, sql`'{}'::jsonb`), sql`${performerPayoutAccounts.gatewaySettings} ? 'taxId'`));
    const cipher = this.deps.keyring.cipherOrNull();
    if (!cipher) {
      if (plain.length) this.deps.log.warn({ creators: plain.length }, 'payout details saved before encryption stay in plain until DATA_ENCRYPTION_KEY is set');
      return { sealed: 0, resealed: 0 };
    }
    for (const r of plain) await this.sealLegacy(cipher, r.userId);
    const stale = (col: typeof creatorPayoutSecrets.bankingSealed | typeof creatorPayoutSecrets.taxIdSealed) => and(isNotNull(col), ne(sql`left(${col}, 12)`, cipher.currentPrefix));
    const rows = await this.deps.db.select().from(creatorPayoutSecrets).where(or(stale(creatorPayoutSecrets.bankingSealed), stale(creatorPayoutSecrets.taxIdSealed)));
    let resealed = 0;
    for (const r of rows) {
      const set: Partial<Pick<CreatorPayoutSecretsRow, 'bankingSealed' | 'taxIdSealed'>> = {};
      if (r.bankingSealed && !cipher.isCurrent(r.bankingSealed)) set.bankingSealed = cipher.resealText(r.bankingSealed, payoutAad(r.userId, 'banking'));
      if (r.taxIdSealed && !cipher.isCurrent(r.taxIdSealed)) set.taxIdSealed = cipher.resealText(r.taxIdSealed, payoutAad(r.userId, 'taxId'));
      // Conditional: a save in between (already under the current key) wins.
      const done = await this.deps.db
        .update(creatorPayoutSecrets)
        .set({ ...set, updatedAt: sql`${creatorPayoutSecrets.updatedAt}` })
        .where(and(eq(creatorPayoutSecrets.userId, r.userId), sql`${creatorPayoutSecrets.bankingSealed} is not distinct from ${r.bankingSealed}`, sql`${creatorPayoutSecrets.taxIdSealed} is not distinct from ${r.taxIdSealed}`))
        .returning({ id: creatorPayoutSecrets.userId });
      resealed += done.length;
    }
    return { sealed: plain.length, resealed };
  }
}
