import './zod-config';
import { z } from 'zod';
import { idSchema } from './api';
import { mediaFileSchema } from './media';
import { AUTO_MESSAGE_KINDS, MESSAGE_FILES_MAX, MESSAGE_PRICE_MAX, MESSAGE_TEXT_MAX, MISS_YOU_DAYS_MAX } from './message-defaults';

/**
 * A creator's automatic messages (issue 31 §1): a welcome message to each new subscriber (and, when
 * the creator says so, each new follower), and a "we miss you" message to a fan whose subscription
 * expired, N days later. Each goes to a fan at most once (per creator and kind). Rules:
 * apps/api/src/modules/messages/README.md "Automatic messages".
 */
export const autoMessageKindParamsSchema = z.object({ kind: z.enum(AUTO_MESSAGE_KINDS) });

export const autoMessageInputSchema = z
  .object({
    enabled: z.boolean(),
    text: z.string().max(MESSAGE_TEXT_MAX, `At most ${MESSAGE_TEXT_MAX} characters`).default(''),
    /** The creator's own media (vault items' files). */
    fileIds: z.array(idSchema).max(MESSAGE_FILES_MAX).default([]),
    /** Site currency; absent or 0: free. Needs private media (as any paid message). */
    price: z.number().min(0, 'The price cannot be negative').max(MESSAGE_PRICE_MAX).multipleOf(0.01).optional(),
    /** Welcome message: also to new followers (not only new subscribers). */
    toFollowers: z.boolean().optional(),
    /** "We miss you": days after the expiry. */
    afterDays: z.number().int().min(1, 'At least 1 day').max(MISS_YOU_DAYS_MAX, `At most ${MISS_YOU_DAYS_MAX} days`).optional(),
  })
  .refine((m) => !m.enabled || m.text.trim() !== '' || m.fileIds.length > 0, { path: ['text'], message: 'Write something or attach a file' });
export type AutoMessageInput = z.input<typeof autoMessageInputSchema>;

export const autoMessageFiguresSchema = z.object({
  /** Copies delivered. */
  sent: z.number().int(),
  /** Copies their fan has read. */
  read: z.number().int(),
  /** Copies bought (paid ones). */
  bought: z.number().int(),
  /** Gross sales of the copies, site currency. */
  revenue: z.number(),
});
export type AutoMessageFigures = z.infer<typeof autoMessageFiguresSchema>;

export const autoMessageSchema = z.object({
  kind: z.enum(AUTO_MESSAGE_KINDS),
  enabled: z.boolean(),
  text: z.string(),
  files: z.array(mediaFileSchema),
  price: z.number().nullable(),
  toFollowers: z.boolean(),
  afterDays: z.number().int(),
  /** Never saved yet (the defaults). */
  configured: z.boolean(),
  updatedAt: z.string().nullable(),
  figures: autoMessageFiguresSchema,
});
export type AutoMessage = z.infer<typeof autoMessageSchema>;
/** Both of the creator's automatic messages, welcome first. */
export const autoMessagesSchema = z.array(autoMessageSchema);
