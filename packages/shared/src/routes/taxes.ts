import { envelope, uuidParamSchema } from '../api';
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
