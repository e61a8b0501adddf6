import { eq } from 'drizzle-orm';
import type { BankingSettings, PaymentGatewaySettingsInput, PaymentGatewaySettingsView } from '@stagepass/shared';
import { fieldError } from '../../platform/errors';
import { performerPayoutAccounts } from '../payments/payments.tables';
import type { Db } from '../../db/client';
import type { PaymentsService } from '../payments/payments.service';

type BankingView = BankingSettings;

/** The account number as shown back: `****` + its last 4 characters. */
export const maskAccount = (v: string) => (v ? `****${v.slice(-4)}` : '');

/** What PayoutSettingsService is built with (by the composition root, root.ts). */
export interface PayoutSettingsDeps {
  db: Db;
  /** Owns `performer_payout_accounts`: the writes go through it. */
  payments: PaymentsService;
}

/**
 * A creator's payout details, one `performer_payout_accounts` row (shared with the Stripe Connect
 * onboarding, which owns stripeAccountId/stripe_payouts_enabled):
 *  - banking (manual payouts): the account number is only ever answered masked. A PUT that sends
 *    the masked value back unchanged keeps the stored number.
 *  - gatewaySettings: payoutMethod, paypalEmail and the write-only taxId (answers say `taxIdSet`;
 *    a PUT without taxId keeps it, taxId '' removes it).
 */
export class PayoutSettingsService {
  constructor(private deps: PayoutSettingsDeps) {}

  private async row(userId: string) {
    const [r] = await this.deps.db.select().from(performerPayoutAccounts).where(eq(performerPayoutAccounts.userId, userId));
    return r ?? null;
  }

  private bankingView(b: Record<string, string>): BankingView | null {
    if (!b.bankAccount) return null;
    return {
      firstName: b.firstName ?? '', lastName: b.lastName ?? '', bankName: b.bankName ?? '', bankAccount: maskAccount(b.bankAccount),
      routingNumber: b.routingNumber ?? '', swiftCode: b.swiftCode ?? '', country: b.country ?? '', address: b.address ?? '',
    };
  }

  /** GET /performers/banking-settings: null until saved. */
  async getBanking(userId: string): Promise<BankingView | null> {
    return this.bankingView((await this.row(userId))?.banking ?? {});
  }

  async putBanking(userId: string, input: BankingSettings): Promise<BankingView> {
    const stored = (await this.row(userId))?.banking ?? {};
    const bankAccount = stored.bankAccount && input.bankAccount === maskAccount(stored.bankAccount) ? stored.bankAccount : input.bankAccount;
    if (bankAccount.startsWith('****')) throw fieldError('bankAccount', 'Enter the account number or IBAN');
    const banking: Record<string, string> = { ...input, bankAccount };
    await this.deps.payments.savePayoutDetails(userId, { banking });
    return this.bankingView(banking)!;
  }

  private gatewayView(r: Awaited<ReturnType<PayoutSettingsService['row']>>): PaymentGatewaySettingsView {
    const g = r?.gatewaySettings ?? {};
    const method = g.payoutMethod;
    return {
      payoutMethod: method === 'stripe' || method === 'bank' || method === 'paypal' ? method : null,
      paypalEmail: g.paypalEmail ?? '',
      taxIdSet: !!g.taxId,
      stripeAccountId: r?.stripeAccountId ?? null,
      stripePayoutsEnabled: r?.stripeChargesEnabled ?? false,
    };
  }

  /** GET /performers/payment-gateway-settings. */
  async getGateway(userId: string): Promise<PaymentGatewaySettingsView> {
    return this.gatewayView(await this.row(userId));
  }

  async putGateway(userId: string, input: PaymentGatewaySettingsInput): Promise<PaymentGatewaySettingsView> {
    if (input.payoutMethod === 'paypal' && !input.paypalEmail) throw fieldError('paypalEmail', 'Enter your PayPal e-mail address');
    const stored = (await this.row(userId))?.gatewaySettings ?? {};
    const gatewaySettings: Record<string, string> = { payoutMethod: input.payoutMethod, paypalEmail: input.paypalEmail ?? '' };
    const taxId = input.taxId === undefined ? stored.taxId : input.taxId;
    if (taxId) gatewaySettings.taxId = taxId;
    await this.deps.payments.savePayoutDetails(userId, { gatewaySettings });
    return this.gatewayView(await this.row(userId));
  }
}
