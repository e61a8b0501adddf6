import './zod-config';
import { z } from 'zod';
import { listQuerySchema } from './api';
import { contentSummarySchema, HIDEABLE_KINDS, type HideableKind } from './moderation';

/**
 * Issue 28 §3 Takedowns (DMCA-style), modules/takedowns: a rights holder's notice names items on
 * this site by their addresses; the operator hides them, rejects the notice or asks for more; the
 * owner may file a counter-notice, and the items come back after the legal wait unless the
 * claimant answers.
 */

/**
 * The web's link shape of each item a notice may name (the content kinds' `link(id)` in their
 * `<module>.kind.ts`): /post/{id}, /video/{id}, /gallery/{id}, /product/{id}.
 */
export const TAKEDOWN_LINKS: Record<HideableKind, string> = { feed: '/post/', video: '/video/', gallery: '/gallery/', product: '/product/' };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An address on this site → the item it names (kind + id), or null when it names none of them. Any host: the path decides. */
export function parseTakedownUrl(raw: string): { kind: HideableKind; id: string } | null {
  let path: string;
  try {
    path = new URL(raw, 'http://site.invalid').pathname;
  } catch {
    return null;
  }
  for (const kind of HIDEABLE_KINDS) {
    const prefix = TAKEDOWN_LINKS[kind];
    if (!path.startsWith(prefix)) continue;
    const id = path.slice(prefix.length).replace(/\/$/, '');
    return UUID_RE.test(id) ? { kind, id: id.toLowerCase() } : null;
  }
  return null;
}

export const TAKEDOWN_STATUSES = ['open', 'info_requested', 'hidden', 'rejected'] as const;
export type TakedownStatus = (typeof TAKEDOWN_STATUSES)[number];
/** A counter-notice: waiting out the legal wait, restored by the sweep, or kept hidden (the claimant answered). */
export const COUNTER_STATUSES = ['pending', 'restored', 'upheld'] as const;
export type CounterStatus = (typeof COUNTER_STATUSES)[number];

const text = (max: number) => z.string().trim().min(1, 'Required').max(max);
const mustBeTrue = z.literal(true, { error: 'Required' });

/** POST /takedowns: the public notice form. */
export const createTakedownSchema = z.object({
  name: text(120),
  email: z.string().trim().max(254).pipe(z.email({ error: 'Enter a valid e-mail address' })),
  address: z.string().trim().max(300).optional(),
  phone: z.string().trim().max(40).optional(),
  work: text(4000),
  urls: z.array(z.string().trim().min(1, 'Required').max(500)).min(1, 'Name at least one address on this site').max(20),
  goodFaith: mustBeTrue,
  accurate: mustBeTrue,
  signature: text(120),
});
export type CreateTakedownInput = z.infer<typeof createTakedownSchema>;

/** POST /takedowns/{id}/counter: the owner's counter-notice. */
export const counterNoticeSchema = z.object({
  statement: text(4000),
  consent: mustBeTrue,
  signature: text(120),
});
export type CounterNoticeInput = z.infer<typeof counterNoticeSchema>;

export const takedownReasonSchema = z.object({ reason: text(2000) });
export const takedownMessageSchema = z.object({ message: text(2000) });

export const takedownQuerySchema = listQuerySchema.extend({ status: z.enum(TAKEDOWN_STATUSES).optional() });
export type TakedownQuery = z.infer<typeof takedownQuerySchema>;

export const takedownItemSchema = z.object({
  kind: z.enum(HIDEABLE_KINDS),
  id: z.string(),
  url: z.string(),
  ownerId: z.string().nullable(),
  /** The item as the console shows it (null when it no longer exists). */
  preview: contentSummarySchema.nullable(),
});

export const counterNoticeViewSchema = z.object({
  _id: z.string(),
  ownerId: z.string(),
  statement: z.string(),
  signature: z.string(),
  status: z.enum(COUNTER_STATUSES),
  filedAt: z.string(),
  restoreAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CounterNoticeView = z.infer<typeof counterNoticeViewSchema>;

/** A notice as the operator sees it. */
export const takedownSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  status: z.enum(TAKEDOWN_STATUSES),
  name: z.string(),
  email: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  work: z.string(),
  signature: z.string(),
  items: z.array(takedownItemSchema),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  counters: z.array(counterNoticeViewSchema),
  createdAt: z.string(),
});
export type Takedown = z.infer<typeof takedownSchema>;

/** The claimant's receipt (POST /takedowns). */
export const takedownReceiptSchema = z.object({ _id: z.string(), number: z.number().int() });

/** A notice as the owner of a hidden item sees it (GET /takedowns/mine): their items only, the claimant's contact left out but their name and the work kept. */
export const myTakedownSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  name: z.string(),
  work: z.string(),
  items: z.array(takedownItemSchema),
  hiddenAt: z.string().nullable(),
  counter: counterNoticeViewSchema.nullable(),
  /** True while a counter-notice may be filed (hidden, none filed yet). */
  canCounter: z.boolean(),
});
export type MyTakedown = z.infer<typeof myTakedownSchema>;
