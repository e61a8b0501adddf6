import { inArray } from 'drizzle-orm';
import { fromMinor, type StreamConversation, type StreamMessage, type TierBadgeInfo } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';
import { users } from '../users/users.tables';
import type { UsersService } from '../users/users.service';
import type { StreamMessageRow, StreamRow } from './streaming.tables';

/** What every viewer sees in place of a deleted message. */
export const DELETED_TEXT = 'Message deleted';

type Card = ReturnType<UsersService['card']>;

/** The senders' cards of some messages: ONE query whatever their number. */
export async function senderCards(db: DbOrTx, usersService: Pick<UsersService, 'card'>, rows: Array<Pick<StreamMessageRow, 'senderId'>>): Promise<Map<string, Card>> {
  const ids = [...new Set(rows.map((r) => r.senderId).filter((id): id is string => Boolean(id)))];
  if (!ids.length) return new Map();
  const people = await db.select().from(users).where(inArray(users.id, ids));
  return new Map(people.map((u) => [u.id, usersService.card(u)]));
}

/**
 * A message as every viewer of the stream sees it: a deleted one says 'Message deleted'. `fanTiers`:
 * only for the stream's creator (README "Tier badges"): each fan sender's tier with them (their own
 * messages carry none).
 */
export function messageView(row: StreamMessageRow, stream: Pick<StreamRow, 'conversationId' | 'performerId'>, cards: Map<string, Card>, fanTiers?: Map<string, TierBadgeInfo>): StreamMessage {
  const deleted = Boolean(row.deletedAt);
  const fan = fanTiers && row.senderId && row.senderId !== stream.performerId ? row.senderId : null;
  return {
    _id: row.id,
    conversationId: stream.conversationId,
    streamId: row.streamId,
    type: row.type,
    text: deleted ? DELETED_TEXT : row.text,
    amount: row.amount === null ? null : fromMinor(row.amount),
    isDeleted: deleted,
    senderId: row.senderId,
    sender: (row.senderId && cards.get(row.senderId)) || null,
    ...(fan ? { fanTier: fanTiers!.get(fan) ?? null } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stream's chat as a conversation (spec §7 Stream chat). */
export function conversationView(stream: StreamRow, canModerate: boolean): StreamConversation {
  return {
    _id: stream.conversationId,
    type: 'stream',
    streamId: stream.id,
    performerId: stream.performerId,
    slowModeSeconds: stream.slowModeSeconds,
    tipGoal: stream.tipGoal === null ? null : fromMinor(stream.tipGoal),
    tipsTotal: fromMinor(stream.tipsTotal),
    canModerate,
  };
}
