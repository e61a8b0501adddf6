import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema } from './api';
import { moneyAmountSchema, moneyUserSchema } from './payments';

/**
 * The tip menu (issue 31 §2; rules: apps/api/src/modules/tipmenu/README.md). A creator's items with
 * prices ("Shout-out $5"); a fan's order is a tip through the wallet (channel `tip_menu`, the line
 * "Tip menu: <item name>"), pending until the creator marks it done. A keyword (`!song`) typed at
 * the start of a live-chat message opens that item's order dialog instead of sending the text.
 */
export const TIP_MENU_MAX_ITEMS = 30;
export const TIP_MENU_NAME_MAX = 60;
export const TIP_MENU_DESCRIPTION_MAX = 200;
export const TIP_MENU_NOTE_MAX = 300;
export const TIP_MENU_KEYWORD_MAX = 20;
export const TIP_MENU_ORDER_STATUSES = ['pending', 'done'] as const;
export type TipMenuOrderStatus = (typeof TIP_MENU_ORDER_STATUSES)[number];
export const TIP_MENU_ORDER_STATUS_LABELS: Record<TipMenuOrderStatus, string> = { pending: 'Pending', done: 'Done' };

const KEYWORD_RE = new RegExp(`^![a-z0-9]{1,${TIP_MENU_KEYWORD_MAX}}$`);

/** A keyword as stored: `!` + lowercase letters/digits. Input may omit the `!` and use capitals ("Song" → "!song"). */
export function normalizeKeyword(raw: string): string {
  const v = raw.trim().toLowerCase();
  return v.startsWith('!') ? v : `!${v}`;
}

/** THE keyword of a chat message: its first word when it is `!` + letters/digits ("!song please" → "!song"), else null. */
export function parseTipKeyword(text: string): string | null {
  const m = /^!([A-Za-z0-9]+)(?:\s|$)/.exec(text.trimStart());
  if (!m || m[1]!.length > TIP_MENU_KEYWORD_MAX) return null;
  return `!${m[1]!.toLowerCase()}`;
}

/** The active item a chat message's keyword opens, or null. */
export function itemForMessage<T extends { keyword: string | null; active: boolean }>(items: readonly T[], text: string): T | null {
  const k = parseTipKeyword(text);
  return k ? (items.find((i) => i.active && i.keyword === k) ?? null) : null;
}

export const tipMenuKeywordSchema = z
  .string()
  .trim()
  .transform(normalizeKeyword)
  .refine((v) => KEYWORD_RE.test(v), `A keyword is ! and 1–${TIP_MENU_KEYWORD_MAX} lowercase letters or digits, e.g. !song`);

/** POST /tip-menu/items and PATCH /tip-menu/items/{id} (every field optional there). Price: within the site's tip limits. */
export const tipMenuItemInputSchema = z.object({
  name: z.string({ error: 'Enter a name' }).trim().min(1, 'Enter a name').max(TIP_MENU_NAME_MAX, `At most ${TIP_MENU_NAME_MAX} characters`),
  price: moneyAmountSchema,
  description: z.string().trim().max(TIP_MENU_DESCRIPTION_MAX, `At most ${TIP_MENU_DESCRIPTION_MAX} characters`).nullish(),
  keyword: z.union([tipMenuKeywordSchema, z.literal('').transform(() => null), z.null()]).optional(),
  active: z.boolean().optional(),
});
export type TipMenuItemInput = z.input<typeof tipMenuItemInputSchema>;
export const tipMenuItemPatchSchema = tipMenuItemInputSchema.partial();
export type TipMenuItemPatch = z.infer<typeof tipMenuItemPatchSchema>;

/** An item as fans see it (active items only) and the creator (all, with figures). */
export const tipMenuItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  keyword: z.string().nullable(),
  active: z.boolean(),
  position: z.number().int(),
  /** The creator's view only: orders and revenue (the prices, before tax). */
  orders: z.number().int().optional(),
  revenue: z.number().optional(),
});
export type TipMenuItem = z.infer<typeof tipMenuItemSchema>;

/** POST /tip-menu/reorder: the caller's item ids in the new order (all of them). */
export const tipMenuReorderSchema = z.object({ ids: z.array(idSchema).min(1).max(TIP_MENU_MAX_ITEMS) });

/** POST /tip-menu/items/{id}/orders: an optional note; `streamId` when ordered in the creator's live stream. */
export const tipMenuOrderBodySchema = z.object({
  note: z.string().trim().max(TIP_MENU_NOTE_MAX, `At most ${TIP_MENU_NOTE_MAX} characters`).optional(),
  streamId: idSchema.optional(),
});
export type TipMenuOrderBody = z.infer<typeof tipMenuOrderBodySchema>;

export const tipMenuOrderSchema = z.object({
  _id: z.string(),
  itemId: z.string().nullable(),
  itemName: z.string(),
  price: z.number(),
  note: z.string(),
  status: z.enum(TIP_MENU_ORDER_STATUSES),
  streamId: z.string().nullable(),
  chargeId: z.string(),
  fan: moneyUserSchema.nullable(),
  performer: moneyUserSchema.nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type TipMenuOrder = z.infer<typeof tipMenuOrderSchema>;
export const tipMenuOrderResultSchema = z.object({ order: tipMenuOrderSchema, balance: z.number() });
export type TipMenuOrderResult = z.infer<typeof tipMenuOrderResultSchema>;

/** GET /tip-menu/orders/received (pending first, then newest) and /tip-menu/orders/mine. */
export const tipMenuOrdersQuerySchema = listQuerySchema.pick({ offset: true, limit: true }).extend({
  status: z.enum(TIP_MENU_ORDER_STATUSES).optional(),
  performerId: idSchema.optional(),
});
export type TipMenuOrdersQuery = z.infer<typeof tipMenuOrdersQuerySchema>;
export const tipMenuPerformerParamsSchema = z.object({ performerId: idSchema });
