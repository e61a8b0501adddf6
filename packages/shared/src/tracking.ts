import './zod-config';
import { z } from 'zod';
import { listQuerySchema } from './api';

/**
 * Tracking links (issue 30 §4; rules: apps/api/src/modules/tracking/README.md). A creator's
 * campaign link `/t/<code>` (or `/<username>?c=<code>`) counts clicks, unique visitors, and the
 * sign-ups, follows, subscriptions and revenue of the fans it brought (first touch within
 * TRACKING_ATTRIBUTION_DAYS). The creator only ever sees counts and sums, never who.
 */

/** A link's code: 8 characters of an unambiguous lower-case alphabet (no 0/o, 1/i/l). */
export const TRACKING_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const trackingCodeSchema = z.string().trim().toLowerCase().regex(/^[a-hjkmnp-z2-9]{8}$/, 'Not a tracking link code');
/** The short web path of a link, and the profile's query parameter that carries its code. */
export const trackingPath = (code: string) => `/t/${code}`;
export const TRACKING_QUERY_PARAM = 'c';
/** The profile address a link leads to. */
export const trackingProfilePath = (username: string, code: string) => `/${encodeURIComponent(username)}?${TRACKING_QUERY_PARAM}=${encodeURIComponent(code)}`;

/** At most this many live (not archived) links per creator. */
export const MAX_LIVE_TRACKING_LINKS = 100;
/** Attribution: a touch counts for a sign-up made at most this many days after it (first touch wins). */
export const TRACKING_ATTRIBUTION_DAYS = 30;
/** A sign-up carries at most this many touches (one per creator the visitor came through). */
export const MAX_TRACKING_TOUCHES = 20;
/** The periods the link page shows (days back from today, UTC). */
export const TRACKING_PERIODS = [30, 90, 365] as const;

/**
 * THE bot rule: a click whose User-Agent is missing, too short, or names an automated client
 * (crawlers, link previewers, HTTP libraries) is not counted. Browsers (headless ones included:
 * Playwright's `HeadlessChrome` is a browser a person may drive) are counted.
 */
export const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest\/|vkshare|w3c_validator|whatsapp|telegrambot|skypeuripreview|preview|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|okhttp|java\/|libwww|node-fetch|axios\/|undici|postman|insomnia|phantomjs|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|scrapy|httpclient|feedfetcher|apache-httpclient/i;
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  if (ua.length < 10) return true;
  return BOT_USER_AGENT.test(ua);
}

/** The UTC calendar day of an instant, YYYY-MM-DD (what the rollups and the click dedup key on). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * THE attribution window rule: a touch made at `touchedAt` may be attributed at `now` when it is
 * not older than TRACKING_ATTRIBUTION_DAYS × 24 h and not in the future (a browser clock a few
 * minutes fast is allowed: `skewMs`).
 */
export function touchAttributable(touchedAt: Date, now: Date, skewMs = 5 * 60_000): boolean {
  const t = touchedAt.getTime();
  if (!Number.isFinite(t)) return false;
  return t <= now.getTime() + skewMs && now.getTime() - t <= TRACKING_ATTRIBUTION_DAYS * 86_400_000;
}

/**
 * First touch wins: per creator, the earliest attributable touch. `touches` carry the creator
 * their link belongs to (the API looks the codes up). Returns creator → that touch.
 */
export function firstTouches<T extends { performerId: string; at: Date }>(touches: T[], now: Date): Map<string, T> {
  const out = new Map<string, T>();
  for (const t of touches) {
    if (!touchAttributable(t.at, now)) continue;
    const seen = out.get(t.performerId);
    if (!seen || t.at.getTime() < seen.at.getTime()) out.set(t.performerId, t);
  }
  return out;
}

/** A random visitor id the browser keeps (localStorage) and sends with each click. */
export const visitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a visitor id');

/** One touch the browser kept: the link's code and when it was clicked (ISO). */
export const trackingTouchSchema = z.object({ code: trackingCodeSchema, at: z.iso.datetime({ offset: true }) });
export type TrackingTouch = z.infer<typeof trackingTouchSchema>;
/**
 * The sign-up forms' `trackingTouches`: the touches the browser kept (a JSON string in the creator
 * form's multipart fields). Unknown codes and touches outside the window are ignored by the API.
 */
