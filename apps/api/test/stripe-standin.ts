// Over 300 lines: one job, a stand-in for the parts of Stripe's HTTP API the tests drive (objects, form decoding, events, webhook delivery).
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { addDays, addMonths } from '../src/modules/subscriptions/periods';

/**
 * A local stand-in for Stripe's API servers, for tests: the real `stripe` SDK talks to it over
 * HTTP (point it here with STRIPE_API_BASE). It keeps, in memory, what the provider uses —
 * customers, PaymentMethods, PaymentIntents, products, coupons, subscriptions with their invoices,
 * Subscription Schedules (from a subscription: a phase's price takes over at a period's end),
 * Connect accounts, account links and transfers, disputes and refunds, and the balance transactions
 * of its charges, refunds and disputes (listed with created ranges, pages and expand) — answers in Stripe's JSON shapes, reads Stripe's
 * form-encoded bodies (bracket notation) and honours Idempotency-Key (same key → same answer).
 *
 * Test PaymentMethods (attach one to get a customer's own pm_… copy, as with Stripe's test tokens):
 * pm_card_visa / pm_card_mastercard succeed; pm_card_chargeDeclined (and pm_card_visa_chargeDeclined)
 * attach but every charge is declined (402 card_error); pm_card_threeDSecure2Required leaves a
 * PaymentIntent in requires_action (and refuses an error_if_incomplete subscription).
 *
 * Events: what Stripe would send is queued in `pending` (and logged in `events`); tests deliver
 * them — signed with the webhook secret through the real SDK's generateTestHeaderString — in any
 * order, twice, or forged. Helpers move subscriptions on: next period paid (at its item's price, which
 * subscriptions.update with items[…][price_data] and proration_behavior=none changes), renewal failed, deleted;
 * a cardholder's bank disputes a payment and decides it; a refund fails.
 */

// Stripe's objects as loose JSON: the stand-in reads and writes their nested fields freely, as Stripe does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
export interface Delivery { statusCode: number; body: Json }
export type Deliver = (payload: string, headers: Record<string, string>) => Promise<Delivery>;
export interface StripeEventJson { id: string; object: 'event'; type: string; created: number; api_version: string; livemode: false; pending_webhooks: number; request: { id: null; idempotency_key: null }; data: { object: Json; previous_attributes?: Json } }

type Outcome = 'succeeds' | 'declined' | 'requires_action';
export const TEST_PAYMENT_METHODS: Record<string, { brand: string; last4: string; outcome: Outcome }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', outcome: 'declined' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0341', outcome: 'declined' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', outcome: 'requires_action' },
};

class StripeHttpError extends Error {
  constructor(public status: number, public error: Json) {
    super(error.message);
  }
}
const invalid = (message: string, param?: string, code?: string) => new StripeHttpError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
const missing = (what: string, id: string, param?: string) => new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, ...(param ? { param } : {}) });
const DECLINE = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };

