import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  EMAIL_OFF_BY_DEFAULT, NOTIFICATION_TYPES, type ContentKind, type Notification, type NotificationListQuery, type NotificationPreference, type NotificationType,
} from '@stagepass/shared';
import { notFound } from '../../platform/errors';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import { notificationPreferences, notifications, type NotificationRow } from './notifications.tables';

/** What NotificationsService is built with (by the composition root, root.ts). */
export interface NotificationsDeps {
  db: Db;
  users: UsersService;
}

/** A notification to make: for whom, of what type, about whom and what. */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  actorId?: string | null;
  objectKind?: ContentKind | null;
  objectId?: string | null;
  text: string;
  link?: string | null;
  /** The domain event that caused it: with the user, made at most once. */
  eventId?: string | null;
}

const actor = alias(users, 'actor');
const defaults = (type: NotificationType): Omit<NotificationPreference, 'type'> => ({ inApp: true, email: !EMAIL_OFF_BY_DEFAULT.includes(type) });

/** A user's notifications and their switches. Rules: README.md beside this file. */
export class NotificationsService {
  constructor(private deps: NotificationsDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /**
   * Makes the notifications in the caller's transaction, leaving out users who switched the type
   * off in the app, accounts that no longer exist, and (user, event) pairs already made. Answers
   * the rows made (to push them).
   */
  async create(tx: DbOrTx, items: NewNotification[]): Promise<NotificationRow[]> {
    if (!items.length) return [];
    // Accounts can be deleted between an event and its handling: a reader that no longer exists
    // gets nothing, an actor that no longer exists is left out (the row keeps its text).
    const ids = [...new Set(items.flatMap((i) => [i.userId, i.actorId]).filter((x): x is string => Boolean(x)))];
    const existing = new Set((await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((r) => r.id));
    items = items.filter((i) => existing.has(i.userId)).map((i) => (i.actorId && !existing.has(i.actorId) ? { ...i, actorId: null } : i));
    if (!items.length) return [];
    const off = await tx
      .select({ userId: notificationPreferences.userId, type: notificationPreferences.type })
      .from(notificationPreferences)
      .where(and(inArray(notificationPreferences.userId, [...new Set(items.map((i) => i.userId))]), eq(notificationPreferences.inApp, false)));
    const muted = new Set(off.map((o) => `${o.userId}:${o.type}`));
    const values = items
      .filter((i) => !muted.has(`${i.userId}:${i.type}`))
      .map((i) => ({ userId: i.userId, type: i.type, actorId: i.actorId ?? null, objectKind: i.objectKind ?? null, objectId: i.objectId ?? null, text: i.text, link: i.link ?? null, eventId: i.eventId ?? null }));
    if (!values.length) return [];
    return tx.insert(notifications).values(values).onConflictDoNothing({ target: [notifications.eventId, notifications.userId] }).returning();
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
    return this.db.transaction(async (tx) => {
      const [own] = await tx.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      if (!own) throw notFound('Notification not found');
      await tx
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
      return this.totalUnread(userId, tx);
    });
  }

  async markAllRead(userId: string): Promise<number> {
    await this.db.update(notifications).set({ readAt: new Date() }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return 0;
  }

  /** Every type's switches for the user (defaults where never set). */
  async preferences(userId: string): Promise<NotificationPreference[]> {
    const rows = await this.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    const set = new Map(rows.map((r) => [r.type, r]));
    return NOTIFICATION_TYPES.map((type) => {
      const r = set.get(type);
      return { type, ...(r ? { inApp: r.inApp, email: r.email } : defaults(type)) };
    });
  }

  async updatePreferences(userId: string, prefs: NotificationPreference[]): Promise<NotificationPreference[]> {
    await this.db
      .insert(notificationPreferences)
      .values(prefs.map((p) => ({ userId, type: p.type, inApp: p.inApp, email: p.email })))
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.type], set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` } });
    return this.preferences(userId);
  }

  /** Whether the user wants this type by e-mail (for the mail handlers). */
  async wantsEmail(userId: string, type: NotificationType): Promise<boolean> {
    const [r] = await this.db
      .select({ email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)));
    return r ? r.email : defaults(type).email;
  }
}
