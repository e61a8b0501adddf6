import './zod-config';
import { z } from 'zod';

/**
 * A creator's tax details (issue 29 §4; rules: apps/api/src/modules/taxes/README.md). Before the
 * first payout a creator fills in the form their country calls for: a US person (citizen or
 * resident) the W-9-like form — legal name, business name, federal tax classification, TIN (SSN
 * or EIN), US address, certification — anyone else the W-8BEN-like form — name, country of
 * citizenship (or incorporation), foreign tax id, permanent address outside the US, the treaty
 * country whose benefits they claim, certification. Individual or business either way. The tax id
 * is encrypted at rest and only ever answered masked (`•••• 6789`).
 */
export const TAX_FORMS = ['w9', 'w8ben'] as const;
export const taxFormSchema = z.enum(TAX_FORMS);
export type TaxForm = z.infer<typeof taxFormSchema>;
export const TAX_FORM_LABELS: Record<TaxForm, string> = { w9: 'W-9 (US person)', w8ben: 'W-8BEN (not a US person)' };
/** The form a country calls for: US persons give a W-9, everyone else a W-8BEN. */
export const taxFormFor = (country: string): TaxForm => (country.toUpperCase() === 'US' ? 'w9' : 'w8ben');

export const TAX_ENTITY_TYPES = ['individual', 'business'] as const;
export const taxEntityTypeSchema = z.enum(TAX_ENTITY_TYPES, { error: 'Choose individual or business' });
export type TaxEntityType = z.infer<typeof taxEntityTypeSchema>;

/** W-9 line 3: the federal tax classification ("business type"). `individual` = individual or sole proprietor. */
export const W9_CLASSIFICATIONS = ['individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc_c', 'llc_s', 'llc_p', 'other'] as const;
export type W9Classification = (typeof W9_CLASSIFICATIONS)[number];
export const W9_CLASSIFICATION_LABELS: Record<W9Classification, string> = {
  individual: 'Individual / sole proprietor',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust / estate',
  llc_c: 'LLC taxed as a C corporation',
  llc_s: 'LLC taxed as an S corporation',
  llc_p: 'LLC taxed as a partnership',
  other: 'Other',
};
export const US_TIN_TYPES = ['ssn', 'ein'] as const;
export type UsTinType = (typeof US_TIN_TYPES)[number];
export const US_TIN_LABELS: Record<UsTinType, string> = { ssn: 'Social security number (SSN)', ein: 'Employer identification number (EIN)' };

/** The mask of a tax id or account number: `•••• ` and its last 4 characters (letters and digits only). */
export function maskTail(value: string): string {
  const tail = value.replace(/[^0-9A-Za-z]/g, '').slice(-4);
  return tail ? `•••• ${tail}` : '';
}
/** Whether `value` is a mask as `maskTail` writes it (a form sending it back keeps the stored value). */
export const isMask = (value: string): boolean => value.startsWith('••••');

const digits = (v: string) => v.replace(/[\s-]/g, '');
/** SSN: 9 digits, not 000/666/9xx first, group not 00, serial not 0000. */
export function isValidSsn(v: string): boolean {
  const d = digits(v);
  return /^\d{9}$/.test(d) && !/^(000|666|9)/.test(d) && d.slice(3, 5) !== '00' && d.slice(5) !== '0000';
}
/** EIN: 9 digits with a prefix the IRS assigns (never 00, 07–09, 17–19, 28–29, 49, 69–70, 78–79, 89, 96–97). */
const EIN_UNASSIGNED = new Set(['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']);
export function isValidEin(v: string): boolean {
  const d = digits(v);
  return /^\d{9}$/.test(d) && !EIN_UNASSIGNED.has(d.slice(0, 2));
}
/** The stored shape of a US TIN: 123-45-6789 (SSN) or 12-3456789 (EIN). */
export const formatUsTin = (type: UsTinType, v: string): string => {
  const d = digits(v);
  return type === 'ssn' ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}` : `${d.slice(0, 2)}-${d.slice(2)}`;
};

export const TAX_MESSAGES = {
  certify: 'Tick the box to certify that the information is true and correct',
  signature: 'Type your full legal name as your signature',
  ssn: 'Enter a valid social security number (9 digits, e.g. 123-45-6789)',
  ein: 'Enter a valid employer identification number (9 digits, e.g. 12-3456789)',
  businessNeedsEin: 'A business gives its EIN',
  individualClassification: 'An individual is classified as individual / sole proprietor',
  businessClassification: 'Choose the classification of your business',
  zip: 'Enter a US ZIP code (12345 or 12345-6789)',
  state: 'Choose the state',
  usPerson: 'US citizens and residents give the W-9 form instead',
  addressOutsideUs: 'The W-8BEN needs your permanent address outside the US (a US address means the W-9)',
  treatyUs: 'The treaty country is the country you are a resident of, not the US',
  country: 'Choose a country',
  unknownCountry: 'Unknown country',
  enterFullId: 'Enter the full number (the masked one is only kept for the same form)',
  /** 422 on a payout request without tax details (code `tax_details_required`). */
  requiredForPayout:
    'Add your tax details before requesting a payout: we need your legal name, your tax identification number, your address and your signed certification (a W-9 for US persons, a W-8BEN otherwise). Go to Earnings → Tax details.',
  /** 503 when the site runs without DATA_ENCRYPTION_KEY in production. */
  turnedOff: 'Tax and bank details are turned off: the operator must set DATA_ENCRYPTION_KEY (32 random bytes, base64) so they are stored encrypted',
} as const;
/** The `code` of the 422 a payout request without tax details answers. */
export const TAX_DETAILS_REQUIRED_CODE = 'tax_details_required';

const text = (max: number, required = 'Required') => z.string().trim().min(1, required).max(max, `At most ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');
const countryCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, TAX_MESSAGES.country);

