import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContactStatus, PromoPosition, SitePageStatus } from '@stagepass/shared';
import { idColumn, timestamps } from '../../db/columns';
import { files } from '../media/media.tables';
import { users } from '../users/users.tables';

/**
 * The operator's static pages (spec §7 Posts: terms, privacy, FAQ…), at /page/{slug} on the site.
 * `body` is HTML already through the page allow-list (rich-text.ts `sanitizePageHtml`).
 */
export const sitePages = pgTable(
  'site_pages',
  {
    id: idColumn(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    body: text('body').notNull().default(''),
    status: text('status').$type<SitePageStatus>().notNull().default('draft'),
    showInFooter: boolean('show_in_footer').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('site_pages_slug_uq').on(t.slug),
    index('site_pages_published_idx').on(t.status, t.sortOrder),
    index('site_pages_updated_idx').on(t.updatedAt),
  ],
);
export type SitePageRow = typeof sitePages.$inferSelect;

/** A promo/banner (spec §7 Site promo): a public picture with a link, shown at its position from start to end. */
export const sitePromos = pgTable(
  'site_promos',
  {
    id: idColumn(),
    title: text('title').notNull(),
    imageId: uuid('image_id').notNull().references(() => files.id, { onDelete: 'restrict' }),
    link: text('link').notNull().default(''),
    position: text('position').$type<PromoPosition>().notNull().default('top'),
    sortOrder: integer('sort_order').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    index('site_promos_window_idx').on(t.position, t.startAt, t.endAt),
    index('site_promos_updated_idx').on(t.updatedAt),
  ],
);
export type SitePromoRow = typeof sitePromos.$inferSelect;

/**
 * A message from the public contact form (spec §7 POST /contact). `new` → `read` (an operator
 * opened it) → `answered` (an operator's reply was mailed to `email`).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The sender's account, when signed in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where it came from (abuse handling); never shown publicly. */
    ip: text('ip'),
    status: text('status').$type<ContactStatus>().notNull().default('new'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc()),
    index('contact_messages_status_idx').on(t.status, t.createdAt.desc()),
  ],
);
export type ContactMessageRow = typeof contactMessages.$inferSelect;
