import './zod-config';
import { z } from 'zod';
import { SALE_EARNING_TYPES } from './earnings';

const saleTaxKindSchema = z.enum(SALE_EARNING_TYPES);
import { listQuerySchema, sortBySchema } from './api';

/**
 * Sales tax (issue 29 §3; rules: apps/api/src/modules/taxes/README.md "Sales tax"). The operator
 * sets rules per country, or per US state / Canadian province (the region's rule wins over its
 * country's); a fan's sale in a taxed place carries the tax — added on top (exclusive) or carved
 * out of the price (inclusive). `taxFor` is THE computation: the API charges with it and the web
 * shows prices with it.
 */

/** The kinds of sale a rule applies to: the ledger's sale types (a stream ticket and a private show's minutes are `stream`; a referral share is no sale). */
export const SALE_TAX_KINDS = SALE_EARNING_TYPES;
export type SaleTaxKind = (typeof SALE_EARNING_TYPES)[number];
export const SALE_TAX_KIND_LABELS: Record<SaleTaxKind, string> = {
  subscription: 'Subscriptions',
  tip: 'Tips',
  feed: 'Paid posts',
  product: 'Shop products',
  video: 'Videos',
  message: 'Paid messages',
  gallery: 'Galleries',
  stream: 'Stream tickets and private shows',
};

/** Countries whose rules may be split by region (US states, Canadian provinces and territories). */
export const TAX_REGIONS: Record<'US' | 'CA', readonly string[]> = {
  US: [
    'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS',
    'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI',
    'WY', 'PR',
  ],
  CA: ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'],
};
export const isRegionSplitCountry = (country: string): country is 'US' | 'CA' => country === 'US' || country === 'CA';
export const isTaxRegionOf = (country: string, region: string): boolean => isRegionSplitCountry(country) && TAX_REGIONS[country].includes(region);

export const SALE_TAX_MESSAGES = {
  rate: 'The rate is a whole number of basis points from 0 to 10000 (19% = 1900)',
  country: 'Choose a country (two-letter ISO code)',
  unknownCountry: 'Unknown country',
  region: 'States and provinces are for the US and Canada only',
  unknownRegion: 'Unknown state or province of this country',
  kinds: 'Choose at least one kind of sale',
  label: 'Give the tax a name (VAT, GST, Sales tax)',
  duplicate: 'There is already a rule for this place',
  residenceRequired: 'Tell us your state or province (Account → Tax residence) before paying: the tax depends on it',
  period: 'The period must end after it starts',
  stripeTaxUnavailable: 'Sales tax cannot be worked out right now (Stripe Tax did not answer), so nothing was charged. Please try again in a few minutes.',
} as const;
/** The 422 code when a fan in a region-split country has not stated their region. */
export const TAX_RESIDENCE_REQUIRED_CODE = 'tax_residence_required';

const countryCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, SALE_TAX_MESSAGES.country);
const regionCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, SALE_TAX_MESSAGES.unknownRegion);

/** The fields a rule is made of (create; update takes any subset). */
const taxRuleFields = {
  country: countryCode,
  /** A US state or Canadian province (two letters); null/absent: the whole country. */
  region: regionCode.nullable().default(null),
  label: z.string().trim().min(1, SALE_TAX_MESSAGES.label).max(40, SALE_TAX_MESSAGES.label),
  /** Basis points: 19% = 1900. */
  rateBps: z.number({ error: SALE_TAX_MESSAGES.rate }).int(SALE_TAX_MESSAGES.rate).min(0, SALE_TAX_MESSAGES.rate).max(10_000, SALE_TAX_MESSAGES.rate),
  /** true: prices include the tax (carved out); false: the tax is added on top. */
  inclusive: z.boolean(),
  kinds: z.array(saleTaxKindSchema).min(1, SALE_TAX_MESSAGES.kinds).transform((k) => [...new Set(k)]),
  active: z.boolean().default(true),
};
/** The region of a rule must belong to its country (US states, Canadian provinces); the field error names `region`. */
const regionCheck = (v: { country?: string; region?: string | null }, ctx: z.RefinementCtx) => {
  if (!v.region || !v.country || !/^[A-Z]{2}$/.test(v.country)) return;
  if (!isRegionSplitCountry(v.country)) ctx.addIssue({ code: 'custom', path: ['region'], message: SALE_TAX_MESSAGES.region });
  else if (!isTaxRegionOf(v.country, v.region)) ctx.addIssue({ code: 'custom', path: ['region'], message: SALE_TAX_MESSAGES.unknownRegion });
};
export const taxRuleInputSchema = z.object(taxRuleFields).superRefine(regionCheck);
export type TaxRuleInput = z.input<typeof taxRuleInputSchema>;
export const taxRuleUpdateSchema = z
  .object({ label: taxRuleFields.label, rateBps: taxRuleFields.rateBps, inclusive: taxRuleFields.inclusive, kinds: taxRuleFields.kinds, active: z.boolean() })
  .partial();
