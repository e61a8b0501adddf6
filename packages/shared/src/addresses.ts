import './zod-config';
import { z } from 'zod';
import { listQuerySchema, sortBySchema } from './api';

/**
 * Delivery addresses (spec §7 Addresses): a user's own, used by their orders. Country and state
 * come from the reference data (GET /countries/list, /states/{country}); the city from
 * /cities/{country}/{state} when that state has a list. Rules: apps/api/src/modules/addresses/README.md.
 */
export const ADDRESSES_MAX = 20;
const text = (max: number, required = 'Required') => z.string().trim().min(1, required).max(max, `At most ${max} characters`);
export const addressInputSchema = z.object({
  /** A label for the list ("Home", "Studio"). */
  name: text(60),
  recipientName: text(100),
  phone: z.string().trim().max(30).regex(/^[0-9+()\-.\s]*$/, 'Only digits, spaces and + ( ) - .').optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Choose a country'),
  /** The state's code within the country (reference data); empty for a country without states. */
  state: z.string().trim().toUpperCase().max(10).default(''),
  city: text(100),
  streetAddress: text(200),
  zipCode: text(20),
  /** Delivery notes. */
  description: z.string().trim().max(300).default(''),
  isDefault: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = z.object({
  _id: z.string(),
  name: z.string(),
  recipientName: z.string(),
  phone: z.string().nullable(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  streetAddress: z.string(),
  zipCode: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;
export const ADDRESS_SORTS = ['createdAt', 'updatedAt', 'name'] as const;
export const addressSearchQuerySchema = listQuerySchema.extend({ sortBy: sortBySchema(ADDRESS_SORTS, 'createdAt') });

/**
 * What a country calls its first-level division and its postal code, for the labels of address
 * forms: Canada has provinces and postal codes, the United States states and ZIP codes, France
 * regions, Japan prefectures… A country not listed gets a neutral "State / province / region".
 */
const SUBDIVISION_BY_COUNTRY: Record<string, string> = {
  ...Object.fromEntries(['US', 'AU', 'BR', 'MX', 'IN', 'MY', 'NG', 'DE', 'AT', 'VE', 'SS', 'SD', 'MM', 'FM', 'PW'].map((c) => [c, 'State'])),
  ...Object.fromEntries(['CA', 'AR', 'ZA', 'CN', 'NL', 'ES', 'IT', 'BE', 'PH', 'PK', 'KR', 'TR', 'ID', 'CU', 'TH', 'VN', 'DO', 'EC', 'PA', 'CR', 'BO', 'AF', 'IR', 'SA', 'ZM', 'ZW'].map((c) => [c, 'Province'])),
  ...Object.fromEntries(['FR', 'CL', 'PE', 'GH', 'SN', 'CI', 'ML', 'CZ', 'DK', 'FI', 'GR', 'PT', 'RU', 'UG', 'TZ'].map((c) => [c, 'Region'])),
  ...Object.fromEntries(['GB', 'IE', 'NO', 'SE', 'HU', 'RO', 'EE', 'HR', 'LR', 'KE'].map((c) => [c, 'County'])),
  JP: 'Prefecture', CH: 'Canton', LU: 'Canton', AE: 'Emirate', PL: 'Voivodeship', NZ: 'Region', CO: 'Department', UY: 'Department', PY: 'Department', GT: 'Department', HN: 'Department', SV: 'Department', NI: 'Department', BJ: 'Department',
};
const POSTAL_CODE_BY_COUNTRY: Record<string, string> = { US: 'ZIP code', PH: 'ZIP code', GB: 'Postcode', AU: 'Postcode', NZ: 'Postcode', IE: 'Eircode', IN: 'PIN code', BR: 'CEP', IT: 'CAP' };

export function addressLabels(country: string | null | undefined): { subdivision: string; postalCode: string } {
  const c = (country ?? '').trim().toUpperCase();
  return { subdivision: SUBDIVISION_BY_COUNTRY[c] ?? 'State / province / region', postalCode: POSTAL_CODE_BY_COUNTRY[c] ?? 'Postal code' };
}
