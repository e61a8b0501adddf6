import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { countries } from 'countries-list';
import {
  SALE_TAX_MESSAGES, TAX_RESIDENCE_REQUIRED_CODE, fromMinor, isRegionSplitCountry, taxFor,
  type MyTaxes, type SaleTaxKind, type TaxPlace, type TaxReport, type TaxReportQuery, type TaxRule, type TaxRuleInput, type TaxRuleUpdate,
  type taxRuleListQuerySchema,
} from '@stagepass/shared';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { HttpError, conflict, fieldError, notFound } from '../../platform/errors';
import { csvLine, csvMoney } from '../../platform/csv';
import type { SaleTax } from '../ledger/ledger.service';
import type { LedgerTaxes } from '../ledger/ledger.taxes';
import type { Clock } from '../../platform/clock';
import type { CommitHooks } from '../../platform/commit-hooks';
import { TaxUnavailable, type PaymentGateway, type TaxAddress } from '../../platform/payments/gateway';
import type { SettingsService } from '../settings/settings.service';
import { saleTaxes, stripeTaxRates, stripeTaxReversals, subscriptionTaxes, taxResidences, taxRules, type SaleTaxRow, type SubscriptionTaxRow, type TaxRuleRow } from './tax-rules.tables';

/** What SalesTaxService is built with (by the composition root, root.ts). */
export interface SalesTaxDeps {
  db: Db;
  /** The ledger's taxes account, summed for the report; the give-backs of Stripe Tax sales to reverse at Stripe. */
  ledgerTaxes: Pick<LedgerTaxes, 'report' | 'stripeTaxGiveBacks'>;
  /** The engine (`salesTaxEngine`) and Stripe Tax's own settings. */
  settings: Pick<SettingsService, 'all'>;
  /** The active payment gateway (payments module), null when none may run: Stripe Tax and TaxRates go through it. */
  gateway: () => Promise<PaymentGateway | null>;
  /** After a Stripe Tax sale commits, its recording at Stripe is queued (`afterCommit`). */
  commits?: Pick<CommitHooks, 'afterCommit'>;
  /** Queues the Stripe Tax sync job (taxes/sales-tax.jobs.ts); absent: call `syncStripe` yourself. */
  queueSync?: () => Promise<void>;
  clock: Clock;
  /** The site's currency (ISO, lower case). */
  currency: string;
}

/** A sale's tax as quoted at the charge: the amounts (minor units) and where / by which rule or Stripe Tax calculation. */
export interface SaleTaxQuote {
  net: number;
  tax: number;
  total: number;
  place: { country: string; region: string } | null;
  rule: TaxRuleRow | null;
  /** Stripe Tax's calculation (the engine was Stripe Tax): its id, the label and rate it named, tax-inclusive or not. */
  stripe?: { calculationId: string | null; label: string; rateBps: number; inclusive: boolean } | null;
}

/**
 * Stripe's product tax code by kind of sale (README "Stripe Tax"): a shop product is taxed as a
 * general tangible good, everything else (subscriptions, tips, paid posts, videos, galleries,
 * messages, streams) as a general electronically supplied service.
 */
export const STRIPE_TAX_CODES: Record<SaleTaxKind, string> = {
  product: 'txcd_99999999',
  subscription: 'txcd_10000000', tip: 'txcd_10000000', feed: 'txcd_10000000', video: 'txcd_10000000', gallery: 'txcd_10000000', message: 'txcd_10000000', stream: 'txcd_10000000',
};
/** GET /taxes/mine under Stripe Tax: the rate of a place is a calculation of this amount, kept an hour. */
const STRIPE_RATE_PROBE = 10_000;
const STRIPE_RATE_TTL_MS = 60 * 60 * 1000;

/** How a charge knows the fan's place: the request's GeoIP country (null without a request: renewals, a private show's minutes). */
export interface TaxRequest {
  requestCountry: string | null;
}

