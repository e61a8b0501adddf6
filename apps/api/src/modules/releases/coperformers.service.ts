import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  RELEASE_MESSAGES, type CoPerformer, type CoPerformerKind, type CoPerformerList, type CoPerformersInput, type TagRequest, type TagStatus,
} from '@stagepass/shared';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ContentKinds } from '../../platform/content-kinds';
import { badRequest, conflict, notFound, unprocessable, type FieldError } from '../../platform/errors';
import type { Events } from '../../platform/events';
import { blockedAmong } from '../blocks/blocks.policy';
import { performerProfiles } from '../performers/performers.tables';
import type { UsersService } from '../users/users.service';
import { users, type UserRow } from '../users/users.tables';
import { itemFacts, itemViews, ownItem } from './releases.items';
import { contentCoperformers, coperformerReleases, type CoPerformerRow } from './releases.tables';

export interface CoPerformersDeps {
  clock: Clock;
  contentKinds: Pick<ContentKinds, 'get'>;
  db: Db;
  events: Events;
  users: Pick<UsersService, 'card'>;
}

/** The gate the content modules call (README "The publish gate"): one function on every save path, one on deletion. */
export interface CoPerformerGate {
  apply(tx: Tx, owner: UserRow, kind: CoPerformerKind, itemId: string, input: CoPerformersInput | undefined, opts: { publishing: boolean }): Promise<void>;
  forget(tx: Tx, kind: CoPerformerKind, itemId: string): Promise<void>;
}

type Entry = CoPerformerRow & { releaseStatus: string | null; stageName: string | null };
const cleared = (e: Entry) => (e.performerId ? e.tagStatus === 'accepted' : e.releaseStatus === 'approved');
/** Kinds hidden (content-kind registry `setHidden`) when a co-performer's consent ends after publication. */
const HIDEABLE = new Set<CoPerformerKind>(['feed', 'video', 'gallery']);

/**
 * Who is in an item (issue 28 §2): the list each item names, the publish gate, and the tags a
 * verified creator answers. Records themselves: releases.service.ts. Rules: README.md.
 */
export class CoPerformersService implements CoPerformerGate {
  constructor(private deps: CoPerformersDeps) {}

  // ---------------------------------------------------------------- the gate

  /**
   * THE gate, inside the item's own transaction (after its row is written): saves `input` as the
   * item's list when given (400 with field errors under `coPerformers.`), then, when the save makes
   * or keeps the item public (`publishing`), refuses with 422 unless every entry is cleared — so a
   * refused publish saves nothing. Drafts pass.
   */
  async apply(tx: Tx, owner: UserRow, kind: CoPerformerKind, itemId: string, input: CoPerformersInput | undefined, opts: { publishing: boolean }): Promise<void> {
    if (input) await this.replace(tx, owner, kind, itemId, input, 'coPerformers.');
    const list = await this.entries(tx, kind, itemId);
    const ok = list.every(cleared);
    if (opts.publishing && !ok) throw unprocessable(RELEASE_MESSAGES.publishBlocked);
    if (input && ok) await this.unhideIfCleared(tx, kind, itemId);
  }

  /** The item is gone: its list goes with it (called from the content modules' deletions). */
  async forget(tx: Tx, kind: CoPerformerKind, itemId: string): Promise<void> {
    await tx.delete(contentCoperformers).where(and(eq(contentCoperformers.kind, kind), eq(contentCoperformers.itemId, itemId)));
  }

  // ---------------------------------------------------------------- the owner's list

  /** GET /releases/items/{kind}/{id}. */
  async itemGet(owner: UserRow, kind: CoPerformerKind, id: string): Promise<CoPerformerList> {
    if (!(await ownItem(this.deps.db, kind, id, owner.id))) throw notFound('Item not found');
    return this.view(this.deps.db, kind, id);
  }

  /** PUT /releases/items/{kind}/{id}: replaces the list; a public item must stay cleared (422, nothing changed). */
  async itemSet(owner: UserRow, kind: CoPerformerKind, id: string, input: CoPerformersInput): Promise<CoPerformerList> {
    return this.deps.db.transaction(async (tx) => {
      const item = await ownItem(tx, kind, id, owner.id);
      if (!item) throw notFound('Item not found');
      await this.replace(tx, owner, kind, id, input, '');
      const list = await this.entries(tx, kind, id);
      const ok = list.every(cleared);
      if (item.public && !ok) throw unprocessable(RELEASE_MESSAGES.publishBlocked);
      if (ok) await this.unhideIfCleared(tx, kind, id);
      return this.view(tx, kind, id);
    });
  }

  // ---------------------------------------------------------------- tags

