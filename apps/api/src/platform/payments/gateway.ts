import type { GatewayName } from '@stagepass/shared';

/**
 * The card payment gateway as the money modules see it. Two providers: `stripe` (the official SDK;
 * stripe.ts) and `sandbox` (test cards, local only; sandbox.ts). Amounts are integer minor units.
 */
export interface SavedCard {
  providerCardId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName?: string | null;
}

export interface ChargeRequest {
  customerId: string;
  providerCardId: string;
  amount: number;
  currency: string;
  description: string;
  /** Passed to the gateway so that a retried request never charges twice there. */
  idempotencyKey: string;
  metadata: Record<string, string>;
  /**
   * The customer is at the screen (a top-up they just asked for): the bank may ask them to
   * authenticate (3-D Secure), answered as `pending` with a `clientSecret` for the browser. Off
   * session (renewals): no one can authenticate, such a charge fails.
   */
  onSession?: boolean;
}
export interface ChargeResult {
  /** `pending`: the gateway will confirm later (webhook). */
  status: 'succeeded' | 'pending' | 'failed';
  gatewayRef: string;
  failureMessage?: string;
  /** pending because the customer must authenticate: hand this to Stripe.js (handleNextAction). */
  clientSecret?: string;
}

export interface GatewaySubscriptionRequest {
  customerId: string;
  providerCardId: string;
  /** Our subscription id (metadata, so webhooks find it). */
  subscriptionId: string;
  performer: { id: string; name: string };
  /** The price of each period (minor units, before tax): a month's, or a bundle's whole N months when `intervalMonths` is set. */
  monthlyAmount: number;
  /** A bundle (subscriptions README "Bundles"): the period is this many months (Stripe `interval_count`); absent: 1. */
  intervalMonths?: number;
  currency: string;
  /** Free trial length (free subscriptions), 0 for none. */
  trialDays: number;
  /** The first period's price after a coupon (before any tax), when it differs from monthlyAmount. */
  firstAmount?: number;
  /**
   * A promotion (issue 30 §3): `amountOff` (minor units) off each of the first `months` periods —
   * a Stripe coupon with duration `repeating`. `firstAmount` then is the first period's price after
   * the promotion and any coupon (the coupon's part is a second, once-only discount).
   */
  promotion?: { amountOff: number; months: number };
  idempotencyKey: string;
  /**
   * Sales tax on every invoice (taxes README "Stripe"): a TaxRate made from the operator's rule
   * (`default_tax_rates`), or Stripe Tax (`automatic_tax`, the price tax-inclusive or not; the
   * customer's address set first from the fan's place). Absent: untaxed.
   */
  tax?: { taxRateId: string } | { automatic: { inclusive: boolean; address: TaxAddress } };
}
export interface GatewaySubscriptionResult {
  gatewayRef: string;
  /** active / trialing → access now; incomplete → the first payment failed. */
  status: 'active' | 'trialing' | 'incomplete' | 'past_due' | 'canceled';
  currentPeriodEnd: Date;
  /** The first invoice, when one was paid now (`tax`: its total_taxes, minor units). */
  firstPayment: { gatewayRef: string; amount: number; tax: number } | null;
  failureMessage?: string;
}

/**
 * A dispute (chargeback) as the gateway reports it, in its words — Stripe's statuses and reasons;
 * the sandbox uses the same. Minor units. Every event about a dispute carries the whole of it.
 */
export interface GatewayDispute {
  /** Stripe dp_…, sandbox sbx_dp_…. */
  ref: string;
  /** The charge it is about: Stripe's PaymentIntent id (its charge id when it has none), the sandbox's charge id. */
  chargeRef: string;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  dueBy: Date | null;
  /** Taken from the site's balance for it (the disputed amount and the gateway's fee); null while nothing was (an inquiry). */
  withdrawn: { amount: number; fee: number } | null;
  /** Given back (won): the amount and the part of the fee returned. */
  reinstated: { amount: number; feeReturned: number } | null;
}
/** Evidence sent for a dispute (Stripe's evidence fields, snake_case), `submit` to answer now. */
export interface DisputeEvidenceRequest {
  ref: string;
  evidence: Record<string, string>;
  submit: boolean;
  /** The dispute as we hold it (the sandbox keeps no state of its own: it answers from this). */
  current: GatewayDispute;
}

