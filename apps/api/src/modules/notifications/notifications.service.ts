import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DEFAULT_LOCALE, EMAIL_OFF_BY_DEFAULT, NOTIFICATION_TYPES, type Locale, PUSH_OFF_BY_DEFAULT, type NotificationPreferenceInput, type ContentKind, type Notification, type NotificationListQuery, type NotificationPreference, type NotificationType,
} from '@stagepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, notFound } from '../../platform/errors';
import { readerLocale } from '../../platform/texts';
import type { CommitHooks } from '../../platform/commit-hooks';
import type { Events } from '../../platform/events';
import type { Realtime } from '../../platform/realtime';
import type { Config } from '../../config';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { users } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import { notificationPreferences, notifications, pushSubscriptions, type NotificationRow } from './notifications.tables';
import { unsubscribeToken, verifyUnsubscribeToken } from './notifications.unsubscribe';
import { openGroups } from './notifications.groups';
import { metrics } from '../../platform/metrics';

/** What NotificationsService is built with (by the composition root, root.ts). */
export interface NotificationsDeps {
  db: Db;
  users: UsersService;
  /** After-commit hooks of `db`'s transactions: pushes leave only once the rows are committed. */
  commits: CommitHooks;
  realtime: Pick<Realtime, 'toUser'>;
  /** Records `notifications.email-due` / `notifications.push-due` with the rows whose readers want a mail / a push (notifications.email.ts, notifications.push.ts). */
  events: Pick<Events, 'record'>;
  /** APP_SECRET signs the unsubscribe links; PUBLIC_WEB_URL is where the mails link to. */
  config: Pick<Config, 'APP_SECRET' | 'PUBLIC_WEB_URL'>;
  log: FastifyBaseLogger;
}

/** What a notification e-mail needs (notifications.email.ts writes it). */
export interface NotificationMail {
  to: string;
  userId: string;
  /** The reader's language (users.locale): the mail's own words are in it (the text already is). */
  locale: Locale;
  type: NotificationType;
  text: string;
  /** The notification's link on the web origin (the site's home when it has none). */
  url: string;
  unsubscribeUrl: string;
}

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Change your e-mail settings in your notification preferences instead.';

/**
 * A notification's text: written once, or per language — `(locale) => text`, rendered in the
 * reader's saved language (users.locale, platform/texts) when the row is made. Creators' own words
 * inside it (names, titles, messages) are never translated.
 */
export type NotificationText = string | ((locale: Locale) => string);

/** A notification to make: for whom, of what type, about whom and what. */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  actorId?: string | null;
  objectKind?: ContentKind | null;
  objectId?: string | null;
  text: NotificationText;
  link?: string | null;
  /** The domain event that caused it: with the user, made at most once. */
  eventId?: string | null;
  /**
   * Never mailed as a notification: the event already has its own e-mail, sent whatever the
   * preferences (a payout paid or rejected, the fan's failed renewal), or needs none.
   */
  noEmail?: boolean;
  /**
   * Group with the reader's previous notification of the same type, actor and object kind when it
   * is unread and at most NOTIFICATION_GROUP_WINDOW_MINUTES old: the new row stands for both
   * (`count` = the previous count + 1, its text `text(count)`) and the previous row is removed.
   */
  group?: { text: (count: number, locale: Locale) => string };
}

const actor = alias(users, 'actor');
/** A type's switches for a user who never touched them. */
export const defaults = (type: NotificationType): Omit<NotificationPreference, 'type'> => ({
  inApp: true,
  email: !EMAIL_OFF_BY_DEFAULT.includes(type),
  push: !PUSH_OFF_BY_DEFAULT.includes(type),
});

