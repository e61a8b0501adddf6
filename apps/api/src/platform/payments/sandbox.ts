import crypto from 'node:crypto';
import { SANDBOX_TEST_CARDS, addSandboxCardSchema, type SandboxCardNumber } from '@stagepass/shared';
import {
  CardError, type ChargeRequest, type ChargeResult, type DisputeEvidenceRequest, type GatewayDispute, type GatewayRefund, type PaymentGateway, type RefundRequest, type SavedCard,
} from './gateway';

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

/** The sandbox's dispute fee (minor units), like Stripe's $15; not given back when a dispute is won (as at Stripe in the US). */
export const SANDBOX_DISPUTE_FEE = 1500;
/** Days the sandbox gives to answer a dispute. */
export const SANDBOX_DISPUTE_DAYS = 7;

/** One event of a simulated dispute, shaped like the ones Stripe's webhooks bring (payments README "Disputes"). */
export interface SandboxDisputeEvent { id: string; type: string; created: number; dispute: GatewayDispute }

/**
 * A simulated dispute's events, in Stripe's order: a new one (`existing` null) opens with its money
 * taken at once (`charge.dispute.created`, `charge.dispute.funds_withdrawn`); an `outcome` then
 * decides it (won: `charge.dispute.funds_reinstated` — the amount back, the fee kept — and
 * `charge.dispute.closed`; lost: `charge.dispute.closed`). Pure: the sandbox keeps no dispute state,
 * the API's own record is its memory. Ids are random (`sbx_dp_…`, `sbx_evt_…`).
 */
export function sandboxDisputeEvents(p: { existing: GatewayDispute | null; chargeRef: string; amount: number; currency: string; reason: string; outcome?: 'won' | 'lost'; now: Date }): SandboxDisputeEvent[] {
  const created = Math.floor(p.now.getTime() / 1000);
  const ev = (type: string, dispute: GatewayDispute): SandboxDisputeEvent => ({ id: `sbx_evt_${crypto.randomUUID()}`, type, created, dispute: { ...dispute } });
  const out: SandboxDisputeEvent[] = [];
  let d = p.existing;
  if (!d) {
    d = {
      ref: `sbx_dp_${crypto.randomUUID()}`, chargeRef: p.chargeRef, amount: p.amount, currency: p.currency, reason: p.reason, status: 'needs_response',
      dueBy: new Date(p.now.getTime() + SANDBOX_DISPUTE_DAYS * 86_400_000), withdrawn: { amount: p.amount, fee: SANDBOX_DISPUTE_FEE }, reinstated: null,
    };
    out.push(ev('charge.dispute.created', d), ev('charge.dispute.funds_withdrawn', d));
  }
  if (p.outcome === 'won') {
    d = { ...d, status: 'won', dueBy: null, reinstated: { amount: d.amount, feeReturned: 0 } };
    out.push(ev('charge.dispute.funds_reinstated', d), ev('charge.dispute.closed', d));
  } else if (p.outcome === 'lost') {
    d = { ...d, status: 'lost', dueBy: null };
    out.push(ev('charge.dispute.closed', d));
  }
  return out;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  private charges = new Map<string, ChargeResult>();
  private refunds = new Map<string, GatewayRefund>();

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

  /** Refunds always go through, at once; the same key answers the same refund. */
  async refund(req: RefundRequest): Promise<GatewayRefund> {
    const seen = this.refunds.get(req.idempotencyKey);
    if (seen) return seen;
    const r: GatewayRefund = { ref: `sbx_re_${crypto.randomUUID()}`, chargeRef: req.chargeRef, amount: req.amount, status: 'succeeded', failureMessage: null, metadata: { ...req.metadata } };
    this.refunds.set(req.idempotencyKey, r);
    if (this.refunds.size > 10_000) this.refunds.delete(this.refunds.keys().next().value!);
    return r;
  }

  /** Evidence is recorded by the API (its dispute row); submitted, the dispute goes under review. */
  readonly disputes = {
    submitEvidence: async (req: DisputeEvidenceRequest): Promise<GatewayDispute> => {
      const d = req.current;
      if (!req.submit) return { ...d };
      const status = d.status === 'warning_needs_response' ? 'warning_under_review' : d.status === 'needs_response' ? 'under_review' : d.status;
      return { ...d, status, dueBy: null };
    },
  };
}
