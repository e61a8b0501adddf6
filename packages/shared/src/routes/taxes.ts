import { envelope, listEnvelope, okSchema, uuidParamSchema } from '../api';
import { myTaxesSchema, taxReportQuerySchema, taxReportSchema, taxResidenceInputSchema, taxResidenceSchema, taxRuleInputSchema, taxRuleListQuerySchema, taxRuleSchema, taxRuleUpdateSchema } from '../sales-tax';
import { taxDetailsInputSchema, taxDetailsViewSchema } from '../taxes';
import { defineRoutes } from './define';

/** Issue 29 §4: a creator's tax details (W-9-like or W-8BEN-like by country); the operator's audited read. */
export const taxes = {
  ...defineRoutes('taxes', {
    get: {
      method: 'GET',
      path: '/performers/tax-details',
      access: 'performer',
      description: "The caller's tax details (null until given), the tax id masked (•••• 6789): it is never answered in full.",
      schema: { response: { 200: envelope(taxDetailsViewSchema.nullable()) } },
    },
    put: {
      method: 'PUT',
      path: '/performers/tax-details',
      access: 'performer',
      description:
        "Give or replace the tax details: form w9 (US persons: legal name, classification, SSN or EIN, US address) or w8ben (others: name, country of citizenship, foreign tax id, address outside the US, treaty country), individual or business, certified and signed. Checked by country (400 with field errors). The tax id sent back masked keeps the stored one. Needs two-factor authentication; 503 when the site has no DATA_ENCRYPTION_KEY. Stored encrypted.",
      schema: { body: taxDetailsInputSchema, response: { 200: envelope(taxDetailsViewSchema) } },
    },
  }),
  ...defineRoutes('admin', {
    adminGet: {
      method: 'GET',
      path: '/admin/performers/:id/tax-details',
      access: 'admin',
      operatorRead: true,
      description: "Operator: a creator's tax details (null when none), the tax id masked. An audited read: x-access-reason required. Not a creator → 404.",
      schema: { params: uuidParamSchema, response: { 200: envelope(taxDetailsViewSchema.nullable()) } },
    },
  }),
};

/** Issue 29 §3: sales tax — the operator's rules and report, a fan's tax place and what applies to them. Rules: apps/api/src/modules/taxes/README.md "Sales tax". */
export const salesTax = {
  ...defineRoutes('taxes', {
    mine: {
      method: 'GET',
      path: '/taxes/mine',
      access: 'anyone',
      description:
        "The tax that applies to the caller's purchases: their place (the stated tax residence, else the request's GeoIP country), the rule in force there (region's over country's: label, rate in basis points, inclusive or added on top, the kinds of sale it covers) or null, and whether paying is refused until they state their US state / Canadian province. The web computes every price's tax from it with the shared taxFor.",
      schema: { response: { 200: envelope(myTaxesSchema) } },
    },
    residence: {
      method: 'GET',
      path: '/taxes/residence',
      access: 'user',
      description: "The caller's stated tax residence (country and, in the US and Canada, state or province); nulls when not stated.",
      schema: { response: { 200: envelope(taxResidenceSchema) } },
    },
    putResidence: {
      method: 'PUT',
      path: '/taxes/residence',
      access: 'user',
      description: "State the caller's tax residence: an ISO country and, for the US and Canada, a state or province (required there). Every later charge is taxed at this place (recorded on each sale).",
      schema: { body: taxResidenceInputSchema, response: { 200: envelope(taxResidenceSchema) } },
    },
  }),
  ...defineRoutes('admin', {
    adminRules: {
      method: 'GET',
      path: '/admin/tax-rules',
      access: 'admin',
      description: 'Operator: the sales tax rules, paginated (sortBy country|updatedAt|createdAt, filter country).',
      schema: { querystring: taxRuleListQuerySchema, response: { 200: listEnvelope(taxRuleSchema) } },
    },
    adminCreateRule: {
      method: 'POST',
      path: '/admin/tax-rules',
      access: 'admin',
      description:
        'Operator: a sales tax rule for a country, or a US state / Canadian province (region): label, rate in basis points (0–10000), inclusive or added on top, the kinds of sale. One rule per place (409). Audited (tax_rule.create).',
      schema: { body: taxRuleInputSchema, response: { 201: envelope(taxRuleSchema) } },
    },
    adminUpdateRule: {
      method: 'PUT',
      path: '/admin/tax-rules/:id',
      access: 'admin',
      description: "Operator: change a rule's label, rate, inclusive, kinds or active (its place is fixed). Sales already made keep the tax they were charged. Audited (tax_rule.update).",
      schema: { params: uuidParamSchema, body: taxRuleUpdateSchema, response: { 200: envelope(taxRuleSchema) } },
    },
    adminDeleteRule: {
      method: 'DELETE',
      path: '/admin/tax-rules/:id',
      access: 'admin',
      description: 'Operator: delete a rule (later sales there are untaxed; past ones keep their tax). Audited (tax_rule.delete).',
      schema: { params: uuidParamSchema, response: { 200: envelope(okSchema) } },
    },
    adminReport: {
      method: 'GET',
      path: '/admin/taxes/report',
      access: 'admin',
      description:
        'Operator: sales tax collected, refunded (card refunds, wallet refunds, disputes; a won dispute gives back) and net, by month (UTC) and country/region, for the months from..to (YYYY-MM), summed from the ledger\'s taxes account.',
      schema: { querystring: taxReportQuerySchema, response: { 200: envelope(taxReportSchema) } },
    },
    /** A download: the browser fetches it, the answer is text/csv. */
    adminReportCsv: {
      method: 'GET',
      path: '/admin/taxes/report.csv',
      access: 'admin',
      description: 'Operator: the tax report as CSV (month,country,region,collected,refunded,net; exact decimals), same period.',
      schema: { querystring: taxReportQuerySchema },
    },
  }),
};