const isCountry = (code: string) => Object.hasOwn(countries, code);
/** Stripe Tax could not answer (its own words are not shown to fans: `detail` is for the reader of the code only). */
const stripeTaxDown = (_detail?: string) => new HttpError(503, SALE_TAX_MESSAGES.stripeTaxUnavailable, undefined, 'stripe_tax_unavailable');
const residenceRequired = () => new HttpError(422, SALE_TAX_MESSAGES.residenceRequired, undefined, TAX_RESIDENCE_REQUIRED_CODE);

/**
 * Sales tax (README "Sales tax"): the operator's rules (audited CRUD), the fan's tax place (stated
 * residence, else the request's GeoIP country, else the last country seen at a charge), the quote
 * of a sale with the shared `taxFor` and its record (`sale_taxes`) in the sale's transaction, and
 * the report summed from the ledger's `taxes` account.
 */
export class SalesTaxService {
  /** GET /taxes/mine under Stripe Tax: place + behaviour → the rate Stripe answered, for an hour (this node). */
  private stripeRates = new Map<string, { at: number; value: { label: string; rateBps: number } | null }>();
  constructor(private deps: SalesTaxDeps) {}

  toView(r: TaxRuleRow): TaxRule {
    return {
      _id: r.id, country: r.country, region: r.region || null, label: r.label, rateBps: r.rateBps, inclusive: r.inclusive, kinds: r.kinds, active: r.active,
      createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
    };
  }

  // ── Rules (operator) ──────────────────────────────────────────────────────────────────────────
  async list(q: z.infer<typeof taxRuleListQuerySchema>): Promise<{ data: TaxRule[]; total: number }> {
    const where = q.country ? eq(taxRules.country, q.country) : undefined;
    const dir = q.sort === 'asc' ? asc : desc;
    const order = q.sortBy === 'country' ? [dir(taxRules.country), dir(taxRules.region)] : [dir(q.sortBy === 'createdAt' ? taxRules.createdAt : taxRules.updatedAt), dir(taxRules.id)];
    const [rows, [{ n }]] = await Promise.all([
      this.deps.db.select().from(taxRules).where(where).orderBy(...order).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(taxRules).where(where),
    ]);
    return { data: rows.map((r) => this.toView(r)), total: Number(n) };
  }

