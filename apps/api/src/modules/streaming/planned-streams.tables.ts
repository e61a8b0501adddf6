import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PlannedStreamStatus } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';
import { streams } from './streaming.tables';

/**
 * A stream a creator plans (issue 31 §3; README "Planned streams"): shown to fans on the profile as
 * "Live on <date>" and in the creator's calendar. It never starts itself: going live from the studio
 * within the window around its time marks it `started` with the live stream's id.
 */
export const plannedStreams = pgTable(
  'planned_streams',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').$type<'public' | 'group'>().notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').$type<PlannedStreamStatus>().notNull().default('planned'),
    streamId: uuid('stream_id').references(() => streams.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    // The calendar's range read and the profile's upcoming list (both per creator by time).
    index('planned_streams_performer_starts_idx').on(t.performerId, t.startsAt),
    check('planned_streams_type_ck', sql`${t.type} in ('public', 'group')`),
    check('planned_streams_status_ck', sql`${t.status} in ('planned', 'started', 'cancelled')`),
  ],
);
export type PlannedStreamRow = typeof plannedStreams.$inferSelect;
