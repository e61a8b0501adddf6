import { and, asc, eq, gt, inArray, ne, type AnyColumn, type SQL } from 'drizzle-orm';
import type { MassAudience } from '@stagepass/shared';
import type { DbOrTx } from '../../db/client';
import { follows } from '../follows/follows.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { grantsAccessSql } from '../subscriptions/subscriptions.policy';
import { tierReachesSql } from '../subscriptions/tiers.policy';
import { notBlockedWith } from '../blocks/blocks.policy';
import { fanListMembers } from './messages.tables';

/**
 * A mass message's audience, read a batch at a time: user ids above `after` (keyset, ascending), at
 * most `limit`, never the creator, never anyone with a block either way. Each read is an index
 * range scan (subscriptions by performer, follows_following_follower_idx, list members by list).
 * A minimum tier applies to the subscriber audiences (`subscribers`, `trial`): fans below it are left out.
 */
export async function audienceBatch(
  db: DbOrTx,
  m: { performerId: string; audience: MassAudience; listIds: string[]; minTierId?: string | null },
  after: string | null,
  limit: number,
  now = new Date(),
): Promise<string[]> {
  const P = m.performerId;
  const page = (col: AnyColumn, where: SQL[]) => and(...where, ne(col, P), notBlockedWith(col, P), after ? gt(col, after) : undefined);
  if (m.audience === 'followers') {
    const rows = await db.select({ id: follows.followerId }).from(follows).where(page(follows.followerId, [eq(follows.followingId, P)])).orderBy(asc(follows.followerId)).limit(limit);
    return rows.map((r) => r.id);
  }
  if (m.audience === 'lists') {
    if (!m.listIds.length) return [];
    const rows = await db
      .selectDistinct({ id: fanListMembers.userId })
      .from(fanListMembers)
      .where(page(fanListMembers.userId, [inArray(fanListMembers.listId, m.listIds)]))
      .orderBy(asc(fanListMembers.userId))
      .limit(limit);
    return rows.map((r) => r.id);
  }
  // A minimum tier (THE tier rule, subscriptions/tiers.policy.ts) narrows a subscribers' audience.
  const where = [eq(subscriptions.performerId, P), grantsAccessSql(now), tierReachesSql(m.minTierId ?? null)];
  if (m.audience === 'trial') where.push(eq(subscriptions.type, 'free'));
  const rows = await db
    .selectDistinct({ id: subscriptions.userId })
    .from(subscriptions)
    .where(page(subscriptions.userId, where))
    .orderBy(asc(subscriptions.userId))
    .limit(limit);
  return rows.map((r) => r.id);
}
