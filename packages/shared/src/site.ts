import './zod-config';
import { z } from 'zod';
import { idSchema, listQuerySchema, sortBySchema } from './api';
import { MENU_PATH_PATTERN } from './settings';

/**
 * The operator's site content (issue 14, Site): static pages (spec §7 Posts: terms, privacy, FAQ…),
 * promos/banners (spec §7 Site promo) and contact messages (spec §7 POST /contact).
 */

// ── Static pages ──────────────────────────────────────────────────────────────────────────────
export const SITE_PAGE_STATUSES = ['draft', 'published'] as const;
export type SitePageStatus = (typeof SITE_PAGE_STATUSES)[number];
/** A page's address on the site: /page/{slug}. Lower-case letters, digits and single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z.string().trim().min(1, 'Required').max(100).regex(SLUG_PATTERN, 'Lower-case letters, digits and hyphens only (e.g. terms-of-service)');
/** The slug a title suggests: `Terms & Privacy` → `terms-privacy` (may be empty for a title without letters or digits). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
}
/** Largest stored body (HTML after sanitising). */
export const SITE_PAGE_BODY_MAX = 200_000;
export const createSitePageSchema = z.object({
  title: z.string().trim().min(1, 'Required').max(200),
  /** Omitted or empty: made from the title. */
  slug: z.union([z.literal(''), slugSchema]).optional(),
  /** Rich text (HTML); the API keeps only the page allow-list (rich-text.ts `sanitizePageHtml`). */
  body: z.string().max(SITE_PAGE_BODY_MAX).default(''),
  status: z.enum(SITE_PAGE_STATUSES).default('draft'),
  /** Listed in the footer menu while published. */
  showInFooter: z.boolean().default(false),
  /** Footer and list order, smallest first. */
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type CreateSitePageInput = z.infer<typeof createSitePageSchema>;
export const updateSitePageSchema = z.object({
  title: createSitePageSchema.shape.title.optional(),
  slug: slugSchema.optional(),
  body: z.string().max(SITE_PAGE_BODY_MAX).optional(),
  status: z.enum(SITE_PAGE_STATUSES).optional(),
  showInFooter: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export type UpdateSitePageInput = z.infer<typeof updateSitePageSchema>;
/** A page in lists (no body). */
export const sitePageSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(SITE_PAGE_STATUSES),
  showInFooter: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SitePageSummary = z.infer<typeof sitePageSummarySchema>;
/** One page with its (sanitised) body. */
export const sitePageSchema = sitePageSummarySchema.extend({ body: z.string() });
export type SitePage = z.infer<typeof sitePageSchema>;
const queryBool = z.enum(['true', 'false']).transform((v) => v === 'true');
/** GET /posts/search: published pages; `footer=true` → only those shown in the footer. Default order: sortOrder ascending. */
export const PUBLIC_PAGE_SORTS = ['sortOrder', 'updatedAt', 'title'] as const;
export const sitePageSearchQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(PUBLIC_PAGE_SORTS, 'sortOrder'),
  sort: z.enum(['asc', 'desc']).default('asc'),
  footer: queryBool.optional(),
});
/** GET /admin/posts: every page, newest change first by default. */
export const ADMIN_PAGE_SORTS = ['updatedAt', 'sortOrder', 'title', 'createdAt'] as const;
export const adminSitePageQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(ADMIN_PAGE_SORTS, 'updatedAt'),
  status: z.enum(SITE_PAGE_STATUSES).optional(),
});
/** `{id}` of GET /posts/{id}: a page's id or its slug. */
export const pageIdOrSlugParamSchema = z.object({ id: z.string().trim().min(1, 'Required').max(100) });

