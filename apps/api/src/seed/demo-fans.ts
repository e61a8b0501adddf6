import { and, eq, inArray } from 'drizzle-orm';
import { fanSearchKey } from '@stagepass/shared';
import type { Root } from '../root';
import { users, type UserRow } from '../modules/users/users.tables';
import { follows } from '../modules/follows/follows.tables';
import { creatorFans } from '../modules/fans/fans.tables';

/** Luna's private names and notes for a few of her fans (by username). */
const NOTES = [
  { username: 'fan', customName: 'Front-row Sam', note: 'Subscribed from the start. Loves the acoustic covers — send the new one first.' },
  { username: 'tessalink', customName: 'Tessa (Twitter)', note: 'Came through the Twitter bio link. Asked for a song request next month.' },
] as const;

/**
 * A creator's fans (modules/fans): Luna's fan list is the rollup the fans handlers keep from the
 * seed's real follows, subscriptions, tips and purchases (or the migration's backfill); here only
 * her private custom names and notes for two fans. A fan's row may not be made by the handlers yet
 * (the queue runs after the seed): it is made with the follow's time, and the handlers add to it.
 * Once: a name already set is left alone.
 */
export async function seedFans(ctx: Root, o: { luna: UserRow }) {
  const people = await ctx.db.select().from(users).where(inArray(users.username, NOTES.map((n) => n.username)));
  for (const n of NOTES) {
    const u = people.find((p) => p.username === n.username);
    if (!u) continue;
    const [f] = await ctx.db.select({ at: follows.createdAt }).from(follows).where(and(eq(follows.followerId, u.id), eq(follows.followingId, o.luna.id)));
    const at = f?.at ?? ctx.clock.now();
    await ctx.db
      .insert(creatorFans)
      .values({ performerId: o.luna.id, fanId: u.id, firstSeenAt: at, lastActivityAt: at, usernameKey: fanSearchKey(u.username), nameKey: fanSearchKey(u.name), customName: n.customName, customNameKey: fanSearchKey(n.customName), note: n.note })
      .onConflictDoNothing();
    await ctx.db.update(creatorFans).set({ customName: n.customName, customNameKey: fanSearchKey(n.customName), note: n.note })
      .where(and(eq(creatorFans.performerId, o.luna.id), eq(creatorFans.fanId, u.id), eq(creatorFans.customNameKey, '')));
  }
}