/** What both forms ask. */
const common = {
  entityType: taxEntityTypeSchema,
  /** An individual's name as on their tax return, or the business's registered name. */
  legalName: text(200),
  addressLine1: text(200),
  addressLine2: optionalText(200),
  city: text(100),
  /** The state (W-9: required, its two-letter code) or region. */
  region: optionalText(100),
  postalCode: optionalText(20),
  certify: z.literal(true, { error: TAX_MESSAGES.certify }),
  /** The typed signature: the signer's full legal name. */
  signature: text(200, TAX_MESSAGES.signature),
};

export const w9InputSchema = z.object({
  form: z.literal('w9'),
  ...common,
  /** "Business name / disregarded entity name", if different. */
  businessName: optionalText(200),
  classification: z.enum(W9_CLASSIFICATIONS, { error: 'Choose the federal tax classification' }),
  tinType: z.enum(US_TIN_TYPES, { error: 'Choose SSN or EIN' }),
  /** The TIN, or its mask sent back unchanged (keeps the stored one). */
  tin: text(20, 'Enter your taxpayer identification number'),
});
export const w8benInputSchema = z.object({
  form: z.literal('w8ben'),
  ...common,
  /** Country of citizenship (an individual) or of incorporation (a business); never the US. */
  citizenshipCountry: countryCode,
  /** The tax id of the country of residence, or its mask sent back unchanged. */
  foreignTaxId: text(50, 'Enter the tax identification number of your country'),
  /** The permanent residence address's country; never the US. */
  addressCountry: countryCode,
  /** The country whose tax treaty with the US the creator claims ('' = none). */
  treatyCountry: z.union([countryCode, z.literal('')]).default(''),
});

/** PUT /performers/tax-details: the form, checked by country (field errors: each rule below). */
export const taxDetailsInputSchema = z
  .discriminatedUnion('form', [w9InputSchema, w8benInputSchema], { error: 'Choose the W-9 (US person) or the W-8BEN (not a US person)' })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.form === 'w9') {
      const masked = isMask(v.tin);
      if (!masked && v.tinType === 'ssn' && !isValidSsn(v.tin)) issue('tin', TAX_MESSAGES.ssn);
      if (!masked && v.tinType === 'ein' && !isValidEin(v.tin)) issue('tin', TAX_MESSAGES.ein);
      if (v.entityType === 'business' && v.tinType !== 'ein') issue('tinType', TAX_MESSAGES.businessNeedsEin);
      if (v.entityType === 'individual' && v.classification !== 'individual') issue('classification', TAX_MESSAGES.individualClassification);
      if (v.entityType === 'business' && v.classification === 'individual') issue('classification', TAX_MESSAGES.businessClassification);
      if (!/^\d{5}(-\d{4})?$/.test(v.postalCode)) issue('postalCode', TAX_MESSAGES.zip);
      if (!/^[A-Za-z]{2}$/.test(v.region)) issue('region', TAX_MESSAGES.state);
    } else {
      if (v.citizenshipCountry === 'US') issue('citizenshipCountry', TAX_MESSAGES.usPerson);
      if (v.addressCountry === 'US') issue('addressCountry', TAX_MESSAGES.addressOutsideUs);
      if (v.treatyCountry === 'US') issue('treatyCountry', TAX_MESSAGES.treatyUs);
    }
  });
export type TaxDetailsInput = z.input<typeof taxDetailsInputSchema>;
export type TaxDetailsParsed = z.output<typeof taxDetailsInputSchema>;

const viewMeta = { certifiedAt: z.string(), updatedAt: z.string() };
/** What the API answers: the form with the tax id masked (`•••• 6789`), never in full. */
export const taxDetailsViewSchema = z.discriminatedUnion('form', [
  w9InputSchema.extend({ tin: z.string(), ...viewMeta }),
  w8benInputSchema.extend({ foreignTaxId: z.string(), treatyCountry: z.string(), ...viewMeta }),
]);
export type TaxDetailsView = z.infer<typeof taxDetailsViewSchema>;
