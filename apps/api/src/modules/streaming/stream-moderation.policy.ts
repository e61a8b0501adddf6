import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import type { UserRow } from '../users/users.tables';
import { streamModerators } from './streaming.tables';

/**
 * Who moderates a creator's streams and their chats (README "Stream chat and moderation"): the
 * creator, the moderators they appointed (a `stream_moderators` row), and operators. Moderators
 * may delete any message, clear the chat, set slow mode and the tip goal, and ban or time out
 * viewers — of that creator's streams only.
 */
export async function canModerate(db: DbOrTx, user: Pick<UserRow, 'id' | 'roles' | 'twoFactorEnabled'> | null, performerId: string): Promise<boolean> {
  if (!user) return false;
  if (user.id === performerId || isAdmin(user)) return true;
  return isAppointedModerator(db, user.id, performerId);
}

/** `userId` is one of `performerId`'s appointed stream moderators. */
export async function isAppointedModerator(db: DbOrTx, userId: string, performerId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: streamModerators.userId })
    .from(streamModerators)
    .where(and(eq(streamModerators.performerId, performerId), eq(streamModerators.userId, userId)))
    .limit(1);
  return Boolean(row);
}