export const trackingTouchesField = z
  .preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, z.array(trackingTouchSchema).max(MAX_TRACKING_TOUCHES))
  .optional();

/** POST /tracking/clicks: the profile page opened with `?c=`. */
export const trackingClickSchema = z.object({ code: trackingCodeSchema, visitorId: visitorIdSchema });
export type TrackingClickInput = z.infer<typeof trackingClickSchema>;
/**
 * Its answer: the creator the link belongs to (the browser keeps the touch under it) and what
 * happened: `counted` (a new visitor-day of a live link, not a bot), `attributed` (a signed-in fan
 * attributed to this link now).
 */
export const trackingClickAnswerSchema = z.object({ performerId: z.string(), counted: z.boolean(), attributed: z.boolean() });
export type TrackingClickAnswer = z.infer<typeof trackingClickAnswerSchema>;

/** GET /tracking/code/:code: where `/t/<code>` leads. */
export const trackingCodeParamsSchema = z.object({ code: trackingCodeSchema });
export const trackingCodeInfoSchema = z.object({ username: z.string(), live: z.boolean() });

/** The figures of a link (or one day of it). `revenue`: decimal, site currency (README "Revenue"). */
export const trackingFiguresSchema = z.object({
  clicks: z.number().int(),
  visitors: z.number().int(),
  signups: z.number().int(),
  follows: z.number().int(),
  subscriptions: z.number().int(),
  revenue: z.number(),
});
export type TrackingFigures = z.infer<typeof trackingFiguresSchema>;

export const trackingLinkSchema = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** All time. */
  totals: trackingFiguresSchema,
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

const linkName = z.string().trim().min(1, 'Name the link (where you post it)').max(80, 'At most 80 characters');
export const trackingLinkInputSchema = z.object({ name: linkName });
export type TrackingLinkInput = z.infer<typeof trackingLinkInputSchema>;
/** PATCH: rename, archive (`archived: true`) or bring back (`false`, within the live limit). */
export const trackingLinkUpdateSchema = z
  .object({ name: linkName.optional(), archived: z.boolean().optional() })
  .refine((v) => v.name !== undefined || v.archived !== undefined, { message: 'Nothing to change', path: ['name'] });
export type TrackingLinkUpdate = z.infer<typeof trackingLinkUpdateSchema>;

export const TRACKING_LINK_STATUSES = ['live', 'archived'] as const;
export const trackingLinksQuerySchema = listQuerySchema.pick({ offset: true, limit: true }).extend({
  status: z.enum(TRACKING_LINK_STATUSES).default('live'),
});
export type TrackingLinksQuery = z.infer<typeof trackingLinksQuerySchema>;
/** The list: the page of links (with all-time totals) and how many live links there are (the limit's count). */
export const trackingLinksSchema = z.object({ data: z.array(trackingLinkSchema), total: z.number().int(), live: z.number().int(), max: z.number().int() });
export type TrackingLinks = z.infer<typeof trackingLinksSchema>;

export const trackingLinkDetailQuerySchema = z.object({
  days: z.coerce.number().int().refine((d) => (TRACKING_PERIODS as readonly number[]).includes(d), { message: `One of ${TRACKING_PERIODS.join(', ')}` }).default(30),
});
export const trackingDaySchema = trackingFiguresSchema.extend({ day: z.string() });
export type TrackingDay = z.infer<typeof trackingDaySchema>;
/** A link's page: the link, its figures over the period (every day, oldest first, zeros included) and the period's sums. */
export const trackingLinkDetailSchema = z.object({
  link: trackingLinkSchema,
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  period: trackingFiguresSchema,
  series: z.array(trackingDaySchema),
});
export type TrackingLinkDetail = z.infer<typeof trackingLinkDetailSchema>;

export const TRACKING_MESSAGES = {
  unknownCode: 'This link is not valid',
  tooMany: `A creator keeps at most ${MAX_LIVE_TRACKING_LINKS} live tracking links: archive one first`,
  notFound: 'Tracking link not found',
} as const;
