import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { NOTIFICATION_GROUP_WINDOW_MINUTES } from '@stagepass/shared';
import type { Tx } from '../../db/client';
import { notifications } from './notifications.tables';
import type { ContentKind, NotificationType } from '@stagepass/shared';

/** What grouping reads of a notification to make (NotificationsService's NewNotification fits). */
export interface GroupableNotification {
  userId: string;
  type: NotificationType;
  actorId?: string | null;
  objectKind?: ContentKind | null;
  eventId?: string | null;
  group?: unknown;
}

/**
 * For the items that ask for grouping, the reader's latest notification of the same type, actor
 * and object kind that is unread and younger than the window — one query per (type, actor, kind)
 * (a fan-out batch has one), served by the unread partial index on user_id.
 */
export async function openGroups<T extends GroupableNotification>(tx: Tx, items: T[]): Promise<Map<T, { id: string; groupCount: number }>> {
  const out = new Map<T, { id: string; groupCount: number }>();
  const keyed = new Map<string, T[]>();
  for (const i of items) {
    if (!i.group || !i.actorId) continue;
    const key = `${i.type}:${i.actorId}:${i.objectKind ?? ''}`;
    keyed.set(key, [...(keyed.get(key) ?? []), i]);
  }
  const since = new Date(Date.now() - NOTIFICATION_GROUP_WINDOW_MINUTES * 60_000);
  for (const list of keyed.values()) {
    const first = list[0]!;
    const rows = await tx
      .selectDistinctOn([notifications.userId], { id: notifications.id, userId: notifications.userId, groupCount: notifications.groupCount, eventId: notifications.eventId })
      .from(notifications)
      .where(and(
        inArray(notifications.userId, list.map((i) => i.userId)), isNull(notifications.readAt), eq(notifications.type, first.type), eq(notifications.actorId, first.actorId!),
        first.objectKind ? eq(notifications.objectKind, first.objectKind) : isNull(notifications.objectKind), gt(notifications.createdAt, since),
      ))
      .orderBy(notifications.userId, desc(notifications.createdAt));
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    for (const i of list) {
      const prev = byUser.get(i.userId);
      // The same event again (a redelivery) is not a repeat of itself.
      if (prev && prev.eventId !== (i.eventId ?? null)) out.set(i, { id: prev.id, groupCount: prev.groupCount });
    }
  }
  return out;
}
