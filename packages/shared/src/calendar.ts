import './zod-config';
import { z } from 'zod';
import { idSchema } from './api';
import { STREAM_DESCRIPTION_MAX, STREAM_TITLE_MAX } from './streaming';

/**
 * The creator's calendar (issue 31 §3): every dated item of theirs over a range — posts, videos,
 * galleries, mass messages and planned streams — and moving one to another time. Rules:
 * apps/api/src/modules/calendar/README.md; planned streams: apps/api/src/modules/streaming/README.md.
 */
export const CALENDAR_KINDS = ['post', 'video', 'gallery', 'mass_message', 'stream'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
/** The longest range one read covers (a month view with its leading and trailing days). */
export const CALENDAR_MAX_DAYS = 42;
/** At most this many items of one kind per read (`truncated` says when a kind had more). */
export const CALENDAR_KIND_LIMIT = 500;
/** Items shown in the calendar. `scheduled`/`planned` are the ones a creator may still move. */
export const CALENDAR_STATUSES = ['scheduled', 'published', 'sending', 'sent', 'planned', 'started', 'missed'] as const;
export type CalendarStatus = (typeof CALENDAR_STATUSES)[number];

const iso = z.iso.datetime({ offset: true, message: 'Use an ISO date-time' });

/** GET /calendar: `from` inclusive, `to` exclusive, at most CALENDAR_MAX_DAYS apart. */
export const calendarQuerySchema = z
  .object({ from: iso, to: iso })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { path: ['to'], message: 'End after the start' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_MAX_DAYS * 86_400_000, { path: ['to'], message: `At most ${CALENDAR_MAX_DAYS} days` });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const calendarItemSchema = z.object({
  id: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  /** A title or the first words of the text — never a media URL. */
  title: z.string(),
  /** When it publishes, is sent or starts (ISO). */
  at: z.string(),
  status: z.enum(CALENDAR_STATUSES),
  /** Still in the future and not yet out: the creator may move it. */
  movable: z.boolean(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

export const calendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Oldest first. */
  items: z.array(calendarItemSchema),
  /** A kind had more than CALENDAR_KIND_LIMIT items in the range (the rest left out). */
  truncated: z.boolean(),
});
export type Calendar = z.infer<typeof calendarSchema>;

export const calendarMoveParamsSchema = z.object({ kind: z.enum(CALENDAR_KINDS, { error: 'Unknown kind' }), id: idSchema });
/** POST /calendar/{kind}/{id}/move: the new time — in the future, within a year. */
export const calendarMoveSchema = z.object({ at: iso });
export type CalendarMoveInput = z.infer<typeof calendarMoveSchema>;

// ------------------------------------------------------------------ planned streams

export const PLANNED_STREAM_TYPES = ['public', 'group'] as const;
export const PLANNED_STREAM_STATUSES = ['planned', 'started', 'cancelled'] as const;
export type PlannedStreamStatus = (typeof PLANNED_STREAM_STATUSES)[number];
/** A creator has at most this many planned streams ahead at once. */
export const PLANNED_STREAMS_MAX = 50;
/** Shown on the profile ("Live on …") until this long after its time, unless started or cancelled. */
export const PLANNED_STREAM_GRACE_HOURS = 2;

export const plannedStreamInputSchema = z.object({
  title: z.string().trim().min(1, 'Enter a title').max(STREAM_TITLE_MAX),
  type: z.enum(PLANNED_STREAM_TYPES, { error: 'Choose public or group' }),
  startsAt: iso,
  description: z.string().trim().max(STREAM_DESCRIPTION_MAX).default(''),
});
export type PlannedStreamInput = z.input<typeof plannedStreamInputSchema>;
export const plannedStreamUpdateSchema = plannedStreamInputSchema.partial();
export type PlannedStreamUpdate = z.input<typeof plannedStreamUpdateSchema>;

export const plannedStreamSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  title: z.string(),
  type: z.enum(PLANNED_STREAM_TYPES),
  description: z.string(),
  startsAt: z.string(),
  status: z.enum(PLANNED_STREAM_STATUSES),
  /** The live stream that fulfilled it (status started). */
  streamId: z.string().nullable(),
});
export type PlannedStream = z.infer<typeof plannedStreamSchema>;
export const plannedStreamsQuerySchema = z.object({ performerId: idSchema });

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
/** A calendar item's title from a (rich) text: tags and entities out, spaces collapsed, at most `max` characters. */
export function calendarPreview(text: string, fallback: string, max = 80): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return fallback;
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/** Whether `at` may be a new time for an item now: in the future , within a year. */
export function calendarTimeError(at: Date, now: Date): string | null {
  if (Number.isNaN(at.getTime())) return 'Use an ISO date-time';
  if (at.getTime() <= now.getTime()) return 'Choose a time in the future';
  if (at.getTime() > now.getTime() + 366 * 86_400_000) return 'Choose a time within a year';
  return null;
}