/** A refund to the card. `metadata.refundId`: ours, so the gateway's events find our record. */
export interface RefundRequest {
  chargeRef: string;
  amount: number;
  currency: string;
  reason: string;
  /** The same key → the same refund at the gateway (a retry never refunds twice). */
  idempotencyKey: string;
  metadata: Record<string, string>;
}
export interface GatewayRefund {
  /** Stripe re_…, sandbox sbx_re_…. */
  ref: string;
  chargeRef: string | null;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failureMessage: string | null;
  metadata: Record<string, string>;
}

/**
 * One movement of the site's balance at the gateway (Stripe's balance transaction), reduced to what
 * reconciliation compares (payments README "Reconciliation"). `ref` is the object our records name:
 * a charge's PaymentIntent (its charge id when it has none), a refund's id, a dispute's id.
 * `amount` is signed as the gateway sees it (money in +, out −), `fee` its cost (a returned fee −).
 * Minor units. `kind` null: a movement reconciliation does not compare (payouts, transfers…).
 */
export interface GatewayBalanceTransaction {
  id: string;
  kind: 'charge' | 'refund' | 'refund_failure' | 'dispute' | 'dispute_reversal' | null;
  ref: string | null;
  amount: number;
  fee: number;
  currency: string;
  created: Date;
}

/** Where a fan is taxed, as Stripe Tax reads an address: ISO country and (US, Canada) the state / province. */
export interface TaxAddress {
  country: string;
  state: string | null;
}
/** One sale's tax asked of Stripe Tax (stripe.tax.calculations.create, one line item). Minor units. */
export interface TaxCalculationRequest {
  amount: number;
  currency: string;
  /** The line's reference: the sale's source. */
  reference: string;
  /** Stripe's product tax code (taxes README "Stripe Tax": the mapping by kind of sale). */
  taxCode: string;
  /** true: `amount` includes the tax (tax_behavior inclusive). */
  inclusive: boolean;
  address: TaxAddress;
}
/** Stripe Tax's answer: the tax, what the fan pays, what the split is on, and a label and rate for the receipt. */
export interface TaxCalculationResult {
  /** taxcalc_… (null when Stripe does not keep it: nothing to record). */
  id: string | null;
  tax: number;
  total: number;
  net: number;
  /** "VAT", "Sales tax"… (from the breakdown's tax type); rate in basis points (the first taxed breakdown's). */
  label: string;
  rateBps: number;
}
/** Stripe Tax could not answer (network, 5xx, not set up): the charge is refused (503), nothing moves. */
export class TaxUnavailable extends Error {}

/** The gateway answered no (a refund or evidence it refuses): shown to the operator, nothing happened there. */
export class GatewayRefusal extends Error {}