/** A user's notifications and their switches. Rules: README.md beside this file. */
export class NotificationsService {
  constructor(private deps: NotificationsDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /**
   * Makes the notifications in the caller's transaction, leaving out users who switched the type
   * off in the app, accounts that no longer exist, and (user, event) pairs already made. Answers
   * the rows made. Once `tx` commits, each row is pushed to its reader ('notification/created');
   * the rows whose reader wants the type by e-mail and has an address get a mail (an event in
   * `tx`, so the mail is as durable as the row: notifications.email.ts).
   */
  async create(tx: Tx, items: NewNotification[]): Promise<NotificationRow[]> {
    if (!items.length) return [];
    // Accounts can be deleted between an event and its handling: a reader that no longer exists
    // gets nothing, an actor that no longer exists is left out (the row keeps its text).
    const ids = [...new Set(items.flatMap((i) => [i.userId, i.actorId]).filter((x): x is string => Boolean(x)))];
    const people = await tx.select({ id: users.id, email: users.email, locale: users.locale }).from(users).where(inArray(users.id, ids));
    const existing = new Set(people.map((r) => r.id));
    const localeOf = new Map(people.map((r) => [r.id, readerLocale(r.locale)]));
    const hasEmail = new Set(people.filter((r) => r.email).map((r) => r.id));
    items = items.filter((i) => existing.has(i.userId)).map((i) => (i.actorId && !existing.has(i.actorId) ? { ...i, actorId: null } : i));
    if (!items.length) return [];
    const prefs = await tx
      .select({ userId: notificationPreferences.userId, type: notificationPreferences.type, inApp: notificationPreferences.inApp, email: notificationPreferences.email, push: notificationPreferences.push })
      .from(notificationPreferences)
      .where(inArray(notificationPreferences.userId, [...new Set(items.map((i) => i.userId))]));
    const pref = new Map(prefs.map((p) => [`${p.userId}:${p.type}`, p]));
    const switches = (userId: string, type: NotificationType) => pref.get(`${userId}:${type}`) ?? defaults(type);
    const wanted = items.filter((i) => switches(i.userId, i.type).inApp);
    if (!wanted.length) return [];
    const previous = await openGroups(tx, wanted);
    const values = wanted.map((i) => {
      const prev = previous.get(i);
      const groupCount = prev ? prev.groupCount + 1 : 1;
      const locale = localeOf.get(i.userId) ?? DEFAULT_LOCALE;
      const text = prev && i.group ? i.group.text(groupCount, locale) : typeof i.text === 'function' ? i.text(locale) : i.text;
      return { userId: i.userId, type: i.type, actorId: i.actorId ?? null, objectKind: i.objectKind ?? null, objectId: i.objectId ?? null, text, link: i.link ?? null, eventId: i.eventId ?? null, groupCount };
    });
    const rows = await tx.insert(notifications).values(values).onConflictDoNothing({ target: [notifications.eventId, notifications.userId] }).returning();
    if (!rows.length) return rows;
    // Rows made (not a redelivery: the unique (event, user) made nothing) replace the group they continue.
    const made = new Set(rows.map((r) => r.userId));
    const replaced = [...previous.entries()].filter(([i]) => made.has(i.userId)).map(([, p]) => p.id);
    if (replaced.length) await tx.delete(notifications).where(inArray(notifications.id, replaced));
    const own = new Set(items.filter((i) => i.noEmail).map((i) => `${i.userId}:${i.type}`));
    const mail = rows.filter((r) => hasEmail.has(r.userId) && switches(r.userId, r.type).email && !own.has(`${r.userId}:${r.type}`)).map((r) => r.id);
    if (mail.length) await this.deps.events.record(tx, 'notifications.email-due', { notificationIds: mail });
    const pushed = rows.filter((r) => switches(r.userId, r.type).push);
    if (pushed.length) {
      const withDevice = await tx
        .selectDistinct({ userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...new Set(pushed.map((r) => r.userId))]));
      const has = new Set(withDevice.map((d) => d.userId));
      const due = pushed.filter((r) => has.has(r.userId)).map((r) => r.id);
      if (due.length) await this.deps.events.record(tx, 'notifications.push-due', { notificationIds: due });
    }
    if (!this.deps.commits.afterCommit(tx, () => this.push(rows))) {
      this.deps.log.warn({ count: rows.length }, 'notifications made outside a hooked transaction: not pushed');
    }
    return rows;
  }

