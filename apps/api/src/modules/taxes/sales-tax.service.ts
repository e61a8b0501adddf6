import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
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
import { saleTaxes, taxResidences, taxRules, type SaleTaxRow, type TaxRuleRow } from './tax-rules.tables';

/** What SalesTaxService is built with (by the composition root, root.ts). */
export interface SalesTaxDeps {
  db: Db;
  /** The ledger's taxes account, summed for the report. */
  ledgerTaxes: Pick<LedgerTaxes, 'report'>;
}

/** A sale's tax as quoted at the charge: the amounts (minor units) and where / by which rule. */
export interface SaleTaxQuote {
  net: number;
  tax: number;
  total: number;
  place: { country: string; region: string } | null;
  rule: TaxRuleRow | null;
}

/** How a charge knows the fan's place: the request's GeoIP country (null without a request: renewals, a private show's minutes). */
export interface TaxRequest {
  requestCountry: string | null;
}

const isCountry = (code: string) => Object.hasOwn(countries, code);
const residenceRequired = () => new HttpError(422, SALE_TAX_MESSAGES.residenceRequired, undefined, TAX_RESIDENCE_REQUIRED_CODE);

/**
 * Sales tax (README "Sales tax"): the operator's rules (audited CRUD), the fan's tax place (stated
 * residence, else the request's GeoIP country, else the last country seen at a charge), the quote
 * of a sale with the shared `taxFor` and its record (`sale_taxes`) in the sale's transaction, and
 * the report summed from the ledger's `taxes` account.
 */
export class SalesTaxService {
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
  async quote(tx: Tx, q: { userId: string; kind: SaleTaxKind; price: number; requestCountry: string | null; background?: boolean }): Promise<SaleTaxQuote> {
    const untaxed = { net: q.price, tax: 0, total: q.price, place: null, rule: null };
    const place = await this.placeOf(tx, q.userId, q.requestCountry);
    if (place.source === 'request' && q.requestCountry) {
      await tx
        .insert(taxResidences)
        .values({ userId: q.userId, seenCountry: place.country })
        .onConflictDoUpdate({ target: taxResidences.userId, set: { seenCountry: place.country }, setWhere: sql`${taxResidences.seenCountry} is distinct from ${place.country}` });
    }
    if (!place.country || q.price === 0) return untaxed;
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
    if (q.tax <= 0 || !q.place || !q.rule) return;
    await tx.insert(saleTaxes).values({
      source, userId, ruleId: q.rule.id, country: q.place.country, region: q.place.region, label: q.rule.label, rateBps: q.rule.rateBps, inclusive: q.rule.inclusive, net: q.net, tax: q.tax,
    });
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
