import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  isHideableKind, parseTakedownUrl, type ContentSummary, type CounterNoticeInput, type CreateTakedownInput, type CounterNoticeView, type ListQuery,
  type MyTakedown, type Takedown, type TakedownQuery,
} from '@stagepass/shared';
import { conflict, fieldError, notFound } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { ContentKinds } from '../../platform/content-kinds';
import type { Events } from '../../platform/events';
import type { Db, DbOrTx } from '../../db/client';
import type { ModerationService } from '../reports/moderation.service';
import type { SettingsService } from '../settings/settings.service';
import type { UserRow } from '../users/users.tables';
import { takedownCounters, takedownNotices, takedownStrikes, type TakedownCounterRow, type TakedownItemRef, type TakedownNoticeRow } from './takedowns.tables';

/** What the takedowns services are built with (root.ts). */
export interface TakedownsDeps {
  clock: Clock;
  contentKinds: ContentKinds;
  db: Db;
  events: Events;
  moderation: Pick<ModerationService, 'hideIn' | 'unhideIn' | 'summaries'>;
  settings: Pick<SettingsService, 'get'>;
}

const DAY_MS = 86_400_000;

/**
 * Notices and counter-notices (README.md): filing a notice (public), the owner's list and
 * counter-notice, and the notices as the console shows them. The operator's actions and the
 * restoring sweep are in takedown-actions.service.ts.
 */
export class TakedownsService {
  constructor(private deps: TakedownsDeps) {}