  /**
   * Pushes committed rows to their readers: the views in one query (actors), the unread totals in
   * one grouped query. Never throws (an after-commit hook): a reader who misses the push still
   * sees the row on the next list or count.
   */
  private async push(rows: NotificationRow[]): Promise<void> {
    try {
      const readers = [...new Set(rows.map((r) => r.userId))];
      const [views, totals] = await Promise.all([
        this.views(rows),
        this.db
          .select({ userId: notifications.userId, total: count() })
          .from(notifications)
          .where(and(inArray(notifications.userId, readers), isNull(notifications.readAt)))
          .groupBy(notifications.userId),
      ]);
      const unread = new Map(totals.map((t) => [t.userId, Number(t.total)]));
      rows.forEach((r, i) => this.deps.realtime.toUser(r.userId, 'notification/created', { notification: views[i]!, totalUnread: unread.get(r.userId) ?? 0 }));
      metrics.notificationsSent.inc({ channel: 'in_app' }, rows.length);
    } catch (err) {
      metrics.notificationsFailed.inc({ channel: 'in_app' }, rows.length);
      this.deps.log.warn({ err, count: rows.length }, 'notification push failed');
    }
  }

  /** Tells the user's other tabs and devices the unread total (after a read). */
  private pushTotal(userId: string, total: number): void {
    this.deps.realtime.toUser(userId, 'notification/total-unread', { total });
  }

  /** The API view of rows (their actors loaded in one query). */
  async views(rows: NotificationRow[]): Promise<Notification[]> {
    const ids = [...new Set(rows.map((r) => r.actorId).filter((x): x is string => Boolean(x)))];
    const actors = ids.length ? await this.db.select().from(users).where(inArray(users.id, ids)) : [];
    const byId = new Map(actors.map((a) => [a.id, this.deps.users.card(a)]));
    return rows.map((r) => this.view(r, r.actorId ? (byId.get(r.actorId) ?? null) : null));
  }