/** A verified webhook event, reduced to what the handlers read. */
export interface GatewayEvent {
  id: string;
  type: string;
  created: number;
  data: Record<string, unknown>;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  createCustomer(user: { id: string; email: string | null; name: string }): Promise<string>;
  /** Saves a card on the customer. Input is the provider's own body (validated by the route). */
  attachCard(customerId: string, input: unknown): Promise<SavedCard>;
  detachCard(providerCardId: string): Promise<void>;
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gateway-managed subscriptions (Stripe Subscriptions: the gateway renews and tells us by
   * webhook). Absent: our own renewal job charges the card each period (sandbox).
   */
  subscriptions?: {
    create(req: GatewaySubscriptionRequest): Promise<GatewaySubscriptionResult>;
    /** Stops renewal at the end of the period. */
    cancelAtPeriodEnd(gatewayRef: string): Promise<void>;
    /** Switches renewal back on before the period ends. */
    resume(gatewayRef: string): Promise<void>;
    /** Ends it now (a refunded or disputed period); already ended is fine. */
    cancelNow(gatewayRef: string): Promise<void>;
    /**
     * A tier change (subscriptions README "Tiers"): its item's monthly price becomes `monthlyAmount`
     * from the next renewal on — no proration at the gateway (we charge an upgrade's prorated
     * difference ourselves), the period and billing anchor unchanged, tax settings kept.
     */
    changePrice(req: { gatewayRef: string; monthlyAmount: number; currency: string; idempotencyKey: string }): Promise<void>;
    /**
     * How it renews once the current period ends (a bundle's renewal choice, subscriptions README
     * "Bundles"): every `months` months at `amount` (before tax). The current period is left as it
     * is and nothing is billed now; terms equal to the current period's drop any change set before.
     */
    setRenewal(req: { gatewayRef: string; months: number; amount: number; currency: string; idempotencyKey: string }): Promise<void>;
  };
  /**
   * Sales tax at the gateway (Stripe Tax and Stripe TaxRates; taxes README "Stripe"). Absent: the
   * gateway computes no tax (the sandbox: the operator's rules only). A failure → TaxUnavailable.
   */
  tax?: {
    /** stripe.tax.calculations.create: one line item, the customer's address (billing). */
    calculate(req: TaxCalculationRequest): Promise<TaxCalculationResult>;
    /** stripe.tax.transactions.createFromCalculation (`reference`: the sale's source; a retry answers the same transaction). */
    recordTransaction(req: { calculationId: string; reference: string }): Promise<{ id: string }>;
    /** stripe.tax.transactions.createReversal: full, or partial by `flatAmount` (what is given back, tax included, positive). */
    reverse(req: { transactionId: string; reference: string; full: boolean; flatAmount: number }): Promise<{ id: string }>;
    /** stripe.taxRates.create from a rule's version (one per `idempotencyKey`). */
    taxRate(req: { label: string; rateBps: number; inclusive: boolean; country: string; state: string | null; idempotencyKey: string }): Promise<string>;
    /** The customer's address (Stripe Tax on a subscription reads it): country and state. */
    setCustomerAddress(customerId: string, address: TaxAddress): Promise<void>;
  };
  /** Refunds (part of) a charge to the card. A refusal → GatewayRefusal. */
  refund(req: RefundRequest): Promise<GatewayRefund>;
  /** Answering disputes (Stripe: disputes.update with evidence). A refusal → GatewayRefusal. */
  disputes: {
    submitEvidence(req: DisputeEvidenceRequest): Promise<GatewayDispute>;
  };
  /**
   * The gateway's balance transactions created in [from, to), every page (Stripe:
   * balanceTransactions.list with auto-pagination). Absent: the gateway keeps no books of its own
   * that we can ask (the sandbox's are a table of the payments module).
   */
  balanceTransactions?(range: { from: Date; to: Date }): AsyncIterable<GatewayBalanceTransaction>;
  /** The id of the event the gateway sent about `objectId` (one of `types`, created in [from, to)), to name it in a mismatch's action; null when none is found. */
  findEvent?(objectId: string, types: string[], range: { from: Date; to: Date }): Promise<string | null>;
  /** Creator payouts (Stripe Connect). Absent: payouts are marked paid by hand. */
  connect?: {
    createAccount(user: { id: string; email: string | null; country: string | null }): Promise<string>;
    onboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<string>;
    payoutsEnabled(accountId: string): Promise<boolean>;
    transfer(req: { accountId: string; amount: number; currency: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ gatewayRef: string }>;
  };
  /** Verifies a webhook delivery (raw body + signature header); throws on a bad signature. */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): GatewayEvent;
}

/** A card refusal the user should see (400/402-style business error, not a crash). */
export class CardError extends Error {
  constructor(message: string, public code: string = 'card_declined') {
    super(message);
  }
}

/** Builds the Stripe provider for the site's keys (settings may change them at run time). */
export type StripeFactory = (secretKey: string, webhookSecret: string) => PaymentGateway;
