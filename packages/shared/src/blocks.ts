import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { publicUserSchema } from './users';

/**
 * Blocking (spec §7 Blocking, §1 "block other users or countries"). A block is one row
 * (blocker → target) and is MUTUAL in effect: neither side sees the other's profile, posts or
 * search entries, and neither can message, comment on, like, follow, subscribe to, tip or buy
 * from the other. A creator may also hide from whole countries (resolved from the request address).
 */
export const BLOCK_REASON_MAX = 500;
export const blockUserSchema = z.object({
  targetId: idSchema,
  reason: z.string().trim().max(BLOCK_REASON_MAX).optional(),
});
export type BlockUserInput = z.infer<typeof blockUserSchema>;

/** One entry of GET /block/users: the blocked account's card. `_id` is the blocked user's id (DELETE /block/users/{id} takes it). */
export const blockedUserSchema = z.object({
  _id: z.string(),
  target: publicUserSchema,
  reason: z.string(),
  createdAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;
export const BLOCK_SORTS = ['createdAt'] as const;
export const blockListQuerySchema = listQuerySchema.extend({ sortBy: sortBySchema(BLOCK_SORTS, 'createdAt') });
export type BlockListQuery = z.infer<typeof blockListQuerySchema>;

/** The state answered by block/unblock. */
export const blockStateSchema = z.object({ targetId: z.string(), isBlocked: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;

const countryCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Must be a two-letter ISO country code');
/** POST /block/countries: the whole list (replaces the previous one). */
export const blockCountriesSchema = z.object({
  countries: z.array(countryCode).max(300).transform((a) => [...new Set(a)].sort()),
});
export type BlockCountriesInput = z.input<typeof blockCountriesSchema>;
export const blockedCountriesSchema = z.object({ countries: z.array(z.string()) });
export type BlockedCountries = z.infer<typeof blockedCountriesSchema>;