  /** POST /admin/tax-rules: one rule per place (409), audited (`tax_rule.create`) in the insert's transaction. */
  async create(actor: AuditActor, input: TaxRuleInput): Promise<TaxRule> {
    const country = input.country.toUpperCase();
    if (!isCountry(country)) throw fieldError('country', SALE_TAX_MESSAGES.unknownCountry);
    const dup = () => conflict(SALE_TAX_MESSAGES.duplicate, [{ field: input.region ? 'region' : 'country', message: SALE_TAX_MESSAGES.duplicate }]);
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        const [r] = await tx
          .insert(taxRules)
          .values({ country, region: input.region ?? '', label: input.label, rateBps: input.rateBps, inclusive: input.inclusive, kinds: [...new Set(input.kinds)], active: input.active ?? true })
          .onConflictDoNothing()
          .returning();
        if (!r) throw dup();
        await recordAudit(tx, actor, { action: 'tax_rule.create', targetType: 'tax rule', targetId: r.id, after: this.toView(r) });
        return r;
      });
      return this.toView(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw dup();
      throw err;
    }
  }

  /** PUT /admin/tax-rules/{id}: label, rate, inclusive, kinds, active; audited (`tax_rule.update`, before and after). */
  async update(actor: AuditActor, id: string, input: TaxRuleUpdate): Promise<TaxRule> {
    const patch: Partial<typeof taxRules.$inferInsert> = {};
    if (input.label !== undefined) patch.label = input.label;
    if (input.rateBps !== undefined) patch.rateBps = input.rateBps;
    if (input.inclusive !== undefined) patch.inclusive = input.inclusive;
    if (input.kinds !== undefined) patch.kinds = [...new Set(input.kinds)];
    if (input.active !== undefined) patch.active = input.active;
    const row = await this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(taxRules).where(eq(taxRules.id, id)).for('update');
      if (!before) throw notFound('Tax rule not found');
      if (!Object.keys(patch).length) return before;
      const [after] = await tx.update(taxRules).set(patch).where(eq(taxRules.id, id)).returning();
      await recordAudit(tx, actor, { action: 'tax_rule.update', targetType: 'tax rule', targetId: id, before: this.toView(before), after: this.toView(after!) });
      return after!;
    });
    return this.toView(row);
  }

  /** DELETE /admin/tax-rules/{id}: audited (`tax_rule.delete`, what it was). Sales made under it keep their record (`rule_id` set null). */
  async remove(actor: AuditActor, id: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.delete(taxRules).where(eq(taxRules.id, id)).returning();
      if (!row) throw notFound('Tax rule not found');
      await recordAudit(tx, actor, { action: 'tax_rule.delete', targetType: 'tax rule', targetId: id, before: this.toView(row) });
    });
  }

  // ── The fan's place ───────────────────────────────────────────────────────────────────────────
  /**
   * Where a fan is taxed: their stated residence (country and, in the US and Canada, region); else
   * the request's GeoIP country; else (no request: renewals, a private show's minutes) the last
   * country seen at one of their charges. No region unless stated.
   */
  async placeOf(db: DbOrTx, userId: string | null, requestCountry: string | null): Promise<TaxPlace> {
    const [row] = userId ? await db.select().from(taxResidences).where(eq(taxResidences.userId, userId)) : [];
    if (row?.country) return { country: row.country, region: row.region || null, source: 'stated' };
    if (requestCountry) return { country: requestCountry.toUpperCase(), region: null, source: 'request' };
    if (row?.seenCountry) return { country: row.seenCountry, region: null, source: 'request' };
    return { country: null, region: null, source: 'none' };
  }

  /**
   * The active rule of a place: its region's (US state, Canadian province) over its country's —
   * the most specific wins, whatever kinds it covers. One indexed query (tax_rules_place_uq).
   */
  async ruleOf(db: DbOrTx, place: TaxPlace): Promise<TaxRuleRow | null> {
    if (!place.country) return null;
    const regions = place.region ? [place.region, ''] : [''];
    const rows = await db.select().from(taxRules).where(and(eq(taxRules.country, place.country), inArray(taxRules.region, regions), eq(taxRules.active, true)));
    return rows.find((r) => r.region !== '') ?? rows[0] ?? null;
  }

  /** Whether a rule for a region of the place's country exists while the place has no region: its tax cannot be known. */
  private async regionUnknown(db: DbOrTx, place: TaxPlace): Promise<boolean> {
    if (!place.country || place.region || !isRegionSplitCountry(place.country)) return false;
    const [row] = await db.select({ id: taxRules.id }).from(taxRules).where(and(eq(taxRules.country, place.country), sql`${taxRules.region} <> ''`, eq(taxRules.active, true))).limit(1);
    return !!row;
  }

  /** GET /taxes/mine: the caller's place, the rule in force there and whether they must state their region first. */
  async mine(userId: string | null, requestCountry: string | null): Promise<MyTaxes> {
    const place = await this.placeOf(this.deps.db, userId, requestCountry);
    const s = await this.deps.settings.all();
    if (s.salesTaxEngine === 'stripe_tax') {
      const required = !!place.country && !place.region && isRegionSplitCountry(place.country);
      const rate = place.country && !required ? await this.stripeRate({ country: place.country, state: place.region }, s.stripeTaxInclusive) : null;
      return { place, tax: rate && rate.rateBps > 0 ? { label: rate.label, rateBps: rate.rateBps, inclusive: s.stripeTaxInclusive, kinds: s.stripeTaxKinds } : null, residenceRequired: required };
    }
    const [rule, required] = await Promise.all([this.ruleOf(this.deps.db, place), this.regionUnknown(this.deps.db, place)]);
    return { place, tax: rule && !required ? { label: rule.label, rateBps: rule.rateBps, inclusive: rule.inclusive, kinds: rule.kinds } : null, residenceRequired: required };
  }

  async residence(userId: string): Promise<{ country: string | null; region: string | null }> {
    const [row] = await this.deps.db.select().from(taxResidences).where(eq(taxResidences.userId, userId));
    return { country: row?.country ?? null, region: row?.region || null };
  }

  /** PUT /taxes/residence (the schema checked the region against the country). */
  async putResidence(userId: string, input: { country: string; region?: string | null }): Promise<{ country: string | null; region: string | null }> {
    if (!isCountry(input.country)) throw fieldError('country', SALE_TAX_MESSAGES.unknownCountry);
    const values = { country: input.country, region: input.region ?? '' };
    await this.deps.db.insert(taxResidences).values({ userId, ...values }).onConflictDoUpdate({ target: taxResidences.userId, set: { ...values, updatedAt: new Date() } });
    return { country: values.country, region: values.region || null };
  }

  // ── A sale's tax ──────────────────────────────────────────────────────────────────────────────
  /**
   * The tax of a sale of `price` (minor units) of `kind` to `userId`, inside the charge's
   * transaction: the place now, its rule, `taxFor`. With a request (`requestCountry` given or
   * null — a paying request), a fan in a region-split country whose region is unknown while a
   * region has a rule → 422 `tax_residence_required` (nothing is charged); without one
   * (`background`: renewals, a private show's minutes) the country's rule applies. A request's
   * country is remembered (`seen_country`) for the charges made without one.
   */
  async quote(tx: Tx, q: { userId: string; kind: SaleTaxKind; price: number; requestCountry: string | null; background?: boolean; source?: string }): Promise<SaleTaxQuote> {
    const untaxed = { net: q.price, tax: 0, total: q.price, place: null, rule: null };
    const place = await this.placeOf(tx, q.userId, q.requestCountry);
    if (place.source === 'request' && q.requestCountry) {
      await tx
        .insert(taxResidences)
        .values({ userId: q.userId, seenCountry: place.country })
        .onConflictDoUpdate({ target: taxResidences.userId, set: { seenCountry: place.country }, setWhere: sql`${taxResidences.seenCountry} is distinct from ${place.country}` });
    }
    if (!place.country || q.price === 0) return untaxed;
    const s = await this.deps.settings.all(tx);
    if (s.salesTaxEngine === 'stripe_tax') {
      if (!s.stripeTaxKinds.includes(q.kind)) return untaxed;
      // Stripe Tax taxes a US or Canadian sale by its state / province: unknown → stated first (a background charge: untaxed).
      if (isRegionSplitCountry(place.country) && !place.region) {
        if (q.background) return untaxed;
        throw residenceRequired();
      }
      const calc = await this.calculate({ amount: q.price, inclusive: s.stripeTaxInclusive, kind: q.kind, reference: q.source ?? `quote:${q.userId}`, address: { country: place.country, state: place.region } });
      if (calc.tax <= 0) return untaxed;
      return { net: calc.net, tax: calc.tax, total: calc.total, place: { country: place.country, region: place.region ?? '' }, rule: null, stripe: { calculationId: calc.id, label: calc.label, rateBps: calc.rateBps, inclusive: s.stripeTaxInclusive } };
    }
    if (!q.background && (await this.regionUnknown(tx, place))) throw residenceRequired();
    const rule = await this.ruleOf(tx, place);
    if (!rule || !rule.kinds.includes(q.kind) || rule.rateBps === 0) return untaxed;
    return { ...taxFor(q.price, rule), place: { country: place.country, region: place.region ?? '' }, rule };
  }

  /** The ledger's view of a quote: the tax on top of the sale's net, and its place (null: untaxed). */
  ledgerTax(q: SaleTaxQuote): SaleTax | null {
    return q.tax > 0 && q.place ? { amount: q.tax, country: q.place.country, region: q.place.region } : null;
  }

  /** Records a taxed sale's tax (`sale_taxes`, its source) in the sale's transaction; an untaxed quote writes nothing. */
  async record(tx: Tx, source: string, userId: string, q: SaleTaxQuote): Promise<void> {
    if (q.tax <= 0 || !q.place) return;
    if (q.stripe) {
      await tx.insert(saleTaxes).values({
        source, userId, ruleId: null, country: q.place.country, region: q.place.region, label: q.stripe.label, rateBps: q.stripe.rateBps, inclusive: q.stripe.inclusive, net: q.net, tax: q.tax,
        provider: 'stripe_tax', calculationId: q.stripe.calculationId,
      });
      // Recorded at Stripe once the sale has committed (a rolled-back sale is never reported).
      if (q.stripe.calculationId) this.deps.commits?.afterCommit(tx, () => this.queueSync());
      return;
    }
    if (!q.rule) return;
    await tx.insert(saleTaxes).values({
      source, userId, ruleId: q.rule.id, country: q.place.country, region: q.place.region, label: q.rule.label, rateBps: q.rule.rateBps, inclusive: q.rule.inclusive, net: q.net, tax: q.tax,
    });
  }

  /** A sale's tax booked from what the gateway charged (a Stripe invoice's `total_taxes`), recorded like a quote's. */
  async recordCharged(tx: Tx, source: string, userId: string, t: { provider: 'rules' | 'stripe_tax'; country: string; region: string; label: string; rateBps: number; inclusive: boolean; net: number; tax: number }): Promise<void> {
    if (t.tax <= 0) return;
    await tx.insert(saleTaxes).values({ source, userId, ruleId: null, country: t.country, region: t.region, label: t.label, rateBps: t.rateBps, inclusive: t.inclusive, net: t.net, tax: t.tax, provider: t.provider }).onConflictDoNothing();
  }

  // ── Stripe Tax ────────────────────────────────────────────────────────────────────────────────
  /** The engine in force (README "Stripe Tax"). */
  async engine(db: DbOrTx = this.deps.db): Promise<'rules' | 'stripe_tax'> {
    return (await this.deps.settings.all(db)).salesTaxEngine;
  }

  private async stripeTax(): Promise<NonNullable<PaymentGateway['tax']>> {
    const gw = await this.deps.gateway().catch(() => null);
    if (!gw?.tax) throw stripeTaxDown('the payment gateway is not Stripe');
    return gw.tax;
  }

  /** One Stripe Tax calculation; a failure → 503 (the caller's transaction rolls back: nothing moves). */
  private async calculate(c: { amount: number; inclusive: boolean; kind: SaleTaxKind; reference: string; address: TaxAddress }) {
    const tax = await this.stripeTax();
    try {
      return await tax.calculate({ amount: c.amount, currency: this.deps.currency, reference: c.reference, taxCode: STRIPE_TAX_CODES[c.kind], inclusive: c.inclusive, address: c.address });
    } catch (err) {
      if (err instanceof TaxUnavailable) throw stripeTaxDown(err.message);
      throw err;
    }
  }

  /** The rate Stripe Tax answers for a place (a calculation of a fixed amount), cached an hour per place and behaviour; null when it cannot say now. */
  private async stripeRate(address: TaxAddress, inclusive: boolean): Promise<{ label: string; rateBps: number } | null> {
    const key = `${address.country}-${address.state ?? ''}-${inclusive ? 'in' : 'ex'}`;
    const now = this.deps.clock.now().getTime();
    const hit = this.stripeRates.get(key);
    if (hit && now - hit.at < STRIPE_RATE_TTL_MS) return hit.value;
    try {
      const calc = await this.calculate({ amount: STRIPE_RATE_PROBE, inclusive, kind: 'subscription', reference: `rate:${key}`, address });
      const value = calc.tax > 0 ? { label: calc.label, rateBps: calc.rateBps } : null;
      this.stripeRates.set(key, { at: now, value });
      return value;
    } catch {
      return null; // not cached: asked again next time
    }
  }

  private async queueSync(): Promise<void> {
    try {
      await this.deps.queueSync?.();
    } catch {
      // The periodic sync picks it up.
    }
  }

  /**
   * The Stripe Tax sync (job `taxes.stripe-sync`, after a sale or a give-back commits, and every
   * few minutes): records each Stripe Tax sale at Stripe from its calculation (reference = the
   * sale's source: a retry answers the same transaction), then each movement that gave its tax back
   * as a reversal (full when it gave everything back at once, else partial by the amount). Each is
   * marked done only after Stripe answered; a failure is retried by the next run.
   */
  async syncStripe(limit = 100): Promise<{ recorded: number; reversed: number }> {
    const gw = await this.deps.gateway().catch(() => null);
    if (!gw?.tax) return { recorded: 0, reversed: 0 };
    let recorded = 0;
    let reversed = 0;
    const pending = await this.deps.db
      .select({ source: saleTaxes.source, calculationId: saleTaxes.calculationId })
      .from(saleTaxes)
      .where(and(eq(saleTaxes.provider, 'stripe_tax'), isNull(saleTaxes.stripeTransactionId), isNotNull(saleTaxes.calculationId)))
      .orderBy(asc(saleTaxes.createdAt))
      .limit(limit);
    for (const p of pending) {
      const t = await gw.tax.recordTransaction({ calculationId: p.calculationId!, reference: p.source });
      const rows = await this.deps.db.update(saleTaxes).set({ stripeTransactionId: t.id }).where(and(eq(saleTaxes.source, p.source), isNull(saleTaxes.stripeTransactionId))).returning({ source: saleTaxes.source });
      recorded += rows.length;
    }
    for (const g of await this.deps.ledgerTaxes.stripeTaxGiveBacks(limit)) {
      const full = g.givenBack >= g.salePaid;
      const t = await gw.tax.reverse({ transactionId: g.transactionId, reference: `reversal:${g.source}`, full, flatAmount: g.givenBack });
      const rows = await this.deps.db.insert(stripeTaxReversals).values({ earningId: g.earningId, saleSource: g.saleSource, transactionId: t.id }).onConflictDoNothing().returning({ id: stripeTaxReversals.earningId });
      reversed += rows.length;
    }
    return { recorded, reversed };
  }

  // ── Stripe-managed subscriptions ──────────────────────────────────────────────────────────────
  /**
   * How a Stripe subscription of `userId` starting now is taxed (README "Stripe"): the fan's place
   * (stated, else last seen), then with the rules the place's rule for subscriptions as a Stripe
   * TaxRate (made once per rule version), with Stripe Tax automatic tax at the place (its rate
   * asked now, for the record). Remembered for the subscription (`subscription_taxes`): its
   * renewals are booked with it. Null: untaxed.
   */
  async forGatewaySubscription(subscriptionId: string, userId: string): Promise<{ taxRateId: string } | { automatic: { inclusive: boolean; address: TaxAddress } } | null> {
    const db = this.deps.db;
    const place = await this.placeOf(db, userId, null);
    if (!place.country) return null;
    const s = await this.deps.settings.all();
    if (s.salesTaxEngine === 'stripe_tax') {
      if (!s.stripeTaxKinds.includes('subscription') || (isRegionSplitCountry(place.country) && !place.region)) return null;
      const address = { country: place.country, state: place.region };
      const rate = await this.stripeRate(address, s.stripeTaxInclusive);
      await this.rememberSubscription({ subscriptionId, provider: 'stripe_tax', country: place.country, region: place.region ?? '', label: rate?.label ?? 'Tax', rateBps: rate?.rateBps ?? 0, inclusive: s.stripeTaxInclusive, taxRateId: null });
      return { automatic: { inclusive: s.stripeTaxInclusive, address } };
    }
    const rule = await this.ruleOf(db, place);
    if (!rule || !rule.kinds.includes('subscription') || rule.rateBps === 0) return null;
    const taxRateId = await this.stripeTaxRateOf(rule);
    await this.rememberSubscription({ subscriptionId, provider: 'rules', country: place.country, region: rule.region, label: rule.label, rateBps: rule.rateBps, inclusive: rule.inclusive, taxRateId });
    return { taxRateId };
  }

  private async rememberSubscription(v: typeof subscriptionTaxes.$inferInsert): Promise<void> {
    await this.deps.db.insert(subscriptionTaxes).values(v).onConflictDoUpdate({ target: subscriptionTaxes.subscriptionId, set: { ...v, createdAt: sql`now()` } });
  }

  /** The Stripe TaxRate of a rule's current version (rate, inclusive): made once, its id kept. */
  private async stripeTaxRateOf(rule: TaxRuleRow): Promise<string> {
    const key = and(eq(stripeTaxRates.ruleId, rule.id), eq(stripeTaxRates.rateBps, rule.rateBps), eq(stripeTaxRates.inclusive, rule.inclusive));
    const [known] = await this.deps.db.select({ id: stripeTaxRates.taxRateId }).from(stripeTaxRates).where(key);
    if (known) return known.id;
    const tax = await this.stripeTax();
    let id: string;
    try {
      id = await tax.taxRate({ label: rule.label, rateBps: rule.rateBps, inclusive: rule.inclusive, country: rule.country, state: rule.region || null, idempotencyKey: `tax-rate:${rule.id}:${rule.rateBps}:${rule.inclusive ? 'in' : 'ex'}` });
    } catch (err) {
      if (err instanceof TaxUnavailable) throw stripeTaxDown(err.message);
      throw err;
    }
    await this.deps.db.insert(stripeTaxRates).values({ ruleId: rule.id, rateBps: rule.rateBps, inclusive: rule.inclusive, taxRateId: id }).onConflictDoNothing();
    return id;
  }

  /** How a Stripe subscription was taxed when it started (null: untaxed). */
  async ofGatewaySubscription(db: DbOrTx, subscriptionId: string): Promise<SubscriptionTaxRow | null> {
    const [row] = await db.select().from(subscriptionTaxes).where(eq(subscriptionTaxes.subscriptionId, subscriptionId));
    return row ?? null;
  }

  /** The tax recorded for a sale (a card payment's, when it is paid), or null. */
  async ofSale(db: DbOrTx, source: string): Promise<SaleTaxRow | null> {
    const [row] = await db.select().from(saleTaxes).where(eq(saleTaxes.source, source));
    return row ?? null;
  }

  // ── The report ────────────────────────────────────────────────────────────────────────────────
  /** GET /admin/taxes/report: the months from..to (UTC), collected / refunded / net by month and place. */
  async report(q: TaxReportQuery): Promise<TaxReport> {
    const rows = await this.reportRows(q);
    const sum = (k: 'collected' | 'refunded' | 'net') => rows.reduce((s, r) => s + r[k], 0);
    return {
      from: q.from, to: q.to,
      rows: rows.map((r) => ({ month: r.month, country: r.country, region: r.region || null, collected: fromMinor(r.collected), refunded: fromMinor(r.refunded), net: fromMinor(r.net) })),
      totals: { collected: fromMinor(sum('collected')), refunded: fromMinor(sum('refunded')), net: fromMinor(sum('net')) },
    };
  }

  /** GET /admin/taxes/report.csv: header `month,country,region,collected,refunded,net`, money exact with two decimals. */
  async reportCsv(q: TaxReportQuery): Promise<string> {
    const rows = await this.reportRows(q);
    return csvLine(['month', 'country', 'region', 'collected', 'refunded', 'net']) + rows.map((r) => csvLine([r.month, r.country, r.region, csvMoney(r.collected), csvMoney(r.refunded), csvMoney(r.net)])).join('');
  }

  private reportRows(q: TaxReportQuery) {
    const [fy, fm] = q.from.split('-').map(Number) as [number, number];
    const [ty, tm] = q.to.split('-').map(Number) as [number, number];
    return this.deps.ledgerTaxes.report(new Date(Date.UTC(fy, fm - 1, 1)), new Date(Date.UTC(ty, tm, 1)));
  }
}