  /** POST /takedowns: every address must name an item on this site (400 on `urls.N` otherwise). */
  async create(input: CreateTakedownInput, filer: UserRow | null): Promise<{ _id: string; number: number }> {
    const items = await this.resolve(input.urls);
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(takedownNotices)
        .values({
          filedBy: filer?.id ?? null, name: input.name, email: input.email, address: input.address || null, phone: input.phone || null, work: input.work,
          items, sworn: input.goodFaith && input.accurate, signature: input.signature, createdAt: now, updatedAt: now,
        })
        .returning();
      await this.deps.events.record(tx, 'takedown.mail', { noticeId: row!.id, mail: 'received', message: null, ownerId: null });
      return { _id: row!.id, number: row!.number };
    });
  }

  /** The addresses → items (kind, id, owner), one summaries query per kind; duplicates kept once. */
  private async resolve(urls: string[]): Promise<TakedownItemRef[]> {
    const parsed = urls.map((url, i) => {
      const ref = parseTakedownUrl(url);
      if (!ref) throw fieldError(`urls.${i}`, 'This address does not name a post, video, gallery or product on this site');
      return { ...ref, url, i };
    });
    const byKind = new Map<string, string[]>();
    for (const p of parsed) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p.id]);
    const owners = new Map<string, string | null>();
    await Promise.all(
      [...byKind].map(async ([kind, ids]) => {
        const found = (await this.deps.contentKinds.get(kind)?.summaries?.(this.deps.db, ids)) ?? [];
        for (const s of found) owners.set(`${kind}:${s._id}`, s.ownerId);
      }),
    );
    const seen = new Set<string>();
    const items: TakedownItemRef[] = [];
    for (const p of parsed) {
      const key = `${p.kind}:${p.id}`;
      if (!owners.has(key)) throw fieldError(`urls.${p.i}`, 'Nothing on this site is at this address');
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ kind: p.kind, id: p.id, url: p.url, ownerId: owners.get(key) ?? null });
    }
    return items;
  }

  /** GET /admin/takedowns: newest first, filter status (index takedown_notices_status_created_idx). */
  async list(q: TakedownQuery): Promise<{ data: Takedown[]; total: number }> {
    const where = q.status ? eq(takedownNotices.status, q.status) : undefined;
    const [rows, [t]] = await Promise.all([
      this.deps.db.select().from(takedownNotices).where(where).orderBy(desc(takedownNotices.createdAt)).offset(q.offset).limit(q.limit),
      this.deps.db.select({ n: count() }).from(takedownNotices).where(where),
    ]);
    return { data: await this.views(this.deps.db, rows), total: t?.n ?? 0 };
  }

  /** GET /admin/takedowns/{id}. */
  async detail(id: string, db: DbOrTx = this.deps.db): Promise<Takedown> {
    const [row] = await db.select().from(takedownNotices).where(eq(takedownNotices.id, id));
    if (!row) throw notFound('No such takedown notice');
    return (await this.views(db, [row]))[0]!;
  }

  /** GET /takedowns/mine: the notices that hid the caller's items (one strike row each), newest first. */
  async mine(user: UserRow, q: ListQuery): Promise<{ data: MyTakedown[]; total: number }> {
    const mineWhere = eq(takedownStrikes.userId, user.id);
    const [rows, [t]] = await Promise.all([
      this.deps.db
        .select({ notice: takedownNotices, strike: takedownStrikes })
        .from(takedownStrikes)
        .innerJoin(takedownNotices, eq(takedownNotices.id, takedownStrikes.noticeId))
        .where(mineWhere)
        .orderBy(desc(takedownStrikes.createdAt))
        .offset(q.offset)
        .limit(q.limit),
      this.deps.db.select({ n: count() }).from(takedownStrikes).where(mineWhere),
    ]);
    const ids = rows.map((r) => r.notice.id);
    const counters = ids.length
      ? await this.deps.db.select().from(takedownCounters).where(and(inArray(takedownCounters.noticeId, ids), eq(takedownCounters.ownerId, user.id)))
      : [];
    const previews = await this.previews(this.deps.db, rows.map((r) => r.notice));
    const data = rows.map(({ notice, strike }) => {
      const counter = counters.find((c) => c.noticeId === notice.id);
      return {
        _id: notice.id, number: notice.number, name: notice.name, work: notice.work,
        items: notice.items.filter((i) => i.ownerId === user.id).map((i) => ({ ...i, preview: previews.get(`${i.kind}:${i.id}`) ?? null })),
        hiddenAt: strike.createdAt.toISOString(),
        counter: counter ? counterView(counter) : null,
        canCounter: notice.status === 'hidden' && !counter,
      };
    });
    return { data, total: t?.n ?? 0 };
  }

  /** POST /takedowns/{id}/counter: only an owner whose items the notice hid (else 404); one each (409). */
  async counter(user: UserRow, id: string, input: CounterNoticeInput): Promise<MyTakedown> {
    const now = this.deps.clock.now();
    const days = await this.deps.settings.get('takedownWaitDays');
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ notice: takedownNotices })
        .from(takedownStrikes)
        .innerJoin(takedownNotices, eq(takedownNotices.id, takedownStrikes.noticeId))
        .where(and(eq(takedownStrikes.noticeId, id), eq(takedownStrikes.userId, user.id)))
        .for('update', { of: takedownNotices });
      if (!row) throw notFound('No such takedown notice');
      if (row.notice.status !== 'hidden') throw conflict('This notice no longer hides your content');
      const inserted = await tx
        .insert(takedownCounters)
        .values({ noticeId: id, ownerId: user.id, statement: input.statement, signature: input.signature, filedAt: now, restoreAt: new Date(now.getTime() + days * DAY_MS) })
        .onConflictDoNothing()
        .returning({ id: takedownCounters.id });
      if (!inserted.length) throw conflict('You already filed a counter-notice on this notice');
      await this.deps.events.record(tx, 'takedown.mail', { noticeId: id, mail: 'countered', message: input.statement, ownerId: null });
    });
    const mine = await this.mine(user, { offset: 0, limit: 100, sort: 'desc' });
    return mine.data.find((m) => m._id === id)!;
  }

  /** Notices as the console shows them: previews one query per kind, counters one query. */
  async views(db: DbOrTx, rows: TakedownNoticeRow[]): Promise<Takedown[]> {
    const ids = rows.map((r) => r.id);
    const [previews, counters] = await Promise.all([
      this.previews(db, rows),
      ids.length ? db.select().from(takedownCounters).where(inArray(takedownCounters.noticeId, ids)) : Promise.resolve([] as TakedownCounterRow[]),
    ]);
    return rows.map((r) => ({
      _id: r.id, number: r.number, status: r.status, name: r.name, email: r.email, address: r.address, phone: r.phone, work: r.work, signature: r.signature,
      items: r.items.map((i) => ({ ...i, preview: previews.get(`${i.kind}:${i.id}`) ?? null })),
      decisionNote: r.decisionNote, decidedAt: r.decidedAt?.toISOString() ?? null,
      counters: counters.filter((c) => c.noticeId === r.id).map(counterView),
      createdAt: r.createdAt.toISOString(),
    }));
  }

  private previews(db: DbOrTx, rows: TakedownNoticeRow[]): Promise<Map<string, ContentSummary>> {
    const targets = rows.flatMap((r) => r.items.filter((i) => isHideableKind(i.kind)).map((i) => ({ target: i.kind, targetId: i.id })));
    return this.deps.moderation.summaries(db, targets);
  }
}

export function counterView(c: TakedownCounterRow): CounterNoticeView {
  return {
    _id: c.id, ownerId: c.ownerId, statement: c.statement, signature: c.signature, status: c.status,
    filedAt: c.filedAt.toISOString(), restoreAt: c.restoreAt.toISOString(), decidedAt: c.decidedAt?.toISOString() ?? null,
  };
}
