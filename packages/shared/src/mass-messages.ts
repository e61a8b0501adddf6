import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { mediaFileSchema } from './media';
import { MASS_AUDIENCES, MASS_STATUSES, MEDIA_TYPES, MESSAGE_FILES_MAX, MESSAGE_PRICE_MAX, MESSAGE_TEXT_MAX } from './message-defaults';
import { publicUserSchema } from './users';

/**
 * Mass messages (one message to an audience, each recipient their own copy), a creator's fan
 * lists, and the vault (every media file a creator uploaded, reusable without a new upload).
 * Rules: apps/api/src/modules/messages/README.md and apps/api/src/modules/vault/README.md.
 */

// ── Mass messages ──────────────────────────────────────────────────────────────────────────

export const createMassMessageSchema = z
  .object({
    /** The lowest subscription tier that receives it (audiences of subscribers; null: every subscriber). */
    minTierId: idSchema.nullable().optional(),
    text: z.string().max(MESSAGE_TEXT_MAX, `At most ${MESSAGE_TEXT_MAX} characters`).default(''),
    fileIds: z.array(idSchema).max(MESSAGE_FILES_MAX).optional(),
    price: z.number().min(0, 'The price cannot be negative').max(MESSAGE_PRICE_MAX).multipleOf(0.01).optional(),
    audience: z.enum(MASS_AUDIENCES),
    /** The lists to send to (audience `lists`). */
    listIds: z.array(idSchema).max(50).optional(),
    /** Send later (ISO time in the future); now when absent. */
    scheduleAt: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((m) => m.text.trim() !== '' || (m.fileIds?.length ?? 0) > 0, { path: ['text'], message: 'Write something or attach a file' })
  .refine((m) => m.audience !== 'lists' || (m.listIds?.length ?? 0) > 0, { path: ['listIds'], message: 'Choose at least one list' });
export type CreateMassMessageInput = z.input<typeof createMassMessageSchema>;

export const massMessageSchema = z.object({
  /** The lowest subscription tier that opens it (null: any subscription). */
  minTierId: z.string().nullable().optional(),
  _id: z.string(),
  text: z.string(),
  files: z.array(mediaFileSchema),
  price: z.number().nullable(),
  audience: z.enum(MASS_AUDIENCES),
  listIds: z.array(z.string()),
  status: z.enum(MASS_STATUSES),
  scheduledAt: z.string(),
  sentAt: z.string().nullable(),
  /** Copies delivered so far. */
  recipients: z.number().int(),
  /** Copies their recipient has read. */
  views: z.number().int(),
  /** Copies bought (paid mass messages). */
  purchases: z.number().int(),
  /** Gross sales of the copies, site currency. */
  revenue: z.number(),
  createdAt: z.string(),
});
export type MassMessage = z.infer<typeof massMessageSchema>;
export const MASS_SORTS = ['createdAt'] as const;
export const massMessageListQuerySchema = listQuerySchema.extend({ sortBy: sortBySchema(MASS_SORTS, 'createdAt') });

// ── Fan lists ──────────────────────────────────────────────────────────────────────────────
export const fanListInputSchema = z.object({ name: z.string().trim().min(1, 'Required').max(60) });
export const fanListSchema = z.object({ _id: z.string(), name: z.string(), total: z.number().int(), createdAt: z.string(), updatedAt: z.string() });
export type FanList = z.infer<typeof fanListSchema>;
export const fanListMembersInputSchema = z.object({ userIds: z.array(idSchema).min(1).max(500) });
export const fanListMemberSchema = publicUserSchema.extend({ addedAt: z.string() });
export type FanListMember = z.infer<typeof fanListMemberSchema>;

// ── Vault ──────────────────────────────────────────────────────────────────────────────────
export const VAULT_SORTS = ['createdAt'] as const;
export const vaultQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(VAULT_SORTS, 'createdAt'),
  type: z.enum(MEDIA_TYPES).optional(),
  folderId: z.union([idSchema, z.literal('none')]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});
export type VaultQuery = z.infer<typeof vaultQuerySchema>;
export const vaultItemSchema = z.object({
  _id: z.string(),
  file: mediaFileSchema,
  caption: z.string(),
  folderId: z.string().nullable(),
  /** Posts, messages, gallery photos and videos (as video, teaser or thumbnail) that use the file (`photos`, `videos` always sent by the API). */
  usedIn: z.object({ feeds: z.number().int(), messages: z.number().int(), photos: z.number().int().optional(), videos: z.number().int().optional() }),
  createdAt: z.string(),
});
export type VaultItem = z.infer<typeof vaultItemSchema>;
export const updateVaultItemSchema = z.object({ caption: z.string().trim().max(300).optional(), folderId: idSchema.nullable().optional() });
export const vaultFolderInputSchema = z.object({ name: z.string().trim().min(1, 'Required').max(60) });
export const vaultFolderSchema = z.object({ _id: z.string(), name: z.string(), total: z.number().int(), createdAt: z.string() });
export type VaultFolder = z.infer<typeof vaultFolderSchema>;
