import crypto from 'node:crypto';
import Stripe from 'stripe';
import { addStripeCardSchema } from '@stagepass/shared';
import {
  CardError, GatewayRefusal, TaxUnavailable, type ChargeRequest, type TaxAddress, type TaxCalculationRequest, type TaxCalculationResult, type ChargeResult, type DisputeEvidenceRequest, type GatewayBalanceTransaction, type GatewayDispute, type GatewayEvent, type GatewayRefund,
  type GatewaySubscriptionRequest, type GatewaySubscriptionResult, type PaymentGateway, type RefundRequest, type SavedCard, type StripeFactory,
} from './gateway';

/**
 * The Stripe provider, through the official SDK (v23; the types follow API version
 * `Stripe.API_VERSION`). Cards are PaymentMethods on a Customer, top-ups PaymentIntents confirmed
 * off-session, subscriptions Stripe Subscriptions with inline prices on one Product per creator,
 * payouts Connect (Express accounts + Transfers). Every creating call carries an idempotency key
 * so a retry never creates a second object at Stripe.
 *
 * `apiBase` (config STRIPE_API_BASE) points the SDK at another server: the tests' stand-in.
 */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(secretKey: string, private webhookSecret: string, apiBase?: string) {
    const base = apiBase ? new URL(apiBase) : null;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 30_000,
      appInfo: { name: 'Stagepass' },
      ...(base
        ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http', telemetry: false }
        : {}),
    });
  }

  async createCustomer(user: { id: string; email: string | null; name: string }): Promise<string> {
    const c = await this.stripe.customers.create(
      { ...(user.email ? { email: user.email } : {}), ...(user.name ? { name: user.name } : {}), metadata: { userId: user.id } },
      { idempotencyKey: `customer:${user.id}` },
    );
    return c.id;
  }

  /** Body of POST /stripe/cards: {paymentMethodId} made by Stripe Elements; attached to the customer. */
  async attachCard(customerId: string, input: unknown): Promise<SavedCard> {
    const { paymentMethodId } = addStripeCardSchema.parse(input);
    let pm: Stripe.PaymentMethod;
    try {
      pm = await this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) throw new CardError(err.message, err.code ?? 'card_declined');
      if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new CardError(err.code === 'resource_missing' ? 'This card was not found; please enter it again' : err.message, err.code ?? 'invalid_request');
      throw err;
    }
    if (pm.type !== 'card' || !pm.card) throw new CardError('Only cards can be saved', 'unsupported_payment_method');
    return {
      providerCardId: pm.id,
      brand: pm.card.brand,
      last4: pm.card.last4,
      expMonth: pm.card.exp_month,
      expYear: pm.card.exp_year,
      holderName: pm.billing_details?.name ?? null,
    };
  }

  async detachCard(providerCardId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(providerCardId);
    } catch (err) {
      // Already detached or gone at Stripe: the local card is removed all the same.
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw err;
    }
  }

  /**
   * A PaymentIntent confirmed at once with the saved card. succeeded → succeeded; requires_action
   * (3-D Secure) / processing → pending, settled later by payment_intent.succeeded; a card error →
   * failed with Stripe's message.
   */
  async charge(req: ChargeRequest): Promise<ChargeResult> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: req.amount, currency: req.currency, customer: req.customerId, payment_method: req.providerCardId,
          // On session the bank may ask for 3-D Secure (card only: no redirect-based methods, so no return_url).
          confirm: true, ...(req.onSession ? { payment_method_types: ['card'] } : { off_session: true }),
          description: req.description, metadata: req.metadata,
        },
        { idempotencyKey: req.idempotencyKey },
      );
      if (pi.status === 'succeeded') return { status: 'succeeded', gatewayRef: pi.id };
      if (pi.status === 'requires_action' && req.onSession && pi.client_secret) return { status: 'pending', gatewayRef: pi.id, clientSecret: pi.client_secret };
      if (pi.status === 'requires_action' || pi.status === 'processing' || pi.status === 'requires_confirmation' || pi.status === 'requires_capture') return { status: 'pending', gatewayRef: pi.id };
      return { status: 'failed', gatewayRef: pi.id, failureMessage: pi.last_payment_error?.message ?? 'Your card was declined.' };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        return { status: 'failed', gatewayRef: err.payment_intent?.id ?? `failed:${req.idempotencyKey}`, failureMessage: err.message || 'Your card was declined.' };
      }
      throw err;
    }
  }

  /** One Product per creator (and display name); prices are inline (price_data) on each subscription. */
  private async productFor(performer: { id: string; name: string }): Promise<string> {
    const name = `Subscription to ${performer.name}`.slice(0, 250);
    const nameHash = crypto.createHash('sha256').update(name).digest('hex').slice(0, 12);
    const product = await this.stripe.products.create({ name, metadata: { performerId: performer.id } }, { idempotencyKey: `product:${performer.id}:${nameHash}` });
    return product.id;
  }

  readonly subscriptions = {
    create: async (req: GatewaySubscriptionRequest): Promise<GatewaySubscriptionResult> => {
      const product = await this.productFor(req.performer);
      const couponIds: string[] = [];
      // A promotion (issue 30 §3): its amount off every one of its first months, as Stripe's own repeating coupon.
      if (req.promotion && req.promotion.amountOff > 0) {
        const coupon = await this.stripe.coupons.create(
          { amount_off: req.promotion.amountOff, currency: req.currency, duration: 'repeating', duration_in_months: req.promotion.months, max_redemptions: 1, name: 'Promotion', metadata: { subscriptionId: req.subscriptionId } },
          { idempotencyKey: `${req.idempotencyKey}:promotion` },
        );
        couponIds.push(coupon.id);
      }
      const promoted = req.monthlyAmount - (req.promotion?.amountOff ?? 0);
      if (req.firstAmount !== undefined && req.firstAmount < promoted) {
        const coupon = await this.stripe.coupons.create(
          { amount_off: promoted - req.firstAmount, currency: req.currency, duration: 'once', max_redemptions: 1, name: 'First period discount', metadata: { subscriptionId: req.subscriptionId } },
          { idempotencyKey: `${req.idempotencyKey}:coupon` },
        );
        couponIds.push(coupon.id);
      }
      const tax = req.tax;
      const automatic = tax && 'automatic' in tax ? tax.automatic : null;
      // Stripe Tax reads the customer's address: the fan's place, set before the subscription.
      if (automatic) await this.tax.setCustomerAddress(req.customerId, automatic.address);
      let sub: Stripe.Subscription;
      try {
        sub = await this.stripe.subscriptions.create(
          {
            customer: req.customerId,
            items: [{ price_data: { currency: req.currency, product, unit_amount: req.monthlyAmount, recurring: { interval: 'month', interval_count: req.intervalMonths ?? 1 }, ...(automatic ? { tax_behavior: automatic.inclusive ? 'inclusive' as const : 'exclusive' as const } : {}) } }],
            ...(tax && 'taxRateId' in tax ? { default_tax_rates: [tax.taxRateId] } : {}),
            ...(automatic ? { automatic_tax: { enabled: true } } : {}),
            default_payment_method: req.providerCardId,
            ...(req.trialDays > 0 ? { trial_period_days: req.trialDays } : {}),
            ...(couponIds.length ? { discounts: couponIds.map((coupon) => ({ coupon })) } : {}),
            metadata: { subscriptionId: req.subscriptionId, performerId: req.performer.id },
            // The first payment succeeds now or the call fails (402) and no subscription is left.
            payment_behavior: 'error_if_incomplete',
            off_session: true,
            expand: ['latest_invoice'],
          },
          { idempotencyKey: req.idempotencyKey },
        );
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          return { gatewayRef: '', status: 'incomplete', currentPeriodEnd: new Date(), firstPayment: null, failureMessage: err.message || 'Your card was declined.' };
        }
        throw err;
      }
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      const status = mapSubscriptionStatus(sub.status);
      return {
        gatewayRef: sub.id,
        status,
        currentPeriodEnd: subscriptionPeriodEnd(sub),
        firstPayment: status === 'active' && invoice && invoice.status === 'paid' ? { gatewayRef: invoice.id!, amount: invoice.amount_paid, tax: invoiceTax(invoice) } : null,
        ...(status === 'incomplete' ? { failureMessage: 'Your card was declined.' } : {}),
      };
    },
    cancelAtPeriodEnd: async (gatewayRef: string): Promise<void> => {
      await this.stripe.subscriptions.update(gatewayRef, { cancel_at_period_end: true });
    },
    resume: async (gatewayRef: string): Promise<void> => {
      await this.stripe.subscriptions.update(gatewayRef, { cancel_at_period_end: false });
    },
    /**
     * subscriptions.update of its one item with a new inline price (same Product, currency, monthly
     * interval and tax behaviour as the current one) and `proration_behavior: 'none'`: Stripe bills
     * nothing now and the next invoice at the new price; `billing_cycle_anchor` is left as it is.
     */
    changePrice: async (req: { gatewayRef: string; monthlyAmount: number; currency: string; idempotencyKey: string }): Promise<void> => {
      const sub = await this.stripe.subscriptions.retrieve(req.gatewayRef);
      const item = sub.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${req.gatewayRef} has no item`);
      if (item.price.unit_amount === req.monthlyAmount) return;
      const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
      const taxBehavior = item.price.tax_behavior === 'inclusive' || item.price.tax_behavior === 'exclusive' ? item.price.tax_behavior : null;
      await this.stripe.subscriptions.update(
        req.gatewayRef,
        {
          items: [{ id: item.id, price_data: { currency: req.currency, product, unit_amount: req.monthlyAmount, recurring: { interval: 'month' }, ...(taxBehavior ? { tax_behavior: taxBehavior } : {}) } }],
          proration_behavior: 'none',
        },
        { idempotencyKey: req.idempotencyKey },
      );
    },
    /**
     * Through a Subscription Schedule (changing a subscription's interval directly would bill a new
     * period now): phase 1 is the current period as it is (its price, to its end), phase 2 one
     * period of the new terms (a new inline price: same Product, currency and tax behaviour; the
     * subscription's tax settings restated), then the schedule releases the subscription, which
     * goes on with phase 2's price. Back to the current terms: the schedule is released before the
     * period ends, nothing changes.
     */
    setRenewal: async (req: { gatewayRef: string; months: number; amount: number; currency: string; idempotencyKey: string }): Promise<void> => {
      const sub = await this.stripe.subscriptions.retrieve(req.gatewayRef);
      const item = sub.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${req.gatewayRef} has no item`);
      const scheduleId = typeof sub.schedule === 'string' ? sub.schedule : (sub.schedule?.id ?? null);
      const currentMonths = item.price.recurring?.interval_count ?? 1;
      if (currentMonths === req.months && item.price.unit_amount === req.amount) {
        if (scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId, {}, { idempotencyKey: `${req.idempotencyKey}:release` });
        return;
      }
      const schedule = scheduleId ?? (await this.stripe.subscriptionSchedules.create({ from_subscription: req.gatewayRef }, { idempotencyKey: `${req.idempotencyKey}:schedule` })).id;
      const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
      const taxBehavior = item.price.tax_behavior === 'inclusive' || item.price.tax_behavior === 'exclusive' ? item.price.tax_behavior : null;
      const taxRates = (sub.default_tax_rates ?? []).map((r) => r.id);
      const tax = { ...(sub.automatic_tax?.enabled ? { automatic_tax: { enabled: true } } : {}), ...(taxRates.length ? { default_tax_rates: taxRates } : {}) };
      await this.stripe.subscriptionSchedules.update(
        schedule,
        {
          end_behavior: 'release',
          phases: [
            { items: [{ price: item.price.id, quantity: 1 }], start_date: item.current_period_start, end_date: item.current_period_end, proration_behavior: 'none', ...tax },
            {
              items: [{ price_data: { currency: req.currency, product, unit_amount: req.amount, recurring: { interval: 'month', interval_count: req.months }, ...(taxBehavior ? { tax_behavior: taxBehavior } : {}) }, quantity: 1 }],
              duration: { interval: 'month', interval_count: req.months },
              proration_behavior: 'none',
              ...tax,
            },
          ],
        },
        { idempotencyKey: req.idempotencyKey },
      );
    },
    cancelNow: async (gatewayRef: string): Promise<void> => {
      try {
        await this.stripe.subscriptions.cancel(gatewayRef);
      } catch (err) {
        // Already canceled (or gone) at Stripe: it has ended, which is what was asked.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw err;
      }
    },
  };

  readonly tax = {
    calculate: async (req: TaxCalculationRequest): Promise<TaxCalculationResult> => {
      const calc = await taxCall(() =>
        this.stripe.tax.calculations.create({
          currency: req.currency,
          customer_details: { address: { country: req.address.country, ...(req.address.state ? { state: req.address.state } : {}) }, address_source: 'billing' },
          line_items: [{ amount: req.amount, reference: req.reference.slice(0, 500), tax_behavior: req.inclusive ? 'inclusive' : 'exclusive', tax_code: req.taxCode }],
        }),
      );
      const tax = req.inclusive ? calc.tax_amount_inclusive : calc.tax_amount_exclusive;
      const taxed = calc.tax_breakdown.find((b) => b.amount > 0) ?? null;
      const rate = taxed ? Math.round(Number(taxed.tax_rate_details.percentage_decimal) * 100) : 0;
      return { id: calc.id, tax, total: calc.amount_total, net: req.inclusive ? req.amount - tax : req.amount, label: taxLabel(taxed?.tax_rate_details.tax_type ?? null), rateBps: Number.isFinite(rate) ? rate : 0 };
    },
    recordTransaction: async (req: { calculationId: string; reference: string }): Promise<{ id: string }> => {
      const t = await taxCall(() => this.stripe.tax.transactions.createFromCalculation({ calculation: req.calculationId, reference: req.reference.slice(0, 500) }, { idempotencyKey: `tax-transaction:${req.reference}` }));
      return { id: t.id };
    },
    reverse: async (req: { transactionId: string; reference: string; full: boolean; flatAmount: number }): Promise<{ id: string }> => {
      const t = await taxCall(() =>
        this.stripe.tax.transactions.createReversal(
          { original_transaction: req.transactionId, reference: req.reference.slice(0, 500), ...(req.full ? { mode: 'full' as const } : { mode: 'partial' as const, flat_amount: -req.flatAmount }) },
          { idempotencyKey: `tax-reversal:${req.reference}` },
        ),
      );
      return { id: t.id };
    },
    taxRate: async (req: { label: string; rateBps: number; inclusive: boolean; country: string; state: string | null; idempotencyKey: string }): Promise<string> => {
      const r = await taxCall(() =>
        this.stripe.taxRates.create(
          { display_name: req.label.slice(0, 50), percentage: req.rateBps / 100, inclusive: req.inclusive, country: req.country, ...(req.state ? { state: req.state } : {}) },
          { idempotencyKey: req.idempotencyKey },
        ),
      );
      return r.id;
    },
    setCustomerAddress: async (customerId: string, address: TaxAddress): Promise<void> => {
      await taxCall(() => this.stripe.customers.update(customerId, { address: { country: address.country, ...(address.state ? { state: address.state } : {}) } }));
    },
  };

  /** refunds.create on the PaymentIntent (our refund id in metadata; the idempotency key per refund). */
  async refund(req: RefundRequest): Promise<GatewayRefund> {
    try {
      const r = await this.stripe.refunds.create(
        { payment_intent: req.chargeRef, amount: req.amount, reason: 'requested_by_customer', metadata: { ...req.metadata, reason: req.reason.slice(0, 500) } },
        { idempotencyKey: req.idempotencyKey },
      );
      return stripeRefund(r);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) throw new GatewayRefusal(err.message);
      throw err;
    }
  }

  readonly disputes = {
    /** disputes.update with the evidence (Stripe's field names); `submit` answers the dispute now. */
    submitEvidence: async (req: DisputeEvidenceRequest): Promise<GatewayDispute> => {
      try {
        return stripeDispute(await this.stripe.disputes.update(req.ref, { evidence: req.evidence, submit: req.submit }));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new GatewayRefusal(err.message);
        throw err;
      }
    },
  };

  readonly connect = {
    createAccount: async (user: { id: string; email: string | null; country: string | null }): Promise<string> => {
      const acct = await this.stripe.accounts.create(
        {
          type: 'express',
          ...(user.email ? { email: user.email } : {}),
          ...(user.country && /^[A-Z]{2}$/i.test(user.country) ? { country: user.country.toUpperCase() } : {}),
          capabilities: { transfers: { requested: true } },
          metadata: { userId: user.id },
        },
        { idempotencyKey: `account:${user.id}` },
      );
      return acct.id;
    },
    onboardingLink: async (accountId: string, returnUrl: string, refreshUrl: string): Promise<string> => {
      const link = await this.stripe.accountLinks.create({ account: accountId, return_url: returnUrl, refresh_url: refreshUrl, type: 'account_onboarding' });
      return link.url;
    },
    payoutsEnabled: async (accountId: string): Promise<boolean> => {
      const acct = await this.stripe.accounts.retrieve(accountId);
      return Boolean(acct.payouts_enabled);
    },
    transfer: async (req: { accountId: string; amount: number; currency: string; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ gatewayRef: string }> => {
      const tr = await this.stripe.transfers.create({ amount: req.amount, currency: req.currency, destination: req.accountId, metadata: req.metadata }, { idempotencyKey: req.idempotencyKey });
      return { gatewayRef: tr.id };
    },
  };

  /** balanceTransactions.list for [from, to), every page (the SDK's auto-pagination), with each one's source to name our object. */
  async *balanceTransactions(range: { from: Date; to: Date }): AsyncIterable<GatewayBalanceTransaction> {
    const created = { gte: Math.floor(range.from.getTime() / 1000), lt: Math.floor(range.to.getTime() / 1000) };
    for await (const bt of this.stripe.balanceTransactions.list({ created, limit: 100, expand: ['data.source'] })) yield stripeBalanceTransaction(bt);
  }

  /** The event about `objectId` among events.list of those types in the range (at most 1,000 looked at). */
  async findEvent(objectId: string, types: string[], range: { from: Date; to: Date }): Promise<string | null> {
    const created = { gte: Math.floor(range.from.getTime() / 1000), lt: Math.floor(range.to.getTime() / 1000) };
    let seen = 0;
    for await (const ev of this.stripe.events.list({ types, created, limit: 100 })) {
      const o = ev.data.object as unknown as { id?: string; payment_intent?: unknown };
      if (o.id === objectId || idOf(o.payment_intent) === objectId) return ev.id;
      if (++seen >= 1000) break;
    }
    return null;
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent {
    return verifyStripeEvent(rawBody, signature, this.webhookSecret);
  }
}

/**
 * Checks a webhook delivery's `Stripe-Signature` against the signing secret (and its timestamp
 * against Stripe's default 5-minute tolerance); throws on any mismatch. `webhookSecret` may list
 * several secrets separated by commas: each Stripe endpoint has its own (the account's endpoint
 * and the Connect endpoint that receives account.updated), and both may point here.
 */
export function verifyStripeEvent(rawBody: Buffer, signature: string | undefined, webhookSecret: string): GatewayEvent {
  const secrets = webhookSecret.split(',').map((s) => s.trim()).filter(Boolean);
  if (secrets.length === 0) throw new Error('No Stripe webhook signing secret is configured');
  if (!signature) throw new Error('Missing Stripe-Signature header');
  let lastError: unknown;
  for (const secret of secrets) {
    try {
      const ev = Stripe.webhooks.constructEvent(rawBody, signature, secret);
      return { id: ev.id, type: ev.type, created: ev.created, data: ev.data as unknown as Record<string, unknown> };
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

function mapSubscriptionStatus(s: Stripe.Subscription.Status): GatewaySubscriptionResult['status'] {
  switch (s) {
    case 'active':
    case 'trialing':
    case 'incomplete':
    case 'past_due':
    case 'canceled':
      return s as GatewaySubscriptionResult['status'];
    case 'unpaid':
      return 'past_due';
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

/** End of the current period: on the items since API 2025-03-31 (the trial end while trialing). */
export function subscriptionPeriodEnd(sub: Stripe.Subscription): Date {
  const ends = sub.items.data.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number');
  const end = ends.length ? Math.max(...ends) : sub.trial_end ?? Math.floor(Date.now() / 1000);
  return new Date(end * 1000);
}

const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null);

/**
 * A Stripe Dispute in the gateway's words: the charge is its PaymentIntent (the charge id when it has
 * none); what was withdrawn and reinstated is read from its balance transactions (a negative one:
 * the amount and fee taken; a positive one: the amount back and, as a negative fee, the fee returned).
 */
export function stripeDispute(d: Stripe.Dispute): GatewayDispute {
  const bts = (d.balance_transactions ?? []).filter((b) => b && typeof b === 'object');
  const out = bts.filter((b) => b.amount < 0);
  const back = bts.filter((b) => b.amount > 0);
  return {
    ref: d.id,
    chargeRef: idOf(d.payment_intent) ?? idOf(d.charge) ?? '',
    amount: d.amount,
    currency: d.currency,
    reason: d.reason,
    status: d.status,
    dueBy: d.evidence_details?.due_by ? new Date(d.evidence_details.due_by * 1000) : null,
    withdrawn: out.length ? { amount: -out.reduce((s, b) => s + b.amount, 0), fee: out.reduce((s, b) => s + (b.fee ?? 0), 0) } : null,
    reinstated: back.length ? { amount: back.reduce((s, b) => s + b.amount, 0), feeReturned: Math.max(0, -back.reduce((s, b) => s + (b.fee ?? 0), 0)) } : null,
  };
}

const KIND_BY_CATEGORY: Record<string, GatewayBalanceTransaction['kind']> = {
  charge: 'charge', refund: 'refund', refund_failure: 'refund_failure', dispute: 'dispute', dispute_reversal: 'dispute_reversal',
};

/**
 * A Stripe balance transaction in the gateway's words: its kind by `reporting_category`, the object
 * it names — a charge's PaymentIntent (what our payments record; the charge id when it has none),
 * a refund's or a dispute's id — from its (expanded) source.
 */
export function stripeBalanceTransaction(bt: Stripe.BalanceTransaction): GatewayBalanceTransaction {
  const kind = KIND_BY_CATEGORY[bt.reporting_category] ?? null;
  const source = bt.source as unknown;
  const ref = kind === 'charge' && source && typeof source === 'object' ? idOf((source as { payment_intent?: unknown }).payment_intent) ?? idOf(source) : idOf(source);
  return { id: bt.id, kind, ref, amount: bt.amount, fee: bt.fee, currency: bt.currency, created: new Date(bt.created * 1000) };
}

/** A Stripe Refund in the gateway's words. */
export function stripeRefund(r: Stripe.Refund): GatewayRefund {
  const status = r.status === 'succeeded' || r.status === 'failed' || r.status === 'canceled' ? r.status : 'pending';
  return {
    ref: r.id, chargeRef: idOf(r.payment_intent) ?? idOf(r.charge), amount: r.amount, status,
    failureMessage: status === 'failed' || status === 'canceled' ? `The refund ${status === 'failed' ? 'failed' : 'was canceled'}${r.failure_reason ? ` (${r.failure_reason})` : ''}` : null,
    metadata: { ...(r.metadata ?? {}) },
  };
}

/** A Stripe Tax call: any failure (network, 5xx, Stripe Tax not set up, an address it refuses) → TaxUnavailable with Stripe's words. */
async function taxCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) throw new TaxUnavailable(err.message);
    throw new TaxUnavailable(err instanceof Error ? err.message : String(err));
  }
}

const TAX_TYPE_LABELS: Record<string, string> = { vat: 'VAT', gst: 'GST', hst: 'HST', pst: 'PST', qst: 'QST', igst: 'IGST', jct: 'JCT', rst: 'RST', sales_tax: 'Sales tax' };
/** The receipt's name of a Stripe Tax breakdown's tax type ("VAT", "Sales tax"; else its words). */
export function taxLabel(taxType: string | null): string {
  if (!taxType) return 'Tax';
  return TAX_TYPE_LABELS[taxType] ?? taxType.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** An invoice's tax (API 2025-03-31+: `total_taxes[].amount`), minor units. */
export function invoiceTax(inv: Pick<Stripe.Invoice, 'total_taxes'>): number {
  return (inv.total_taxes ?? []).reduce((s, t) => s + (t.amount ?? 0), 0);
}

/** The factory the composition root hands to the payments service (which never imports the SDK). */
export const stripeGatewayFactory = (apiBase?: string): StripeFactory => (secretKey, webhookSecret) => new StripeGateway(secretKey, webhookSecret, apiBase);
