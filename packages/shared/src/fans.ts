import './zod-config';
import { z } from 'zod';
import { MAX_PAGE_SIZE, idSchema } from './api';
import { EARNING_CHANNELS, type EarningChannel } from './earnings';
import { commentAuthorSchema } from './social';
import { subscriptionStatusSchema } from './subscriptions';

/**
 * A creator's fans (issue 31 §4; rules: apps/api/src/modules/fans/README.md). One row per fan who
 * followed, subscribed to or paid the creator, read from the `creator_fans` rollup its event
 * handlers keep (never the ledger): what the fan paid in total and by channel (gross + sales tax,
 * refunds and disputes taken off), since when, last activity, subscription and tier, and the
 * creator's private custom name and note.
 */

export const FAN_NOTE_MAX = 1000;
export const FAN_CUSTOM_NAME_MAX = 40;
export const FAN_SORTS = ['spent', 'since', 'activity', 'name'] as const;
export type FanSort = (typeof FAN_SORTS)[number];
/** `subscribers`: a subscription running now (active, past due or cancelled but not ended); `expired`: ended; `followers`: never subscribed. */
export const FAN_FILTERS = ['all', 'subscribers', 'expired', 'followers'] as const;
export type FanFilter = (typeof FAN_FILTERS)[number];
/** The channels a fan's money is shown by (a referral share is never a fan's spend). */
export const FAN_CHANNELS = EARNING_CHANNELS.filter((c): c is Exclude<EarningChannel, 'referral'> => c !== 'referral');
export type FanChannel = (typeof FAN_CHANNELS)[number];

/** THE search key rule: what a fan's name fields are searched by (lower-case, trimmed; prefix search). */
export const fanSearchKey = (value: string | null | undefined): string => (value ?? '').trim().toLowerCase();

export const fansQuerySchema = z.object({
  sort: z.enum(FAN_SORTS, { error: `One of: ${FAN_SORTS.join(', ')}` }).default('spent'),
  order: z.enum(['asc', 'desc']).default('desc'),
  filter: z.enum(FAN_FILTERS, { error: `One of: ${FAN_FILTERS.join(', ')}` }).default('all'),
  tierId: idSchema.optional(),
  /** Prefix of the fan's username, display name or the creator's custom name for them. */
  q: z.string().trim().max(100).optional(),
  /** The previous page's `next` (opaque). */
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
export type FansQuery = z.infer<typeof fansQuerySchema>;

export const fanSchema = z.object({
  user: commentAuthorSchema,
  /** What the fan paid the creator in all (decimal, with sales tax, after refunds and disputes). */
  spent: z.number(),
  /** The same by channel (decimal; channels never paid for left out). */
  spentBy: z.partialRecord(z.enum(FAN_CHANNELS), z.number()),
  /** When they became a fan (first follow, subscription or payment). */
  fanSince: z.string(),
  /** When they first subscribed (null: never). */
  subscribedSince: z.string().nullable(),
  subscriptionStatus: subscriptionStatusSchema.nullable(),
  tier: z.object({ _id: z.string(), name: z.string(), colour: z.string() }).nullable(),
  following: z.boolean(),
  lastActivityAt: z.string(),
  customName: z.string().nullable(),
  note: z.string().nullable(),
  /** Either blocked the other: listed, but no message button. */
  blocked: z.boolean(),
});
export type Fan = z.infer<typeof fanSchema>;
export const fansPageSchema = z.object({
  data: z.array(fanSchema),
  /** Cursor of the next page (null: this was the last). */
  next: z.string().nullable(),
  /** How many fans the filter and search match: on the first page only (null on a cursor's page, which counts nothing). */
  total: z.number().int().nullable(),
});
export type FansPage = z.infer<typeof fansPageSchema>;

/** The creator's name for a fan ('' clears it). */
export const fanCustomNameSchema = z.string().trim().max(FAN_CUSTOM_NAME_MAX, `At most ${FAN_CUSTOM_NAME_MAX} characters`);
/** The creator's note about a fan ('' clears it). */
export const fanNoteSchema = z.string().trim().max(FAN_NOTE_MAX, `At most ${FAN_NOTE_MAX} characters`);
export const fanUpdateSchema = z
  .object({ customName: fanCustomNameSchema.nullable().optional(), note: fanNoteSchema.nullable().optional() })
  .refine((v) => v.customName !== undefined || v.note !== undefined, { error: 'Nothing to change' });
export type FanUpdate = z.infer<typeof fanUpdateSchema>;
export const fanParamsSchema = z.object({ fanId: idSchema });
