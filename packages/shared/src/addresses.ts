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