// ── Promos / banners ─────────────────────────────────────────────────────────────────────────
/** Where a promo shows: `top` — the carousel above the home timeline (and on the front page); `sidebar` — the home page's right column (wide screens). */
export const PROMO_POSITIONS = ['top', 'sidebar'] as const;
export type PromoPosition = (typeof PROMO_POSITIONS)[number];
/** A promo's link: empty, an absolute http(s) URL or a path on this site (same rule as menu links). */
export const promoLinkSchema = z.union([
  z.literal(''),
  z.string().trim().max(1000).regex(MENU_PATH_PATTERN, 'Must be an http(s) URL or a path on this site starting with /'),
]);
const dateTime = z.iso.datetime({ offset: true, error: 'Must be a date and time (ISO 8601)' });
export const PROMO_END_BEFORE_START = 'The end must be after the start';
const promoFields = {
  /** The picture's text alternative (and the admin list's name). */
  title: z.string().trim().min(1, 'Required').max(120),
  /** A file uploaded with POST /admin/site/images/upload (kind `promo`). */
  imageId: idSchema,
  link: promoLinkSchema.default(''),
  position: z.enum(PROMO_POSITIONS).default('top'),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
  startAt: dateTime,
  endAt: dateTime,
};
export const createPromoSchema = z.object(promoFields).superRefine((v, ctx) => {
  if (Date.parse(v.endAt) <= Date.parse(v.startAt)) ctx.addIssue({ code: 'custom', path: ['endAt'], message: PROMO_END_BEFORE_START });
});
export type CreatePromoInput = z.infer<typeof createPromoSchema>;
/** Any subset; the end is checked against the start as they will be after the change. */
export const updatePromoSchema = z.object({
  title: promoFields.title.optional(),
  imageId: idSchema.optional(),
  link: promoLinkSchema.optional(),
  position: z.enum(PROMO_POSITIONS).optional(),
  sortOrder: promoFields.sortOrder.optional(),
  startAt: dateTime.optional(),
  endAt: dateTime.optional(),
});
export type UpdatePromoInput = z.infer<typeof updatePromoSchema>;
export const PROMO_STATES = ['scheduled', 'running', 'ended'] as const;
export type PromoState = (typeof PROMO_STATES)[number];
export const promoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  imageId: z.string(),
  /** Public address of the picture (null when the file is gone). */
  imageUrl: z.string().nullable(),
  link: z.string(),
  position: z.enum(PROMO_POSITIONS),
  sortOrder: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Promo = z.infer<typeof promoSchema>;
/** GET /site-promo/search: the promos running now (start ≤ now < end), by position, sortOrder ascending. */
export const promoSearchQuerySchema = z.object({
  position: z.enum(PROMO_POSITIONS).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const ADMIN_PROMO_SORTS = ['updatedAt', 'startAt', 'endAt', 'sortOrder'] as const;
export const adminPromoQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(ADMIN_PROMO_SORTS, 'updatedAt'),
  position: z.enum(PROMO_POSITIONS).optional(),
  state: z.enum(PROMO_STATES).optional(),
});

/** POST /admin/site/images/upload: a picture for the site (multipart `file` + field `kind`). */
export const SITE_IMAGE_KINDS = ['logo', 'favicon', 'promo'] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];
export const siteImageSchema = z.object({ _id: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() });
export type SiteImage = z.infer<typeof siteImageSchema>;

// ── Contact messages ──────────────────────────────────────────────────────────────────────────
export const CONTACT_STATUSES = ['new', 'read', 'answered'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const contactBodySchema = z.object({
  name: z.string().trim().min(1, 'Required').max(100),
  email: z.string().trim().max(254).pipe(z.email({ error: 'Enter a valid e-mail address' })),
  message: z.string().trim().min(1, 'Required').max(5000),
  /** The reCAPTCHA response, required while the `recaptchaEnabled` setting is on. */
  recaptchaToken: z.string().max(4000).optional(),
});
export type ContactInput = z.infer<typeof contactBodySchema>;
export const CONTACT_SENT = 'Thanks — your message has been sent. We will answer by e-mail.';
export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** The sender's account when they were signed in. */
  userId: z.string().nullable(),
  status: z.enum(CONTACT_STATUSES),
  readAt: z.string().nullable(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const ADMIN_CONTACT_SORTS = ['createdAt', 'updatedAt'] as const;
export const adminContactQuerySchema = listQuerySchema.extend({
  sortBy: sortBySchema(ADMIN_CONTACT_SORTS, 'createdAt'),
  status: z.enum(CONTACT_STATUSES).optional(),
});
/** PUT /admin/contact/{id}/read: mark read (or back to new). An answered message stays answered. */
export const contactReadBodySchema = z.object({ read: z.boolean() });
export const contactAnswerBodySchema = z.object({ answer: z.string().trim().min(1, 'Required').max(10_000) });
export const CONTACT_ALREADY_ANSWERED = 'This message has already been answered';