  /** GET /releases/tags: the tags naming the caller, newest first. */
  async tags(me: UserRow, q: { offset: number; limit: number; status?: TagStatus }): Promise<{ data: TagRequest[]; total: number }> {
    const where = and(eq(contentCoperformers.performerId, me.id), q.status ? eq(contentCoperformers.tagStatus, q.status) : undefined) as SQL;
    const [rows, [total]] = await Promise.all([
      this.deps.db.select().from(contentCoperformers).where(where).orderBy(desc(contentCoperformers.createdAt), desc(contentCoperformers.id)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(contentCoperformers).where(where),
    ]);
    return { data: await this.tagViews(this.deps.db, rows), total: Number(total?.n ?? 0) };
  }

  /** POST /releases/tags/{id}/accept | decline. Declining hides a public post, video or gallery at once. */
  async answer(me: UserRow, id: string, status: 'accepted' | 'declined'): Promise<TagRequest> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(contentCoperformers).where(and(eq(contentCoperformers.id, id), eq(contentCoperformers.performerId, me.id))).for('update');
      if (!row) throw notFound('Tag not found');
      if (row.tagStatus === status) throw conflict(status === 'accepted' ? 'You already accepted this tag' : 'You already declined this tag');
      const [saved] = await tx.update(contentCoperformers).set({ tagStatus: status, answeredAt: this.deps.clock.now() }).where(eq(contentCoperformers.id, row.id)).returning();
      let hidden = 0;
      if (status === 'declined') hidden = await this.hideNaming(tx, [{ kind: row.kind, itemId: row.itemId }], me.id);
      else if ((await this.entries(tx, row.kind, row.itemId)).every(cleared)) await this.unhideIfCleared(tx, row.kind, row.itemId);
      await this.deps.events.record(tx, 'coperformer.answered', { entryId: row.id, ownerId: row.ownerId, performerId: me.id, kind: row.kind, itemId: row.itemId, status, hidden: hidden > 0 });
      return (await this.tagViews(tx, [saved!]))[0]!;
    });
  }

  // ---------------------------------------------------------------- for the records (releases.service.ts)

  /**
   * Hides the public posts, videos and galleries among `refs` (a co-performer's consent ended
   * after publication: tag declined, release rejected), through the content-kind registry, in the
   * caller's transaction. `by`: who ended it. Answers how many were hidden.
   */
  async hideNaming(tx: Tx, refs: { kind: CoPerformerKind; itemId: string }[], by: string): Promise<number> {
    let n = 0;
    for (const r of refs) {
      if (!HIDEABLE.has(r.kind)) continue;
      const item = (await itemFacts(tx, r.kind, [r.itemId])).get(r.itemId);
      if (!item?.public) continue;
      const change = await this.deps.contentKinds.get(r.kind)?.setHidden?.(tx, r.itemId, { by, reason: RELEASE_MESSAGES.hiddenWithdrawn });
      if (change) n += 1;
    }
    return n;
  }

  /** The items naming a release. */
  async itemsOfRelease(db: DbOrTx, releaseId: string): Promise<{ kind: CoPerformerKind; itemId: string }[]> {
    return db.select({ kind: contentCoperformers.kind, itemId: contentCoperformers.itemId }).from(contentCoperformers).where(eq(contentCoperformers.releaseId, releaseId));
  }

  // ---------------------------------------------------------------- internals

  /** Shows again an item this module hid, once everyone in it is cleared again. */
  private async unhideIfCleared(tx: Tx, kind: CoPerformerKind, itemId: string): Promise<void> {
    if (!HIDEABLE.has(kind)) return;
    const item = (await itemFacts(tx, kind, [itemId])).get(itemId);
    if (item?.hiddenReason === RELEASE_MESSAGES.hiddenWithdrawn) await this.deps.contentKinds.get(kind)?.setHidden?.(tx, itemId, null);
  }

  /** Validates and saves the list (`prefix` for the field names); entries kept keep their status; a new tag is pending and its creator told. */
  private async replace(tx: Tx, owner: UserRow, kind: CoPerformerKind, itemId: string, input: CoPerformersInput, prefix: string): Promise<void> {
    const creators = [...new Set(input.creators)];
    const releaseIds = [...new Set(input.releases)];
    const details: FieldError[] = [];
    if (creators.length) {
      const rows = await tx
        .select({ id: users.id, isPerformer: users.isPerformer, status: users.status, verification: performerProfiles.verificationStatus })
        .from(users)
        .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
        .where(inArray(users.id, creators));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const blocked = await blockedAmong(tx, owner.id, creators);
      input.creators.forEach((id, i) => {
        const u = byId.get(id);
        const field = `${prefix}creators.${i}`;
        if (id === owner.id) details.push({ field, message: RELEASE_MESSAGES.tagSelf });
        else if (!u || !u.isPerformer || u.status !== 'active' || u.verification !== 'approved') details.push({ field, message: RELEASE_MESSAGES.tagNotVerified });
        else if (blocked.has(id)) details.push({ field, message: RELEASE_MESSAGES.tagBlocked });
      });
    }
    if (releaseIds.length) {
      const rows = await tx.select({ id: coperformerReleases.id, ownerId: coperformerReleases.ownerId, status: coperformerReleases.status }).from(coperformerReleases).where(inArray(coperformerReleases.id, releaseIds));
      const byId = new Map(rows.map((r) => [r.id, r]));
      input.releases.forEach((id, i) => {
        const r = byId.get(id);
        const field = `${prefix}releases.${i}`;
        if (!r || r.ownerId !== owner.id) details.push({ field, message: RELEASE_MESSAGES.releaseUnknown });
        else if (r.status === 'rejected') details.push({ field, message: RELEASE_MESSAGES.releaseRejected });
      });
    }
    if (details.length) throw badRequest(details[0]!.message, details);

    const existing = await tx.select().from(contentCoperformers).where(and(eq(contentCoperformers.kind, kind), eq(contentCoperformers.itemId, itemId)));
    const gone = existing.filter((e) => (e.performerId ? !creators.includes(e.performerId) : !releaseIds.includes(e.releaseId!))).map((e) => e.id);
    if (gone.length) await tx.delete(contentCoperformers).where(inArray(contentCoperformers.id, gone));
    const now = this.deps.clock.now();
    const newCreators = creators.filter((id) => !existing.some((e) => e.performerId === id));
    const newReleases = releaseIds.filter((id) => !existing.some((e) => e.releaseId === id));
    const values = [
      ...newCreators.map((performerId) => ({ kind, itemId, ownerId: owner.id, performerId, tagStatus: 'pending' as const, createdAt: now })),
      ...newReleases.map((releaseId) => ({ kind, itemId, ownerId: owner.id, releaseId, createdAt: now })),
    ];
    if (values.length === 0) return;
    const inserted = await tx.insert(contentCoperformers).values(values).returning();
    for (const e of inserted) {
      if (e.performerId) await this.deps.events.record(tx, 'coperformer.tagged', { entryId: e.id, ownerId: owner.id, performerId: e.performerId, kind, itemId });
    }
  }

  /** The item's entries with their releases' status and stage name (one query). */
  private async entries(db: DbOrTx, kind: CoPerformerKind, itemId: string): Promise<Entry[]> {
    const rows = await db
      .select({ e: contentCoperformers, releaseStatus: coperformerReleases.status, stageName: coperformerReleases.stageName })
      .from(contentCoperformers)
      .leftJoin(coperformerReleases, eq(coperformerReleases.id, contentCoperformers.releaseId))
      .where(and(eq(contentCoperformers.kind, kind), eq(contentCoperformers.itemId, itemId)))
      .orderBy(contentCoperformers.createdAt, contentCoperformers.id);
    return rows.map((r) => ({ ...r.e, releaseStatus: r.releaseStatus, stageName: r.stageName }));
  }

  private async view(db: DbOrTx, kind: CoPerformerKind, itemId: string): Promise<CoPerformerList> {
    const list = await this.entries(db, kind, itemId);
    const cards = await this.cards(db, list.flatMap((e) => (e.performerId ? [e.performerId] : [])));
    const entries: CoPerformer[] = list.map((e) =>
      e.performerId
        ? { _id: e.id, kind: 'creator', performerId: e.performerId, performer: cards.get(e.performerId) ?? { _id: e.performerId, name: '', username: null, avatar: '' }, status: e.tagStatus ?? 'pending' }
        : { _id: e.id, kind: 'release', releaseId: e.releaseId!, stageName: e.stageName, status: (e.releaseStatus ?? 'pending') as 'pending' | 'approved' | 'rejected' },
    );
    return { entries, cleared: list.every(cleared) };
  }

  private async cards(db: DbOrTx, ids: string[]) {
    const out = new Map<string, { _id: string; name: string; username: string | null; avatar: string }>();
    if (ids.length === 0) return out;
    for (const u of await db.select().from(users).where(inArray(users.id, [...new Set(ids)]))) {
      const c = this.deps.users.card(u);
      out.set(u.id, { _id: c._id, name: c.name, username: c.username, avatar: c.avatar });
    }
    return out;
  }

  private async tagViews(db: DbOrTx, rows: CoPerformerRow[]): Promise<TagRequest[]> {
    const [cards, items] = [await this.cards(db, rows.map((r) => r.ownerId)), await itemViews(db, rows)];
    return rows.map((r) => ({
      _id: r.id,
      status: r.tagStatus ?? 'pending',
      item: items.get(`${r.kind}:${r.itemId}`) ?? { kind: r.kind, id: r.itemId, title: null, link: null },
      owner: cards.get(r.ownerId) ?? { _id: r.ownerId, name: '', username: null, avatar: '' },
      createdAt: r.createdAt.toISOString(),
      answeredAt: r.answeredAt?.toISOString() ?? null,
    }));
  }
}