export type TaxRuleUpdate = z.input<typeof taxRuleUpdateSchema>;

export const taxRuleSchema = z.object({
  _id: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  label: z.string(),
  rateBps: z.number().int(),
  inclusive: z.boolean(),
  kinds: z.array(saleTaxKindSchema),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaxRule = z.infer<typeof taxRuleSchema>;
export const taxRuleListQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(['country', 'updatedAt', 'createdAt'], 'country'),
  sort: z.enum(['asc', 'desc']).default('asc'),
  country: countryCode.optional(),
});

/** What the web needs of a rule to show a price (GET /taxes/mine). */
export const applicableTaxSchema = z.object({ label: z.string(), rateBps: z.number().int(), inclusive: z.boolean(), kinds: z.array(saleTaxKindSchema) });
export type ApplicableTax = z.infer<typeof applicableTaxSchema>;

/** A fan's tax place as the site knows it: stated (Tax residence) or from the request's address (GeoIP). */
export const taxPlaceSchema = z.object({ country: z.string().nullable(), region: z.string().nullable(), source: z.enum(['stated', 'request', 'none']) });
export type TaxPlace = z.infer<typeof taxPlaceSchema>;
export const myTaxesSchema = z.object({
  place: taxPlaceSchema,
  /** The rule in force for the place (region's, else country's), or null: untaxed. */
  tax: applicableTaxSchema.nullable(),
  /** The place is a US state / Canadian province split country and the fan has not stated a region: paying is refused (422) until they do. */
  residenceRequired: z.boolean(),
});
export type MyTaxes = z.infer<typeof myTaxesSchema>;

export const taxResidenceInputSchema = z
  .object({ country: countryCode, region: regionCode.nullable().default(null) })
  .superRefine((v, ctx) => {
    if (isRegionSplitCountry(v.country) && !v.region) ctx.addIssue({ code: 'custom', path: ['region'], message: 'Choose your state or province' });
    regionCheck(v, ctx);
  });
export type TaxResidenceInput = z.input<typeof taxResidenceInputSchema>;
export const taxResidenceSchema = z.object({ country: z.string().nullable(), region: z.string().nullable() });

// ── The computation ─────────────────────────────────────────────────────────────────────────────
export interface TaxTerms { rateBps: number; inclusive: boolean }
export interface TaxAmounts {
  /** What the sale is worth before tax: the creator's and the site's split is on this. */
  net: number;
  tax: number;
  /** What the fan pays. */
  total: number;
}
/** round(a × b / c) half up, exactly, for non-negative integers (BigInt: no 2^53 overflow). */
const mulDivHalfUp = (a: number, b: number, c: number) => Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (2n * BigInt(c)));

/**
 * THE tax of a price (integer minor units): exclusive → tax = round(price × r) on top (total =
 * price + tax); inclusive → the price is the total and tax = round(price × r / (1 + r)) is carved
 * out of it (net = price − tax). Rounding half up to the minor unit; no rule or rate 0 → no tax.
 */
export function taxFor(priceMinor: number, rule: TaxTerms | null | undefined): TaxAmounts {
  if (!Number.isSafeInteger(priceMinor) || priceMinor < 0) throw new RangeError('price must be a non-negative integer of minor units');
  if (!rule || rule.rateBps === 0 || priceMinor === 0) return { net: priceMinor, tax: 0, total: priceMinor };
  if (!Number.isInteger(rule.rateBps) || rule.rateBps < 0 || rule.rateBps > 10_000) throw new RangeError('rate must be an integer of basis points in 0..10000');
  if (rule.inclusive) {
    const tax = mulDivHalfUp(priceMinor, rule.rateBps, 10_000 + rule.rateBps);
    return { net: priceMinor - tax, tax, total: priceMinor };
  }
  const tax = mulDivHalfUp(priceMinor, rule.rateBps, 10_000);
  return { net: priceMinor, tax, total: priceMinor + tax };
}
/** The rule that applies to `kind`, or null. */
export const taxOfKind = (tax: ApplicableTax | null | undefined, kind: SaleTaxKind): ApplicableTax | null => (tax && tax.kinds.includes(kind) ? tax : null);
/** A rate in basis points as a percentage text: 1900 → "19%", 825 → "8.25%". */
export const bpsAsPercent = (bps: number): string => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

// ── The report ──────────────────────────────────────────────────────────────────────────────────
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM');
export const taxReportQuerySchema = z
  .object({ from: monthSchema, to: monthSchema })
  .refine((v) => v.from <= v.to, { path: ['to'], message: SALE_TAX_MESSAGES.period });
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>;
export const taxReportRowSchema = z.object({
  /** YYYY-MM (UTC). */
  month: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  /** Decimals in the site currency. */
  collected: z.number(),
  refunded: z.number(),
  net: z.number(),
});
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;
export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(taxReportRowSchema),
  totals: z.object({ collected: z.number(), refunded: z.number(), net: z.number() }),
});
export type TaxReport = z.infer<typeof taxReportSchema>;
