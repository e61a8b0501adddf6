import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FanList, FanListMember } from '@stagepass/shared';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { sqlState } from '../../platform/errors';
import type { UsersService } from '../users/users.service';
import { users, type UserRow } from '../users/users.tables';
import { follows } from '../follows/follows.tables';
import { subscriptions } from '../subscriptions/subscriptions.tables';
import { fanListMembers, fanLists, type FanListRow } from './messages.tables';

/** A creator's named lists of fans, used as mass-message audiences (README.md beside this file). */
export class FanListsService {
  constructor(private deps: { db: Db; users: UsersService }) {}

  private get db(): Db {
    return this.deps.db;
  }

  async all(performer: UserRow): Promise<FanList[]> {
    const rows = await this.db.select().from(fanLists).where(eq(fanLists.performerId, performer.id)).orderBy(sql`lower(${fanLists.name})`);
    return this.views(rows);
  }

  async create(performer: UserRow, name: string): Promise<FanList> {
    try {
      const [row] = await this.db.insert(fanLists).values({ performerId: performer.id, name }).returning();
      return (await this.views([row!]))[0]!;
    } catch (err) {
      if (sqlState(err) === '23505') throw conflict('You already have a list with this name', [{ field: 'name', message: 'Already used' }]);
      throw err;
    }
  }

  async rename(performer: UserRow, id: string, name: string): Promise<FanList> {
    await this.own(performer, id);
    try {
      const [row] = await this.db.update(fanLists).set({ name }).where(eq(fanLists.id, id)).returning();
      return (await this.views([row!]))[0]!;
    } catch (err) {
      if (sqlState(err) === '23505') throw conflict('You already have a list with this name', [{ field: 'name', message: 'Already used' }]);
      throw err;
    }
  }

  async remove(performer: UserRow, id: string): Promise<void> {
    await this.own(performer, id);
    await this.db.delete(fanLists).where(eq(fanLists.id, id));
  }

  async members(performer: UserRow, id: string, q: { offset: number; limit: number }): Promise<{ data: FanListMember[]; total: number }> {
    await this.own(performer, id);
    const where = eq(fanListMembers.listId, id);
    const [rows, [total]] = await Promise.all([
      this.db.select({ user: users, addedAt: fanListMembers.createdAt }).from(fanListMembers).innerJoin(users, eq(users.id, fanListMembers.userId)).where(where).orderBy(desc(fanListMembers.createdAt)).limit(q.limit).offset(q.offset),
      this.db.select({ n: count() }).from(fanListMembers).where(where),
    ]);
    return { data: rows.map((r) => ({ ...this.deps.users.toPublicUser(r.user), addedAt: r.addedAt.toISOString() })), total: Number(total?.n ?? 0) };
  }

  /** Adds fans (users who follow the creator or have, or had, a subscription to them); anyone else → 422. */
  async addMembers(performer: UserRow, id: string, userIds: string[]): Promise<FanList> {
    const list = await this.own(performer, id);
    const ids = [...new Set(userIds)];
    const fans = await this.fansAmong(this.db, performer.id, ids);
    const others = ids.filter((u) => !fans.has(u));
    if (others.length) throw unprocessable(`Only your followers and subscribers can be on a list (${others.length} of them are not)`);
    await this.db.insert(fanListMembers).values(ids.map((userId) => ({ listId: id, userId }))).onConflictDoNothing();
    await this.db.update(fanLists).set({ updatedAt: new Date() }).where(eq(fanLists.id, id));
    return (await this.views([list]))[0]!;
  }

  async removeMember(performer: UserRow, id: string, userId: string): Promise<FanList> {
    const list = await this.own(performer, id);
    await this.db.delete(fanListMembers).where(and(eq(fanListMembers.listId, id), eq(fanListMembers.userId, userId)));
    return (await this.views([list]))[0]!;
  }

  private async fansAmong(db: DbOrTx, performerId: string, ids: string[]): Promise<Set<string>> {
    const rows = await db
      .select({ id: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followingId, performerId), inArray(follows.followerId, ids)))
      .union(db.select({ id: subscriptions.userId }).from(subscriptions).where(and(eq(subscriptions.performerId, performerId), inArray(subscriptions.userId, ids))));
    return new Set(rows.map((r) => r.id));
  }

  private async own(performer: UserRow, id: string): Promise<FanListRow> {
    const [row] = await this.db.select().from(fanLists).where(and(eq(fanLists.id, id), eq(fanLists.performerId, performer.id)));
    if (!row) throw notFound('List not found');
    return row;
  }

  private async views(rows: FanListRow[]): Promise<FanList[]> {
    if (!rows.length) return [];
    const counts = await this.db
      .select({ id: fanListMembers.listId, n: count() })
      .from(fanListMembers)
      .where(inArray(fanListMembers.listId, rows.map((r) => r.id)))
      .groupBy(fanListMembers.listId);
    const n = new Map(counts.map((c) => [c.id, Number(c.n)]));
    return rows.map((r) => ({ _id: r.id, name: r.name, total: n.get(r.id) ?? 0, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
  }
}
