import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LabelKind } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.tables';

/**
 * A creator's own labels (issue 31 §3; modules/labels README): a name unique per creator without
 * regard to case, at most LABELS_MAX per creator.
 */
export const labels = pgTable(
  'labels',
  {
    id: idColumn(),
    performerId: uuid('performer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('labels_performer_name_uq').on(t.performerId, sql`lower(${t.name})`)],
);
export type LabelRow = typeof labels.$inferSelect;

/**
 * A label on an item (a post, a video or a gallery: `kind` + `item_id`, no foreign key to the
 * item). The primary key (label, kind, item) serves the profile's filter (EXISTS per listed row);
 * (kind, item) the labels of one item.
 */
export const itemLabels = pgTable(
  'item_labels',
  {
    labelId: uuid('label_id').notNull().references(() => labels.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LabelKind>().notNull(),
    itemId: uuid('item_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'item_labels_pk', columns: [t.labelId, t.kind, t.itemId] }), index('item_labels_item_idx').on(t.kind, t.itemId)],
);
export type ItemLabelRow = typeof itemLabels.$inferSelect;

/**
 * "The item carries this label" on a list query's id column (the profile's filter, `label` on the
 * creator's feed, video and gallery lists): one probe of the primary key per listed row.
 */
export function labelledSql(kind: LabelKind, itemId: SQLWrapper, labelId: string): SQL {
  return sql`exists (select 1 from ${itemLabels} where ${itemLabels.labelId} = ${labelId} and ${itemLabels.kind} = ${kind} and ${itemLabels.itemId} = ${itemId})`;
}
