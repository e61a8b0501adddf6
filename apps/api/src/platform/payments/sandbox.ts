import crypto from 'node:crypto';
import { SANDBOX_TEST_CARDS, addSandboxCardSchema, type SandboxCardNumber } from '@stagepass/shared';
import { CardError, type ChargeRequest, type ChargeResult, type PaymentGateway, type SavedCard } from './gateway';

/**
 * The sandbox gateway: for local use, the demo and tests when no Stripe keys are configured. It
 * accepts only the well-known test card numbers (SANDBOX_TEST_CARDS) and answers like a card
 * network would for each. It never runs with NODE_ENV=production (payments.service refuses it).
 *
 * The card's outcome is kept in its token (`sbx_<outcome>_<last4>_<random>`), the way a real
 * gateway keeps the card behind its PaymentMethod id. Charges are idempotent per key.
 */
const OUTCOME_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  attach_ok_charge_fails: 'Your card was declined.',
};

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  private charges = new Map<string, ChargeResult>();

  async createCustomer(user: { id: string }): Promise<string> {
    return `sbx_cus_${user.id}`;
  }

  async attachCard(_customerId: string, input: unknown): Promise<SavedCard> {
    const card = addSandboxCardSchema.parse(input);
    const known = SANDBOX_TEST_CARDS[card.number as SandboxCardNumber];
    if (!known) throw new CardError('The sandbox accepts test card numbers only, e.g. 4242 4242 4242 4242.', 'invalid_number');
    const now = new Date();
    if (card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)) throw new CardError('Your card has expired.', 'expired_card');
    if (known.outcome === 'card_declined') throw new CardError(OUTCOME_MESSAGES.card_declined, 'card_declined');
    const last4 = card.number.slice(-4);
    return {
      providerCardId: `sbx_${known.outcome}_${last4}_${crypto.randomBytes(6).toString('hex')}`,
      brand: known.brand,
      last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.holderName ?? null,
    };
  }

  async detachCard(): Promise<void> {}

  async charge(req: ChargeRequest): Promise<ChargeResult> {
    const seen = this.charges.get(req.idempotencyKey);
    if (seen) return seen;
    const outcome = /^sbx_([a-z_]+)_\d{4}_/.exec(req.providerCardId)?.[1];
    const result: ChargeResult =
      outcome === 'succeeds'
        ? { status: 'succeeded', gatewayRef: `sbx_ch_${crypto.randomUUID()}` }
        : { status: 'failed', gatewayRef: `sbx_ch_${crypto.randomUUID()}`, failureMessage: OUTCOME_MESSAGES[outcome ?? ''] ?? 'Your card was declined.' };
    this.charges.set(req.idempotencyKey, result);
    if (this.charges.size > 10_000) this.charges.delete(this.charges.keys().next().value!);
    return result;
  }
}
