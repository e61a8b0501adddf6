import { eq } from 'drizzle-orm';
import type { Root } from '../root';
import type { UserRow } from '../modules/users/users.tables';
import { massMessages } from '../modules/messages/messages.tables';
import { plannedStreams } from '../modules/streaming/planned-streams.tables';

export const DEMO_PLANNED_STREAM = 'Friday night Q&A';
const DAY = 86_400_000;

/** Luna's coming week: [days ahead, hour UTC, text]. */
const WEEK: Array<[number, number, string]> = [
  [1, 9, 'Monday motivation: a new set of studio stretches, all in one post.'],
  [2, 18, 'Behind the scenes of Thursday’s shoot — the lights took three hours.'],
  [3, 12, 'Poll results and what comes next: thank you all for voting!'],
  [5, 10, 'Weekend playlist: the ten songs I warm up to.'],
  [6, 16, 'Sunday reset: a quiet post about how I plan my week.'],
];

/**
 * The creator's calendar (issue 31 §3, modules/calendar): Luna's planned week — five posts
 * scheduled over the next seven days, a mass message to her followers on day 4 and a planned stream
 * ("Friday night Q&A", day 4, 20:00 UTC) that her profile shows as "Live on …". The mass message is
 * stored as scheduled without a queued job (a delayed job would hold the seed's queue drain): the
 * mass-message sweep sends it once its time has passed, as it recovers any delivery whose job went
 * missing. Once: skipped when Luna has a planned stream.
 */
export async function seedCalendar(ctx: Root, o: { luna: UserRow }) {
  const [has] = await ctx.db.select({ id: plannedStreams.id }).from(plannedStreams).where(eq(plannedStreams.performerId, o.luna.id)).limit(1);
  if (has) return;
  const now = ctx.clock.now();
  const at = (days: number, hour: number) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  for (const [days, hour, text] of WEEK) await ctx.feeds.create(o.luna, { text, fileIds: [], visibility: 'free', scheduleAt: at(days, hour).toISOString() });
  await ctx.db.insert(massMessages).values({ performerId: o.luna.id, text: 'Tonight at 8: come to my Q&A stream — bring your questions!', audience: 'followers', status: 'scheduled', scheduledAt: at(4, 17) });
  await ctx.plannedStreams.create(o.luna, { title: DEMO_PLANNED_STREAM, type: 'public', startsAt: at(4, 20).toISOString(), description: 'Ask me anything about the new sets.' });
}