  private view(r: NotificationRow, card: Notification['actor']): Notification {
    return {
      _id: r.id,
      type: r.type,
      actor: card,
      objectKind: r.objectKind,
      objectId: r.objectId,
      text: r.text,
      link: r.link,
      read: r.readAt !== null,
      count: r.groupCount,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async list(userId: string, q: NotificationListQuery): Promise<{ data: Notification[]; total: number }> {
    const where: SQL[] = [eq(notifications.userId, userId)];
    if (q.type) where.push(eq(notifications.type, q.type));
    if (q.read === true) where.push(sql`${notifications.readAt} is not null`);
    if (q.read === false) where.push(isNull(notifications.readAt));
    const col = q.sortBy === 'createdAt' ? notifications.createdAt : notifications.updatedAt;
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, totals] = await Promise.all([
      this.db
        .select({ n: notifications, actor })
        .from(notifications)
        .leftJoin(actor, eq(actor.id, notifications.actorId))
        .where(and(...where))
        .orderBy(dir(col), dir(notifications.id))
        .offset(q.offset)
        .limit(q.limit),
      this.db.select({ total: count() }).from(notifications).where(and(...where)),
    ]);
    return { data: rows.map((r) => this.view(r.n, r.actor ? this.deps.users.card(r.actor) : null)), total: Number(totals[0]?.total ?? 0) };
  }

  async totalUnread(userId: string, db: DbOrTx = this.db): Promise<number> {
    const [row] = await db.select({ total: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.total ?? 0);
  }

  /** Marks one of the user's notifications read; another user's (or an unknown) id → 404. */
  async markRead(userId: string, id: string): Promise<number> {
    const total = await this.db.transaction(async (tx) => {
      const [own] = await tx.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      if (!own) throw notFound('Notification not found');
      await tx
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
      return this.totalUnread(userId, tx);
    });
    this.pushTotal(userId, total);
    return total;
  }

  async markAllRead(userId: string): Promise<number> {
    await this.db.update(notifications).set({ readAt: new Date() }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    this.pushTotal(userId, 0);
    return 0;
  }

  /** Every type's switches for the user (defaults where never set). */
  async preferences(userId: string): Promise<NotificationPreference[]> {
    const rows = await this.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    const set = new Map(rows.map((r) => [r.type, r]));
    return NOTIFICATION_TYPES.map((type) => {
      const r = set.get(type);
      return { type, ...(r ? { inApp: r.inApp, email: r.email, push: r.push } : defaults(type)) };
    });
  }

  /** Saves the rows sent; a row without `push` keeps that type's push switch (its saved one, else the default). */
  async updatePreferences(userId: string, prefs: NotificationPreferenceInput[]): Promise<NotificationPreference[]> {
    const current = new Map((await this.preferences(userId)).map((p) => [p.type, p]));
    await this.db
      .insert(notificationPreferences)
      .values(prefs.map((p) => ({ userId, type: p.type, inApp: p.inApp, email: p.email, push: p.push ?? current.get(p.type)?.push ?? defaults(p.type).push })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, push: sql`excluded.push` },
      });
    return this.preferences(userId);
  }

  /**
   * The mail of one notification (notifications.email.ts), or null when it is no longer wanted:
   * the row or the account is gone, the account has no address, or the reader switched the type's
   * e-mail off since the row was made.
   */
  async mailOf(notificationId: string): Promise<NotificationMail | null> {
    const [r] = await this.db
      .select({ userId: notifications.userId, type: notifications.type, text: notifications.text, link: notifications.link, email: users.email, locale: users.locale })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(notifications.id, notificationId));
    if (!r?.email || !(await this.wantsEmail(r.userId, r.type))) return null;
    const web = this.deps.config.PUBLIC_WEB_URL.replace(/\/+$/, '');
    const path = r.link && r.link.startsWith('/') ? r.link : '/notifications';
    return {
      to: r.email,
      userId: r.userId,
      locale: readerLocale(r.locale),
      type: r.type,
      text: r.text,
      url: `${web}${path}`,
      unsubscribeUrl: `${web}/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken(this.deps.config.APP_SECRET, r.userId, r.type))}`,
    };
  }

  /**
   * The unsubscribe link of a mail: turns that type's e-mail off for the token's user (the in-app
   * switch stays as it was). A malformed or tampered token → 400. Answers the type.
   */
  async unsubscribe(token: string): Promise<{ type: NotificationType }> {
    const who = verifyUnsubscribeToken(this.deps.config.APP_SECRET, token);
    if (!who) throw badRequest(INVALID_UNSUBSCRIBE_LINK);
    const [exists] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, who.userId));
    // A deleted account has nothing left to mail: the link still answers as done.
    if (exists) {
      await this.db
        .insert(notificationPreferences)
        .values({ userId: who.userId, type: who.type, inApp: true, email: false, push: defaults(who.type).push })
        .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.type], set: { email: false } });
    }
    return { type: who.type };
  }

  /** Whether the user wants this type by e-mail (for the mail handlers). */
  async wantsEmail(userId: string, type: NotificationType): Promise<boolean> {
    const [r] = await this.db
      .select({ email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
    return r ? r.email : defaults(type).email;
  }

  /** A deleted account's browsers stop receiving pushes (privacy's deletion, in its transaction). */
  async forgetDevices(tx: Tx, userId: string): Promise<void> {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }

  /** Whether the user wants this type pushed to their devices (the push job asks again before sending). */
  async wantsPush(userId: string, type: NotificationType): Promise<boolean> {
    const [r] = await this.db
      .select({ push: notificationPreferences.push })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
    return r ? r.push : defaults(type).push;
  }
}