/** Stripe's form encoding (a[b][0][c]=v) → nested objects; numeric keys become arrays. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = (key.match(/^[^[\]]+|\[[^\]]*\]/g) ?? [key]).map((s) => (s.startsWith('[') ? s.slice(1, -1) : s));
    let cur: Json = out;
    path.forEach((seg, i) => {
      const k = seg === '' ? String(Object.keys(cur).length) : seg;
      if (i === path.length - 1) cur[k] = value;
      else cur = cur[k] ??= {};
    });
  }
  const arrayify = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Json;
    const keys = Object.keys(o);
    if (keys.length && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => arrayify(o[k]));
    return Object.fromEntries(keys.map((k) => [k, arrayify(o[k])]));
  };
  return arrayify(out) as Json;
}

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const int = (v: unknown, param: string): number => {
  const n = Number(v);
  if (v === undefined || v === '' || !Number.isInteger(n)) throw invalid(`Invalid integer: ${String(v)}`, param);
  return n;
};
const bool = (v: unknown) => v === true || v === 'true';
const clone = <T>(v: T): T => structuredClone(v);
const list = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });

export class StripeStandin {
  url = '';
  /** Every event Stripe would have sent, in order. */
  readonly events: StripeEventJson[] = [];
  /** Events not delivered yet. */
  pending: StripeEventJson[] = [];
  /** Every API request received (after parsing). */
  readonly requests: Array<{ method: string; path: string; params: Json; idempotencyKey: string | null }> = [];

  readonly customers = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  readonly products = new Map<string, Json>();
  readonly coupons = new Map<string, Json>();
  /** A subscription's repeating discount (coupon duration `repeating`): amount off each invoice while periods are left. */
  private readonly repeating = new Map<string, { amountOff: number; left: number }>();
  readonly subscriptions = new Map<string, Json>();
  /** Subscription Schedules (from_subscription only): their phases' prices take over at the periods' ends, in `renew`. */
  readonly schedules = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly accounts = new Map<string, Json>();
  readonly transfers = new Map<string, Json>();
  readonly disputes = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  /** The account's balance transactions (charges, refunds, failed refunds, dispute withdrawals and reinstatements), in order. */
  readonly balanceTransactions = new Map<string, Json>();
  private outcomes = new Map<string, Outcome>();
  private idempotent = new Map<string, { route: string; status: number; body: Json }>();
  private server: http.Server | null = null;
  /** Runs after a request is handled and before its answer leaves (e.g. deliver its events first: a webhook that beats the API's own answer). */
  beforeAnswer: ((route: string) => Promise<void>) | null = null;

  /** Where events go (set once the API exists); `now` is Stripe's clock (periods, event times). */
  constructor(public opts: { webhookSecret: string; deliver?: Deliver; now?: () => Date }) {}

  private now() {
    return this.opts.now?.() ?? new Date();
  }
  private ts(d: Date = this.now()) {
    return Math.floor(d.getTime() / 1000);
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(err?.stack ?? err) } }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  /** Requests to one path pattern (e.g. /v1/subscriptions/sub_x). */
  requestsTo(method: string, path: string | RegExp) {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  // ── HTTP ───────────────────────────────────────────────────────────────────────────────────
  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const u = new URL(req.url ?? '/', 'http://standin');
    const method = req.method ?? 'GET';
    const params = parseStripeForm(method === 'POST' ? Buffer.concat(chunks).toString('utf8') : u.search.slice(1));
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    this.requests.push({ method, path: u.pathname, params, idempotencyKey: key });
    const send = (status: number, body: Json, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req'), ...extra });
      res.end(JSON.stringify(body));
    };
    if (!/^Bearer sk_(test|live)_\w+/.test(String(req.headers.authorization ?? ''))) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const route = `${method} ${u.pathname}`;
    if (method === 'POST' && key) {
      const seen = this.idempotent.get(key);
      if (seen) {
        if (seen.route !== route) return send(400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.route}' vs '${route}').` } });
        return send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
      }
    }
    let status = 200;
    let body: Json;
    try {
      body = this.route(method, u.pathname, params);
    } catch (err) {
      if (!(err instanceof StripeHttpError)) throw err;
      status = err.status;
      body = { error: err.error };
    }
    if (method === 'POST' && key) this.idempotent.set(key, { route, status, body });
    if (this.beforeAnswer) await this.beforeAnswer(route);
    send(status, body);
  }

  private route(method: string, path: string, p: Json): Json {
    const seg = path.split('/').filter(Boolean); // ['v1', 'customers', 'cus_x', 'attach']
    if (seg[0] !== 'v1') throw missing('route', path);
    // Stripe Tax lives under /v1/tax/…: one resource name here.
    if (seg[1] === 'tax' && seg.length >= 3) seg.splice(1, 2, `tax/${seg[2]}`);
    const [, res, id, action] = seg;
    const expand: string[] = Array.isArray(p.expand) ? p.expand : [];
    switch (`${method} ${res}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
      case 'POST customers': return this.createCustomer(p);
      case 'GET customers/:id': return clone(this.get(this.customers, 'customer', id));
      case 'POST customers/:id': return this.updateCustomer(id, p);
      case 'POST tax/calculations': return this.createTaxCalculation(p);
      case 'POST tax/transactions/:id':
        if (id === 'create_from_calculation') return this.createTaxTransaction(p);
        if (id === 'create_reversal') return this.createTaxReversal(p);
        throw missing('route', `${method} ${path}`);
      case 'POST tax_rates': return this.createTaxRate(p);
      case 'POST payment_methods/:id/attach': return this.attach(id, p);
      case 'POST payment_methods/:id/detach': return this.detach(id);
      case 'GET payment_methods/:id': return clone(this.get(this.paymentMethods, 'payment_method', id));
      case 'POST payment_intents': return this.createPaymentIntent(p);
      case 'GET payment_intents/:id': return clone(this.get(this.paymentIntents, 'payment_intent', id));
      case 'POST products': return this.createProduct(p);
      case 'POST coupons': return this.createCoupon(p);
      case 'POST subscriptions': return this.expandSub(this.createSubscription(p), expand);
      case 'GET subscriptions/:id': return this.expandSub(this.get(this.subscriptions, 'subscription', id), expand);
      case 'POST subscriptions/:id': return this.expandSub(this.updateSubscription(id, p), expand);
      case 'DELETE subscriptions/:id': return clone(this.cancelSubscription(id, 'cancellation_requested'));
      case 'POST subscription_schedules': return clone(this.createSchedule(p));
      case 'GET subscription_schedules/:id': return clone(this.get(this.schedules, 'subscription_schedule', id));
      case 'POST subscription_schedules/:id': return clone(this.updateSchedule(id, p));
      case 'POST subscription_schedules/:id/release': return clone(this.releaseSchedule(id));
      case 'GET invoices/:id': return clone(this.get(this.invoices, 'invoice', id));
      case 'POST accounts': return this.createAccount(p);
      case 'GET accounts/:id': return clone(this.get(this.accounts, 'account', id));
      case 'POST account_links': return this.createAccountLink(p);
      case 'POST transfers': return this.createTransfer(p);
      case 'GET disputes/:id': return clone(this.get(this.disputes, 'dispute', id));
      case 'POST disputes/:id': return this.updateDispute(id, p);
      case 'POST refunds': return this.createRefund(p);
      case 'GET refunds/:id': return clone(this.get(this.refunds, 'refund', id));
      case 'GET balance_transactions': return this.listBalanceTransactions(p);
      case 'GET balance_transactions/:id': return clone(this.get(this.balanceTransactions, 'balance_transaction', id));
      case 'GET events': return this.listEvents(p);
      default: throw missing('route', `${method} ${path}`);
    }
  }

  private get(map: Map<string, Json>, what: string, id: string): Json {
    const o = map.get(id);
    if (!o) throw missing(what, id);
    return o;
  }

  // ── Customers and cards ────────────────────────────────────────────────────────────────────
  private updateCustomer(id: string, p: Json): Json {
    const c = this.get(this.customers, 'customer', id);
    if (p.address) c.address = { city: null, line1: null, line2: null, postal_code: null, state: null, country: null, ...p.address };
    if (p.metadata) c.metadata = { ...c.metadata, ...p.metadata };
    return clone(c);
  }

  // ── Stripe Tax and tax rates ───────────────────────────────────────────────────────────────
  /** Stripe Tax's rates in the stand-in (percent, by country or country-state); elsewhere nothing is collected. */
  static readonly TAX_TABLE: Record<string, { percent: number; type: string }> = { DE: { percent: 19, type: 'vat' }, FR: { percent: 20, type: 'vat' }, 'US-CA': { percent: 7.25, type: 'sales_tax' } };
  /** Set: every Stripe Tax call answers this status (e.g. 503: Stripe Tax is down). */
  taxDown: number | null = null;
  readonly taxCalculations = new Map<string, Json>();
  readonly taxTransactions = new Map<string, Json>();
  readonly taxRates = new Map<string, Json>();

  private taxRateOf(country: string, state: string | null) {
    return StripeStandin.TAX_TABLE[`${country}-${state ?? ''}`] ?? StripeStandin.TAX_TABLE[country] ?? null;
  }
  /** Half up, as the site computes: exclusive round(a × p / 100), inclusive round(a × p / (100 + p)). */
  static taxOf(amount: number, percent: number, inclusive: boolean): number {
    const bp = Math.round(percent * 100);
    return inclusive ? Math.floor((amount * bp * 2 + (10_000 + bp)) / (2 * (10_000 + bp))) : Math.floor((amount * bp * 2 + 10_000) / 20_000);
  }

  private createTaxCalculation(p: Json): Json {
    if (this.taxDown) throw new StripeHttpError(this.taxDown, { type: 'api_error', message: 'Stripe Tax is temporarily unavailable.' });
    if (!p.currency) throw invalid('Missing required param: currency.', 'currency');
    const addr = p.customer_details?.address;
    if (!addr?.country) throw invalid('Missing required param: customer_details[address][country].', 'customer_details[address][country]');
    if (p.customer_details.address_source !== 'billing' && p.customer_details.address_source !== 'shipping') throw invalid('Invalid address_source', 'customer_details[address_source]');
    const items: Json[] = p.line_items ?? [];
    if (!items.length) throw invalid('Missing required param: line_items.', 'line_items');
    const rate = this.taxRateOf(addr.country, addr.state ?? null);
    let exclusive = 0;
    let inclusive = 0;
    let total = 0;
    const breakdown: Json[] = [];
    for (const li of items) {
      const amount = int(li.amount, 'line_items[0][amount]');
      const incl = li.tax_behavior === 'inclusive';
      if (!li.tax_code?.startsWith('txcd_')) throw invalid('Invalid tax code', 'line_items[0][tax_code]');
      const tax = rate && li.tax_code !== 'txcd_00000000' ? StripeStandin.taxOf(amount, rate.percent, incl) : 0;
      if (incl) inclusive += tax;
      else exclusive += tax;
      total += amount + (incl ? 0 : tax);
      breakdown.push({
        amount: tax, inclusive: incl, taxable_amount: incl ? amount - tax : amount, taxability_reason: rate ? 'standard_rated' : 'not_collecting',
        tax_rate_details: { country: addr.country, state: addr.state ?? null, flat_amount: null, percentage_decimal: rate ? rate.percent.toFixed(4) : '0.0', rate_type: 'percentage', tax_type: rate?.type ?? null },
      });
    }
    const calc = {
      id: rid('taxcalc'), object: 'tax.calculation', amount_total: total, currency: String(p.currency).toLowerCase(), customer: null, livemode: false,
      customer_details: { address: { city: null, line1: null, line2: null, postal_code: null, state: null, ...addr }, address_source: p.customer_details.address_source, ip_address: null, tax_ids: [], taxability_override: 'none' },
      expires_at: this.ts() + 90 * 86_400, ship_from_details: null, shipping_cost: null, tax_amount_exclusive: exclusive, tax_amount_inclusive: inclusive, tax_breakdown: breakdown, tax_date: this.ts(),
      line_items: list(items.map((li) => ({ id: rid('tax_li'), object: 'tax.calculation_line_item', amount: int(li.amount, 'amount'), reference: li.reference ?? null, tax_behavior: li.tax_behavior ?? 'exclusive', tax_code: li.tax_code })), '/v1/tax/calculations/line_items'),
    };
    this.taxCalculations.set(calc.id, calc);
    return clone(calc);
  }

  private createTaxTransaction(p: Json): Json {
    if (this.taxDown) throw new StripeHttpError(this.taxDown, { type: 'api_error', message: 'Stripe Tax is temporarily unavailable.' });
    const calc = this.get(this.taxCalculations, 'tax.calculation', p.calculation ?? '');
    if (!p.reference) throw invalid('Missing required param: reference.', 'reference');
    if ([...this.taxTransactions.values()].some((t) => t.reference === p.reference)) throw invalid(`A transaction with reference ${p.reference} already exists.`, 'reference');
    const t = { id: rid('tax'), object: 'tax.transaction', type: 'transaction', reference: p.reference, currency: calc.currency, created: this.ts(), posted_at: this.ts(), livemode: false, metadata: {}, customer: null, customer_details: calc.customer_details, reversal: null, amount_total: calc.amount_total, tax: calc.tax_amount_exclusive + calc.tax_amount_inclusive, calculation: calc.id };
    this.taxTransactions.set(t.id, t);
    return clone(t);
  }

  private createTaxReversal(p: Json): Json {
    if (this.taxDown) throw new StripeHttpError(this.taxDown, { type: 'api_error', message: 'Stripe Tax is temporarily unavailable.' });
    const orig = this.get(this.taxTransactions, 'tax.transaction', p.original_transaction ?? '');
    if (!p.reference) throw invalid('Missing required param: reference.', 'reference');
    if (p.mode !== 'full' && p.mode !== 'partial') throw invalid('Invalid mode', 'mode');
    if ([...this.taxTransactions.values()].some((t) => t.reference === p.reference)) throw invalid(`A transaction with reference ${p.reference} already exists.`, 'reference');
    const earlier = [...this.taxTransactions.values()].filter((t) => t.reversal?.original_transaction === orig.id);
    if (p.mode === 'full' && earlier.length) throw invalid('A full reversal is only possible for a transaction without reversals.', 'mode');
    const flat = p.mode === 'full' ? -orig.amount_total : int(p.flat_amount, 'flat_amount');
    if (flat >= 0) throw invalid('flat_amount must be negative', 'flat_amount');
    const left = orig.amount_total + earlier.reduce((s, t) => s + t.amount_total, 0);
    if (-flat > left) throw invalid('The reversal is larger than what is left of the transaction.', 'flat_amount');
    const t = { id: rid('tax'), object: 'tax.transaction', type: 'reversal', reference: p.reference, currency: orig.currency, created: this.ts(), posted_at: this.ts(), livemode: false, metadata: {}, customer: null, customer_details: orig.customer_details, reversal: { original_transaction: orig.id }, amount_total: flat, mode: p.mode };
    this.taxTransactions.set(t.id, t);
    return clone(t);
  }

  private createTaxRate(p: Json): Json {
    if (!p.display_name) throw invalid('Missing required param: display_name.', 'display_name');
    if (p.percentage === undefined) throw invalid('Missing required param: percentage.', 'percentage');
    if (p.inclusive === undefined) throw invalid('Missing required param: inclusive.', 'inclusive');
    const r = { id: rid('txr'), object: 'tax_rate', active: true, display_name: p.display_name, percentage: Number(p.percentage), effective_percentage: Number(p.percentage), inclusive: bool(p.inclusive), country: p.country ?? null, state: p.state ?? null, jurisdiction: null, tax_type: null, created: this.ts(), livemode: false, metadata: {} };
    this.taxRates.set(r.id, r);
    return clone(r);
  }

  /** A subscription invoice's tax lines for `amount` (the price after a discount): its TaxRate, or Stripe Tax at the customer's address. */
  private invoiceTaxes(sub: Json, amount: number): { tax: number; inclusive: boolean; lines: Json[] } {
    if (amount <= 0) return { tax: 0, inclusive: false, lines: [] };
    let percent: number | null = null;
    let inclusive = false;
    let rateId: string | null = null;
    if (sub.default_tax_rates?.length) {
      const r = sub.default_tax_rates[0];
      percent = r.percentage;
      inclusive = r.inclusive;
      rateId = r.id;
    } else if (sub.automatic_tax?.enabled) {
      const addr = this.customers.get(sub.customer)?.address;
      const r = addr?.country ? this.taxRateOf(addr.country, addr.state ?? null) : null;
      percent = r?.percent ?? null;
      inclusive = sub.items.data[0].price.tax_behavior === 'inclusive';
      rateId = r ? rid('txr') : null;
    }
    if (percent === null) return { tax: 0, inclusive, lines: [] };
    const tax = StripeStandin.taxOf(amount, percent, inclusive);
    return { tax, inclusive, lines: [{ amount: tax, tax_behavior: inclusive ? 'inclusive' : 'exclusive', taxability_reason: 'standard_rated', taxable_amount: inclusive ? amount - tax : amount, type: 'tax_rate_details', tax_rate_details: { tax_rate: rateId } }] };
  }

  private createCustomer(p: Json): Json {
    const c = { id: rid('cus'), object: 'customer', created: this.ts(), email: p.email ?? null, name: p.name ?? null, metadata: p.metadata ?? {}, invoice_settings: { default_payment_method: null }, livemode: false };
    this.customers.set(c.id, c);
    return clone(c);
  }

  private attach(pmId: string, p: Json): Json {
    if (!p.customer) throw invalid('Missing required param: customer.', 'customer');
    if (!this.customers.has(p.customer)) throw missing('customer', p.customer, 'customer');
    const test = TEST_PAYMENT_METHODS[pmId];
    let pm: Json;
    if (test) {
      const year = this.now().getUTCFullYear() + 3;
      pm = {
        id: rid('pm'), object: 'payment_method', type: 'card', created: this.ts(), customer: null, livemode: false, metadata: {},
        billing_details: { address: null, email: null, name: null, phone: null },
        card: { brand: test.brand, last4: test.last4, exp_month: 12, exp_year: year, country: 'US', funding: 'credit', display_brand: test.brand },
      };
      this.paymentMethods.set(pm.id, pm);
      this.outcomes.set(pm.id, test.outcome);
    } else {
      pm = this.get(this.paymentMethods, 'PaymentMethod', pmId);
      if (pm.customer && pm.customer !== p.customer) throw invalid('The payment method you provided has already been attached to a customer.', 'payment_method');
    }
    pm.customer = p.customer;
    return clone(pm);
  }

  private detach(pmId: string): Json {
    const pm = this.get(this.paymentMethods, 'PaymentMethod', pmId);
    if (!pm.customer) throw invalid(`The payment method you provided is not attached to a customer so detachment is impossible.`, 'payment_method');
    pm.customer = null;
    return clone(pm);
  }

  private cardOf(customer: string, pmId: string, param: string): Outcome {
    const pm = this.paymentMethods.get(pmId);
    if (!pm) throw missing('PaymentMethod', pmId, param);
    if (pm.customer !== customer) throw invalid(`The provided PaymentMethod ${pmId} is not attached to customer ${customer}.`, param);
    return this.outcomes.get(pmId) ?? 'succeeds';
  }

  // ── PaymentIntents ─────────────────────────────────────────────────────────────────────────
  private createPaymentIntent(p: Json): Json {
    const amount = int(p.amount, 'amount');
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    if (!p.currency) throw invalid('Missing required param: currency.', 'currency');
    if (!p.customer || !this.customers.has(p.customer)) throw missing('customer', String(p.customer), 'customer');
    const pi: Json = {
      id: rid('pi'), object: 'payment_intent', amount, amount_received: 0, currency: String(p.currency).toLowerCase(), customer: p.customer,
      payment_method: p.payment_method ?? null, description: p.description ?? null, metadata: p.metadata ?? {}, created: this.ts(),
      status: 'requires_confirmation', last_payment_error: null, next_action: null, latest_charge: null, livemode: false,
      confirmation_method: 'automatic', capture_method: 'automatic', off_session: bool(p.off_session),
      payment_method_types: p.payment_method_types ?? ['card'],
    };
    pi.client_secret = `${pi.id}_secret_${rid('s').slice(2)}`;
    this.paymentIntents.set(pi.id, pi);
    if (!bool(p.confirm)) return clone(pi);
    const outcome = this.cardOf(p.customer, p.payment_method, 'payment_method');
    if (outcome === 'succeeds') {
      this.succeedIntent(pi);
      return clone(pi);
    }
    if (outcome === 'requires_action') {
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      this.emit('payment_intent.requires_action', pi);
      return clone(pi);
    }
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { ...DECLINE, payment_method: clone(this.paymentMethods.get(p.payment_method)) };
    this.emit('payment_intent.payment_failed', pi);
    throw new StripeHttpError(402, { ...DECLINE, payment_intent: clone(pi) });
  }

  private succeedIntent(pi: Json) {
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    pi.next_action = null;
    pi.last_payment_error = null;
    pi.latest_charge = rid('ch');
    // Stripe's US card pricing: 2.9% + 30¢ (a processing fee the site's ledger does not book per charge).
    this.addBalanceTransaction({ type: 'charge', reporting_category: 'charge', amount: pi.amount, fee: Math.round(pi.amount * 0.029) + 30, currency: pi.currency, source: pi.latest_charge });
    this.emit('charge.succeeded', { id: pi.latest_charge, object: 'charge', amount: pi.amount, currency: pi.currency, payment_intent: pi.id, paid: true, status: 'succeeded' });
    this.emit('payment_intent.succeeded', pi);
  }

  // ── Products, coupons, subscriptions, invoices ─────────────────────────────────────────────
  private createProduct(p: Json): Json {
    if (!p.name) throw invalid('Missing required param: name.', 'name');
    const prod = { id: rid('prod'), object: 'product', name: p.name, active: true, metadata: p.metadata ?? {}, created: this.ts(), livemode: false };
    this.products.set(prod.id, prod);
    return clone(prod);
  }

  private createCoupon(p: Json): Json {
    const c = {
      id: rid('co'), object: 'coupon', amount_off: p.amount_off !== undefined ? int(p.amount_off, 'amount_off') : null, percent_off: p.percent_off !== undefined ? Number(p.percent_off) : null,
      currency: p.currency ?? null, duration: p.duration ?? 'once', duration_in_months: p.duration_in_months !== undefined ? int(p.duration_in_months, 'duration_in_months') : null, max_redemptions: p.max_redemptions !== undefined ? int(p.max_redemptions, 'max_redemptions') : null,
      times_redeemed: 0, valid: true, name: p.name ?? null, metadata: p.metadata ?? {}, created: this.ts(), livemode: false,
    };
    if (c.amount_off === null && c.percent_off === null) throw invalid('You must pass either amount_off or percent_off.');
    this.coupons.set(c.id, c);
    return clone(c);
  }

  private createSubscription(p: Json): Json {
    const customer = p.customer;
    if (!customer || !this.customers.has(customer)) throw missing('customer', String(customer), 'customer');
    const item = p.items?.[0];
    const pd = item?.price_data;
    if (!pd) throw invalid('Missing required param: items[0][price_data].', 'items');
    if (!this.products.has(pd.product)) throw missing('product', String(pd.product), 'items[0][price_data][product]');
    if (pd.recurring?.interval !== 'month') throw invalid('Only monthly prices are supported by the stand-in.', 'items[0][price_data][recurring][interval]');
    // interval_count: every N months (a bundle); Stripe allows at most one year.
    const intervalCount = pd.recurring.interval_count !== undefined ? int(pd.recurring.interval_count, 'items[0][price_data][recurring][interval_count]') : 1;
    if (intervalCount < 1 || intervalCount > 12) throw invalid('The maximum billing frequency is one year.', 'items[0][price_data][recurring][interval_count]');
    const unitAmount = int(pd.unit_amount, 'items[0][price_data][unit_amount]');
    const pmId = p.default_payment_method;
    const outcome = this.cardOf(customer, pmId, 'default_payment_method');
    // Every discount applies to the first invoice; a repeating one also to the next ones, for its months.
    const coupons: Json[] = (p.discounts ?? []).map((d: Json) => this.get(this.coupons, 'coupon', d.coupon));
    if (coupons.some((c) => c.duration === 'repeating' && c.percent_off !== null)) throw invalid('The stand-in supports repeating coupons with amount_off only.', 'discounts');
    const trialDays = p.trial_period_days !== undefined ? int(p.trial_period_days, 'trial_period_days') : 0;
    const now = this.now();
    const start = this.ts(now);
    const end = this.ts(trialDays > 0 ? addDays(now, trialDays) : addMonths(now, intervalCount));
    const off = coupons.reduce((sum, c) => sum + (c.amount_off ?? Math.round((unitAmount * c.percent_off) / 100)), 0);
    const firstAmount = trialDays > 0 ? 0 : Math.max(0, unitAmount - off);
    if (firstAmount > 0 && outcome !== 'succeeds' && p.payment_behavior === 'error_if_incomplete') {
      // Nothing is kept: error_if_incomplete rolls the subscription back.
      if (outcome === 'requires_action') throw new StripeHttpError(402, { type: 'card_error', code: 'subscription_payment_intent_requires_action', message: 'Payment for this subscription requires additional user action before it can be completed successfully.' });
      throw new StripeHttpError(402, DECLINE);
    }
    const sub: Json = {
      id: rid('sub'), object: 'subscription', customer, created: start, start_date: start, billing_cycle_anchor: end, livemode: false,
      status: trialDays > 0 ? 'trialing' : 'active', cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null }, collection_method: 'charge_automatically', currency: String(pd.currency).toLowerCase(),
      default_payment_method: pmId, metadata: p.metadata ?? {}, discounts: [], latest_invoice: null, schedule: null,
      default_tax_rates: (p.default_tax_rates ?? []).map((id: string) => clone(this.get(this.taxRates, 'tax_rate', id))),
      automatic_tax: { enabled: bool(p.automatic_tax?.enabled), liability: null },
      trial_start: trialDays > 0 ? start : null, trial_end: trialDays > 0 ? end : null,
      items: list([{
        id: rid('si'), object: 'subscription_item', quantity: 1, current_period_start: start, current_period_end: end, metadata: {},
        price: { id: rid('price'), object: 'price', product: pd.product, unit_amount: unitAmount, currency: String(pd.currency).toLowerCase(), recurring: { interval: 'month', interval_count: intervalCount }, type: 'recurring', tax_behavior: pd.tax_behavior ?? 'unspecified' },
      }], '/v1/subscription_items'),
    };
    if (sub.automatic_tax.enabled && !this.customers.get(customer)?.address?.country) throw invalid('The customer\'s location isn\'t recognized: automatic tax needs an address.', 'automatic_tax', 'customer_tax_location_invalid');
    this.subscriptions.set(sub.id, sub);
    for (const c of coupons) {
      c.times_redeemed += 1;
      if (c.duration === 'repeating' && (c.duration_in_months ?? 0) > 1) this.repeating.set(sub.id, { amountOff: c.amount_off, left: c.duration_in_months - 1 });
    }
    this.emit('customer.subscription.created', sub);
    const taxes = this.invoiceTaxes(sub, firstAmount);
    const firstTotal = firstAmount + (taxes.inclusive ? 0 : taxes.tax);
    const pi = firstTotal > 0 ? this.chargeInvoice(sub, firstTotal) : null;
    const invoice = this.makeInvoice(sub, { amount: firstTotal, subtotal: trialDays > 0 ? 0 : unitAmount, start, end, billingReason: 'subscription_create', paid: true, paymentIntent: pi?.id ?? null, taxes: taxes.lines });
    sub.latest_invoice = invoice.id;
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    return sub;
  }

  /** A PaymentIntent of a subscription invoice (no metadata of ours, as at Stripe). */
  private chargeInvoice(sub: Json, amount: number): Json {
    const pi: Json = {
      id: rid('pi'), object: 'payment_intent', amount, amount_received: 0, currency: sub.currency, customer: sub.customer, payment_method: sub.default_payment_method,
      description: 'Subscription update', metadata: {}, created: this.ts(), status: 'processing', last_payment_error: null, next_action: null, latest_charge: null, livemode: false,
    };
    this.paymentIntents.set(pi.id, pi);
    this.succeedIntent(pi);
    return pi;
  }

  private makeInvoice(sub: Json, o: { amount: number; subtotal: number; start: number; end: number; billingReason: string; paid: boolean; paymentIntent: string | null; taxes?: Json[] }): Json {
    const si = sub.items.data[0];
    const inv: Json = {
      id: rid('in'), object: 'invoice', customer: sub.customer, currency: sub.currency, created: this.ts(), livemode: false,
      status: o.paid ? 'paid' : 'open', billing_reason: o.billingReason, collection_method: 'charge_automatically',
      amount_due: o.amount, amount_paid: o.paid ? o.amount : 0, amount_remaining: o.paid ? 0 : o.amount, subtotal: o.subtotal, total: o.amount,
      attempt_count: 1, attempted: true, period_start: o.start, period_end: o.start, total_taxes: o.taxes ?? [],
      status_transitions: { paid_at: o.paid ? this.ts() : null, finalized_at: this.ts() },
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: clone(sub.metadata) } },
      lines: list([{
        id: rid('il'), object: 'line_item', amount: o.subtotal, currency: sub.currency, description: `1 × subscription (at ${si.price.unit_amount / 100} / month)`, metadata: {},
        period: { start: o.start, end: o.end }, subscription: sub.id,
        parent: { type: 'subscription_item_details', invoice_item_details: null, subscription_item_details: { subscription: sub.id, subscription_item: si.id, invoice_item: null, proration: false, proration_details: null } },
      }], `/v1/invoices/lines`),
      payments: list(o.paymentIntent ? [{ id: rid('inpay'), object: 'invoice_payment', amount_paid: o.paid ? o.amount : null, status: o.paid ? 'paid' : 'open', is_default: true, payment: { type: 'payment_intent', payment_intent: o.paymentIntent } }] : [], '/v1/invoice_payments'),
    };
    this.invoices.set(inv.id, inv);
    return inv;
  }

  private expandSub(sub: Json, expand: string[]): Json {
    const out = clone(sub);
    if (expand.includes('latest_invoice') && out.latest_invoice) out.latest_invoice = clone(this.invoices.get(out.latest_invoice) ?? out.latest_invoice);
    return out;
  }

  private updateSubscription(id: string, p: Json): Json {
    const sub = this.get(this.subscriptions, 'subscription', id);
    if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const previous: Json = {};
    if (p.cancel_at_period_end !== undefined && bool(p.cancel_at_period_end) !== sub.cancel_at_period_end) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      sub.cancel_at_period_end = bool(p.cancel_at_period_end);
      sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
      sub.canceled_at = sub.cancel_at_period_end ? this.ts() : null;
      sub.cancellation_details = { comment: null, feedback: null, reason: sub.cancel_at_period_end ? 'cancellation_requested' : null };
    }
    if (p.items) {
      // A price change of its item (a tier change): a new inline price, no proration (the only
      // behaviour the stand-in bills: nothing now, the next invoice at the new price).
      if (p.proration_behavior !== 'none') throw invalid('The stand-in supports item changes with proration_behavior=none only.', 'proration_behavior');
      const before = clone(sub.items);
      for (const [i, it] of (p.items as Json[]).entries()) {
        const si = sub.items.data.find((x: Json) => x.id === it.id);
        if (!si) throw invalid(`Invalid subscription item: ${String(it.id)}`, `items[${i}][id]`);
        const pd = it.price_data;
        if (!pd) throw invalid(`Missing required param: items[${i}][price_data].`, `items[${i}][price_data]`);
        if (!this.products.has(pd.product)) throw missing('product', String(pd.product), `items[${i}][price_data][product]`);
        if (pd.recurring?.interval !== 'month') throw invalid('Only monthly prices are supported by the stand-in.', `items[${i}][price_data][recurring][interval]`);
        if (String(pd.currency).toLowerCase() !== sub.currency) throw invalid('The price\'s currency must match the subscription\'s.', `items[${i}][price_data][currency]`);
        si.price = { id: rid('price'), object: 'price', product: pd.product, unit_amount: int(pd.unit_amount, `items[${i}][price_data][unit_amount]`), currency: sub.currency, recurring: { interval: 'month', interval_count: 1 }, type: 'recurring', tax_behavior: pd.tax_behavior ?? 'unspecified' };
      }
      previous.items = before;
    }
    if (p.metadata) sub.metadata = { ...sub.metadata, ...p.metadata };
    if (Object.keys(previous).length) this.emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  // ── Subscription Schedules ─────────────────────────────────────────────────────────────────
  /** A schedule taking over a subscription: one phase, its current period at its current price. */
  private createSchedule(p: Json): Json {
    if (!p.from_subscription) throw invalid('The stand-in creates schedules from_subscription only.', 'from_subscription');
    const sub = this.get(this.subscriptions, 'subscription', p.from_subscription);
    if (sub.status === 'canceled') throw invalid('You cannot migrate a canceled subscription to a schedule.', 'from_subscription');
    if (sub.schedule) throw invalid(`You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule}\`.`, 'from_subscription');
    const si = sub.items.data[0];
    const sched: Json = {
      id: rid('sub_sched'), object: 'subscription_schedule', customer: sub.customer, subscription: sub.id, status: 'active', end_behavior: 'release',
      created: this.ts(), released_at: null, released_subscription: null, livemode: false, metadata: {},
      current_phase: { start_date: si.current_period_start, end_date: si.current_period_end },
      phases: [{ start_date: si.current_period_start, end_date: si.current_period_end, items: [{ price: clone(si.price), quantity: 1 }] }],
    };
    this.schedules.set(sched.id, sched);
    sub.schedule = sched.id;
    this.emit('subscription_schedule.created', sched);
    return this.scheduleJson(sched);
  }

  /** New phases: the first is the current period (its price by id), each next one a monthly price_data for N months. */
  private updateSchedule(id: string, p: Json): Json {
    const sched = this.get(this.schedules, 'subscription_schedule', id);
    if (sched.status !== 'active') throw invalid(`You cannot update a subscription schedule that is ${sched.status}.`);
    const sub = this.get(this.subscriptions, 'subscription', sched.subscription);
    const si = sub.items.data[0];
    const given: Json[] = p.phases ?? [];
    if (!given.length) throw invalid('Missing required param: phases.', 'phases');
    const phases: Json[] = [];
    let start = int(given[0]!.start_date, 'phases[0][start_date]');
    if (start !== si.current_period_start) throw invalid('The first phase must start when the current one did.', 'phases[0][start_date]');
    for (const [i, ph] of given.entries()) {
      const it = ph.items?.[0];
      if (!it) throw invalid(`Missing required param: phases[${i}][items].`, `phases[${i}][items]`);
      if (ph.proration_behavior !== 'none') throw invalid('The stand-in supports schedules with proration_behavior=none only.', `phases[${i}][proration_behavior]`);
      let price: Json;
      if (it.price) {
        if (it.price !== si.price.id) throw invalid('The stand-in knows the current price by id only.', `phases[${i}][items][0][price]`);
        price = clone(si.price);
      } else {
        const pd = it.price_data;
        if (!pd) throw invalid(`Missing required param: phases[${i}][items][0][price_data].`, `phases[${i}][items][0]`);
        if (!this.products.has(pd.product)) throw missing('product', String(pd.product), `phases[${i}][items][0][price_data][product]`);
        if (pd.recurring?.interval !== 'month') throw invalid('Only monthly prices are supported by the stand-in.', `phases[${i}][items][0][price_data][recurring][interval]`);
        if (String(pd.currency).toLowerCase() !== sub.currency) throw invalid('The price\'s currency must match the subscription\'s.', `phases[${i}][items][0][price_data][currency]`);
        const count = pd.recurring.interval_count !== undefined ? int(pd.recurring.interval_count, `phases[${i}][items][0][price_data][recurring][interval_count]`) : 1;
        price = { id: rid('price'), object: 'price', product: pd.product, unit_amount: int(pd.unit_amount, `phases[${i}][items][0][price_data][unit_amount]`), currency: sub.currency, recurring: { interval: 'month', interval_count: count }, type: 'recurring', tax_behavior: pd.tax_behavior ?? 'unspecified' };
      }
      let end: number;
      if (ph.end_date !== undefined) end = int(ph.end_date, `phases[${i}][end_date]`);
      else if (ph.duration?.interval === 'month') end = this.ts(addMonths(new Date(start * 1000), int(ph.duration.interval_count ?? 1, `phases[${i}][duration][interval_count]`)));
      else throw invalid(`Phase ${i} needs an end_date or a duration in months.`, `phases[${i}]`);
      if (i === 0 && end !== si.current_period_end) throw invalid('The stand-in changes phases at the end of the current period only.', 'phases[0][end_date]');
      phases.push({ start_date: start, end_date: end, items: [{ price, quantity: 1 }], automatic_tax: ph.automatic_tax ?? null, default_tax_rates: ph.default_tax_rates ?? [] });
      start = end;
    }
    sched.phases = phases;
    if (p.end_behavior) sched.end_behavior = p.end_behavior;
    this.emit('subscription_schedule.updated', sched);
    return this.scheduleJson(sched);
  }

  /** The subscription goes on by itself, as it is now; the schedule's later phases never happen. */
  private releaseSchedule(id: string): Json {
    const sched = this.get(this.schedules, 'subscription_schedule', id);
    if (sched.status !== 'active') throw invalid(`You cannot release a subscription schedule that is currently in the \`${sched.status}\` status.`);
    sched.status = 'released';
    sched.released_at = this.ts();
    sched.released_subscription = sched.subscription;
    sched.current_phase = null;
    const sub = this.subscriptions.get(sched.subscription);
    if (sub) sub.schedule = null;
    this.emit('subscription_schedule.released', sched);
    return this.scheduleJson(sched);
  }

  /** As Stripe answers it: phases' prices by id. */
  private scheduleJson(sched: Json): Json {
    const out = clone(sched);
    out.phases = out.phases.map((ph: Json) => ({ ...ph, items: ph.items.map((it: Json) => ({ ...it, price: it.price.id })) }));
    return out;
  }

  /**
   * At a period's start (`renew`, `failRenewal`): the schedule's phase that starts then sets the
   * item's price; past the last phase, an end_behavior=release schedule lets the subscription go.
   */
  private applySchedule(sub: Json, start: number): void {
    const sched = sub.schedule ? this.schedules.get(sub.schedule) : null;
    if (!sched || sched.status !== 'active') return;
    const phase = sched.phases.find((ph: Json) => ph.start_date <= start && start < ph.end_date);
    if (phase) {
      sub.items.data[0].price = clone(phase.items[0].price);
      sched.current_phase = { start_date: phase.start_date, end_date: phase.end_date };
    } else if (start >= sched.phases.at(-1).end_date && sched.end_behavior === 'release') {
      // Its last phase has ended: the subscription goes on by itself at that phase's price.
      sched.status = 'released';
      sched.released_at = this.ts();
      sched.released_subscription = sub.id;
      sched.current_phase = null;
      sub.schedule = null;
      this.emit('subscription_schedule.released', sched);
    }
  }

  private cancelSubscription(id: string, reason: 'cancellation_requested' | 'payment_failed'): Json {
    const sub = this.get(this.subscriptions, 'subscription', id);
    if (sub.status === 'canceled') throw invalid(`This subscription has already been canceled: ${id}`);
    sub.status = 'canceled';
    sub.canceled_at = sub.canceled_at ?? this.ts();
    sub.ended_at = this.ts();
    sub.cancellation_details = { comment: null, feedback: null, reason };
    this.emit('customer.subscription.deleted', sub);
    return sub;
  }

  // ── Connect ────────────────────────────────────────────────────────────────────────────────
  private createAccount(p: Json): Json {
    if (p.type !== 'express') throw invalid('The stand-in creates express accounts only.', 'type');
    const a = {
      id: rid('acct'), object: 'account', type: 'express', email: p.email ?? null, country: p.country ?? 'US', created: this.ts(), metadata: p.metadata ?? {},
      charges_enabled: false, payouts_enabled: false, details_submitted: false, capabilities: { transfers: 'inactive' }, requested_capabilities: p.capabilities ?? {},
    };
    this.accounts.set(a.id, a);
    return clone(a);
  }

  private createAccountLink(p: Json): Json {
    const a = this.get(this.accounts, 'account', p.account);
    if (!p.return_url || !p.refresh_url) throw invalid('Missing required param: return_url / refresh_url.');
    if (p.type !== 'account_onboarding') throw invalid('Invalid type', 'type');
    return { object: 'account_link', created: this.ts(), expires_at: this.ts() + 300, url: `https://connect.stripe.test/setup/e/${a.id}/${crypto.randomBytes(8).toString('hex')}` };
  }

  private createTransfer(p: Json): Json {
    const a = this.get(this.accounts, 'account', p.destination);
    if (a.capabilities.transfers !== 'active') throw invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', 'destination');
    const tr = { id: rid('tr'), object: 'transfer', amount: int(p.amount, 'amount'), currency: p.currency, destination: a.id, metadata: p.metadata ?? {}, created: this.ts(), livemode: false, reversed: false };
    this.transfers.set(tr.id, tr);
    return clone(tr);
  }

  // ── Disputes and refunds ───────────────────────────────────────────────────────────────────
  /** The charge object of a PaymentIntent (its latest charge), as charge.refunded carries it. */
  private chargeOf(pi: Json): Json {
    const refunds = [...this.refunds.values()].filter((r) => r.payment_intent === pi.id);
    const refunded = refunds.filter((r) => r.status === 'succeeded' || r.status === 'pending').reduce((s, r) => s + r.amount, 0);
    return {
      id: pi.latest_charge, object: 'charge', amount: pi.amount, amount_refunded: refunded, currency: pi.currency, payment_intent: pi.id, paid: true, status: 'succeeded',
      refunded: refunded >= pi.amount, disputed: [...this.disputes.values()].some((d) => d.payment_intent === pi.id), refunds: list(clone(refunds), `/v1/charges/${pi.latest_charge}/refunds`),
    };
  }

  private updateDispute(id: string, p: Json): Json {
    const d = this.get(this.disputes, 'dispute', id);
    if (!['needs_response', 'warning_needs_response'].includes(d.status)) throw invalid(`This dispute is ${d.status} and can no longer be updated.`);
    if (p.evidence) d.evidence = { ...d.evidence, ...p.evidence };
    if (p.metadata) d.metadata = { ...d.metadata, ...p.metadata };
    const previous: Json = {};
    if (bool(p.submit)) {
      previous.status = d.status;
      d.status = d.status === 'warning_needs_response' ? 'warning_under_review' : 'under_review';
      d.evidence_details = { ...d.evidence_details, has_evidence: true, submission_count: d.evidence_details.submission_count + 1, due_by: null };
    }
    this.emit('charge.dispute.updated', d, Object.keys(previous).length ? previous : { evidence: {} });
    return clone(d);
  }

  /** refunds.create on a PaymentIntent: at most what is not refunded yet, never while it is disputed; succeeds at once. */
  private createRefund(p: Json): Json {
    const pi = this.get(this.paymentIntents, 'payment_intent', p.payment_intent ?? '');
    if (pi.status !== 'succeeded') throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent');
    if ([...this.disputes.values()].some((d) => d.payment_intent === pi.id && d.status !== 'won' && d.status !== 'warning_closed')) throw invalid(`Charge ${pi.latest_charge} has been charged back; cannot issue a refund.`, undefined, 'charge_disputed');
    const left = pi.amount - this.chargeOf(pi).amount_refunded;
    const amount = p.amount !== undefined ? int(p.amount, 'amount') : left;
    if (amount <= 0 || amount > left) throw invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, 'amount', 'amount_too_large');
    const r = { id: rid('re'), object: 'refund', amount, currency: pi.currency, payment_intent: pi.id, charge: pi.latest_charge, status: 'succeeded', reason: p.reason ?? null, metadata: p.metadata ?? {}, created: this.ts(), failure_reason: null };
    this.refunds.set(r.id, r);
    this.addBalanceTransaction({ type: 'refund', reporting_category: 'refund', amount: -amount, fee: 0, currency: pi.currency, source: r.id });
    this.emit('refund.created', r);
    this.emit('charge.refunded', this.chargeOf(pi));
    return clone(r);
  }

  /** The bank failed a refund after it succeeded: refund.updated (status failed) and refund.failed (queued). */
  failRefund(refundId: string): StripeEventJson {
    const r = this.get(this.refunds, 'refund', refundId);
    const previous = { status: r.status };
    r.status = 'failed';
    r.failure_reason = 'expired_or_canceled_card';
    this.addBalanceTransaction({ type: 'refund_failure', reporting_category: 'refund_failure', amount: r.amount, fee: 0, currency: r.currency, source: r.id });
    this.emit('refund.failed', r);
    return this.emit('refund.updated', r, previous);
  }

  /**
   * The cardholder's bank disputes a PaymentIntent's charge (default: in full, fraud): Stripe takes
   * the amount and its $15 fee at once (charge.dispute.created with the withdrawal, then
   * charge.dispute.funds_withdrawn, both queued). Returns the dispute.
   */
  openDispute(piId: string, o: { amount?: number; reason?: string; fee?: number; inquiry?: boolean } = {}): Json {
    const pi = this.get(this.paymentIntents, 'payment_intent', piId);
    const amount = o.amount ?? pi.amount;
    const fee = o.fee ?? 1500;
    const d: Json = {
      id: rid('dp'), object: 'dispute', amount, currency: pi.currency, charge: pi.latest_charge, payment_intent: pi.id, created: this.ts(), livemode: false,
      reason: o.reason ?? 'fraudulent', status: o.inquiry ? 'warning_needs_response' : 'needs_response', is_charge_refundable: false, metadata: {},
      evidence: {}, evidence_details: { due_by: this.ts() + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      balance_transactions: [],
    };
    if (!o.inquiry) d.balance_transactions.push(this.addBalanceTransaction({ type: 'adjustment', reporting_category: 'dispute', amount: -amount, fee, currency: pi.currency, source: d.id }));
    this.disputes.set(d.id, d);
    this.emit('charge.dispute.created', d);
    if (!o.inquiry) this.emit('charge.dispute.funds_withdrawn', d);
    return clone(d);
  }

  /** The bank decides: won → the amount back (the fee kept unless `feeReturned`), funds_reinstated + closed; lost → closed. Queued. */
  closeDispute(id: string, outcome: 'won' | 'lost', o: { feeReturned?: number } = {}): Json {
    const d = this.get(this.disputes, 'dispute', id);
    const previous = { status: d.status };
    d.status = outcome;
    d.evidence_details = { ...d.evidence_details, due_by: null };
    if (outcome === 'won' && d.balance_transactions.length) {
      d.balance_transactions.push(this.addBalanceTransaction({ type: 'adjustment', reporting_category: 'dispute_reversal', amount: d.amount, fee: -(o.feeReturned ?? 0), currency: d.currency, source: d.id }));
      this.emit('charge.dispute.funds_reinstated', d);
    }
    this.emit('charge.dispute.closed', d, previous);
    return clone(d);
  }

  // ── Balance transactions ───────────────────────────────────────────────────────────────────
  /** A movement of the account's balance (Stripe's balance transaction); `source` is the object's id (charge, refund, dispute). */
  addBalanceTransaction(o: { type: string; reporting_category: string; amount: number; fee: number; currency: string; source: string; created?: number }): Json {
    const created = o.created ?? this.ts();
    const bt = {
      id: rid('txn'), object: 'balance_transaction', amount: o.amount, fee: o.fee, net: o.amount - o.fee, currency: o.currency, type: o.type, reporting_category: o.reporting_category,
      source: o.source, created, available_on: created + 2 * 86_400, status: 'pending', description: null, fee_details: o.fee ? [{ amount: o.fee, currency: o.currency, type: 'stripe_fee', description: 'Stripe processing fees' }] : [],
    };
    this.balanceTransactions.set(bt.id, bt);
    return clone(bt);
  }

  /** The object a balance transaction's source names (for expand[]=data.source). */
  private sourceObject(id: string): Json | string {
    if (id.startsWith('ch_')) {
      const pi = [...this.paymentIntents.values()].find((p) => p.latest_charge === id);
      return pi ? this.chargeOf(pi) : id;
    }
    return clone(this.refunds.get(id) ?? this.disputes.get(id) ?? id);
  }

  /** A list page as Stripe answers it: newest first, created[gte|gt|lte|lt], limit, starting_after (has_more for the SDK's auto-pagination). */
  private page(all: Json[], p: Json, url: string, shape: (o: Json) => Json = clone): Json {
    const c = p.created ?? {};
    const n = (v: unknown) => (v === undefined ? undefined : Number(v));
    const [gte, gt, lte, lt] = [n(c.gte), n(c.gt), n(c.lte), n(c.lt)];
    let rows = all
      .filter((o) => (gte === undefined || o.created >= gte) && (gt === undefined || o.created > gt) && (lte === undefined || o.created <= lte) && (lt === undefined || o.created < lt))
      .reverse();
    if (p.starting_after) rows = rows.slice(rows.findIndex((o) => o.id === p.starting_after) + 1);
    const limit = p.limit !== undefined ? int(p.limit, 'limit') : 10;
    if (limit < 1 || limit > 100) throw invalid('Invalid integer: limit must be between 1 and 100', 'limit');
    return { object: 'list', data: rows.slice(0, limit).map(shape), has_more: rows.length > limit, url };
  }

  private listBalanceTransactions(p: Json): Json {
    const expand: string[] = Array.isArray(p.expand) ? p.expand : [];
    return this.page([...this.balanceTransactions.values()], p, '/v1/balance_transactions', (bt) => ({ ...clone(bt), ...(expand.includes('data.source') ? { source: this.sourceObject(bt.source) } : {}) }));
  }

  /** events.list: `types[]` / `type` and a created range, newest first. */
  private listEvents(p: Json): Json {
    const types: string[] = Array.isArray(p.types) ? p.types : p.type ? [p.type] : [];
    return this.page(this.events.filter((e) => types.length === 0 || types.includes(e.type)), p, '/v1/events');
  }

  // ── Events and delivery ────────────────────────────────────────────────────────────────────
  /** An event (a snapshot of `object`), queued for delivery. */
  emit(type: string, object: Json, previous?: Json, o: { created?: number } = {}): StripeEventJson {
    const ev: StripeEventJson = {
      id: rid('evt'), object: 'event', type, created: o.created ?? this.ts(), api_version: Stripe.API_VERSION, livemode: false, pending_webhooks: 1,
      request: { id: null, idempotency_key: null }, data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
    };
    this.events.push(ev);
    this.pending.push(ev);
    return ev;
  }

  /** The Stripe-Signature header for a payload (a forged one with another secret). */
  sign(payload: string, secret = this.opts.webhookSecret): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret });
  }

  /** Delivers one event (again, if it was delivered before), signed unless `signature` says otherwise. */
  async deliver(ev: StripeEventJson, o: { secret?: string; signature?: string | null } = {}): Promise<Delivery> {
    if (!this.opts.deliver) throw new Error('StripeStandin: no deliver function');
    const payload = JSON.stringify(ev, null, 2);
    const signature = o.signature === undefined ? this.sign(payload, o.secret) : o.signature;
    this.pending = this.pending.filter((p) => p !== ev);
    return this.opts.deliver(payload, { 'content-type': 'application/json; charset=utf-8', ...(signature !== null ? { 'stripe-signature': signature } : {}) });
  }

  /** Takes the pending events (of these types), oldest first, without delivering them. */
  take(...types: string[]): StripeEventJson[] {
    const taken = this.pending.filter((e) => types.length === 0 || types.includes(e.type));
    this.pending = this.pending.filter((e) => !taken.includes(e));
    return taken;
  }

  /** Delivers the pending events (of these types) in order; every answer must be 200. */
  async flush(...types: string[]): Promise<Delivery[]> {
    const out: Delivery[] = [];
    for (const ev of this.take(...types)) {
      const d = await this.deliver(ev);
      if (d.statusCode !== 200) throw new Error(`webhook ${ev.type} ${ev.id} → ${d.statusCode} ${JSON.stringify(d.body)}`);
      out.push(d);
    }
    return out;
  }

  // ── Moving things on (what Stripe does by itself) ──────────────────────────────────────────
  /** The fan finished 3-D Secure: the PaymentIntent succeeds. Returns payment_intent.succeeded (queued). */
  completePaymentIntent(piId: string): StripeEventJson {
    const pi = this.get(this.paymentIntents, 'payment_intent', piId);
    if (pi.status !== 'requires_action') throw new Error(`payment intent ${piId} is ${pi.status}`);
    this.succeedIntent(pi);
    return this.pending.filter((e) => e.type === 'payment_intent.succeeded').at(-1)!;
  }

  /**
   * The next period starts and its invoice is paid with the default card (after a trial: the first
   * paid period). Returns the invoice and its invoice.paid event (queued, with the others).
   */
  renew(subId: string): { invoice: Json; event: StripeEventJson } {
    const sub = this.get(this.subscriptions, 'subscription', subId);
    if (sub.status === 'canceled') throw new Error(`subscription ${subId} is canceled`);
    const si = sub.items.data[0];
    const start = si.current_period_end;
    this.applySchedule(sub, start);
    const end = this.ts(addMonths(new Date(start * 1000), si.price.recurring.interval_count ?? 1));
    const rep = this.repeating.get(sub.id);
    const amount = Math.max(0, si.price.unit_amount - (rep && rep.left > 0 ? rep.amountOff : 0));
    if (rep && rep.left > 0) rep.left -= 1;
    const taxes = this.invoiceTaxes(sub, amount);
    const total = amount + (taxes.inclusive ? 0 : taxes.tax);
    const pi = this.chargeInvoice(sub, total);
    const invoice = this.makeInvoice(sub, { amount: total, subtotal: si.price.unit_amount, start, end, billingReason: 'subscription_cycle', paid: true, paymentIntent: pi.id, taxes: taxes.lines });
    const previous: Json = { items: clone(sub.items), latest_invoice: sub.latest_invoice, ...(sub.status !== 'active' ? { status: sub.status } : {}) };
    si.current_period_start = start;
    si.current_period_end = end;
    sub.latest_invoice = invoice.id;
    sub.status = 'active';
    sub.trial_end = sub.trial_end && sub.trial_end > start ? start : sub.trial_end;
    this.emit('customer.subscription.updated', sub, previous);
    const event = this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    return { invoice, event };
  }

  /** The next period's invoice could not be paid: past_due. Returns invoice.payment_failed (queued). */
  failRenewal(subId: string): { invoice: Json; event: StripeEventJson } {
    const sub = this.get(this.subscriptions, 'subscription', subId);
    const si = sub.items.data[0];
    const start = si.current_period_end;
    this.applySchedule(sub, start);
    const end = this.ts(addMonths(new Date(start * 1000), si.price.recurring.interval_count ?? 1));
    const invoice = this.makeInvoice(sub, { amount: si.price.unit_amount, subtotal: si.price.unit_amount, start, end, billingReason: 'subscription_cycle', paid: false, paymentIntent: null });
    const previous = { status: sub.status };
    sub.status = 'past_due';
    sub.latest_invoice = invoice.id;
    this.emit('customer.subscription.updated', sub, previous);
    const event = this.emit('invoice.payment_failed', invoice);
    return { invoice, event };
  }

  /** Stripe ends the subscription (retries exhausted, or cancelled). Returns customer.subscription.deleted (queued). */
  deleteSubscription(subId: string, reason: 'cancellation_requested' | 'payment_failed' = 'cancellation_requested'): StripeEventJson {
    this.cancelSubscription(subId, reason);
    return this.pending.filter((e) => e.type === 'customer.subscription.deleted').at(-1)!;
  }

  /** The creator finished onboarding: payouts enabled. Returns account.updated (queued). */
  enablePayouts(accountId: string): StripeEventJson {
    const a = this.get(this.accounts, 'account', accountId);
    const previous = { payouts_enabled: a.payouts_enabled, charges_enabled: a.charges_enabled };
    Object.assign(a, { payouts_enabled: true, charges_enabled: true, details_submitted: true, capabilities: { transfers: 'active' } });
    return this.emit('account.updated', a, previous);
  }
}
