import { and, count, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Takedown } from '@stagepass/shared';
import { conflict, notFound } from '../../platform/errors';
import { recordAudit, type AuditActor } from '../../platform/audit';
import type { Tx } from '../../db/client';
import type { AdminUsersService } from '../users/admin-users.service';
import { takedownCounters, takedownNotices, takedownStrikes, type TakedownNoticeRow } from './takedowns.tables';
import type { TakedownsDeps, TakedownsService } from './takedowns.service';

/** What the operator's actions need besides the notices (root.ts). */
export interface TakedownActionsDeps extends TakedownsDeps {
  notices: TakedownsService;
  /** The Users section's suspension (sessions ended, sockets closed, audited): strikes at the limit. */
  accounts: Pick<AdminUsersService, 'suspend'>;
}

/** The reason an item hidden by a notice carries (moderation's hidden_reason): it names the notice. */
export const takedownReason = (n: Pick<TakedownNoticeRow, 'number'>) => `Takedown notice #${n.number}`;

/**
 * The operator's queue actions (hide, reject, ask for more, the claimant answered) and the sweep
 * that restores countered items after the legal wait (README.md "Rules"). Every action is audited in
 * its transaction.
 */
export class TakedownActionsService {
  constructor(private deps: TakedownActionsDeps) {}

  /** Locks an open (or info_requested) notice; 404 unknown, 409 decided. */
  private async open(tx: Tx, id: string): Promise<TakedownNoticeRow> {
    const [n] = await tx.select().from(takedownNotices).where(eq(takedownNotices.id, id)).for('update');
    if (!n) throw notFound('No such takedown notice');
    if (n.status !== 'open' && n.status !== 'info_requested') throw conflict(`This notice was already decided (${n.status})`);
    return n;
  }

  /** POST /admin/takedowns/{id}/hide: every item hidden in one transaction, a strike per owner, then suspensions at the limit. */
  async hide(actor: AuditActor, id: string): Promise<Takedown> {
    const now = this.deps.clock.now();
    // The items as they are now, read before the transaction (a kind's summaries read pictures
    // through its media service, outside any transaction): one deleted since the notice was filed is passed over.
    const [peek] = await this.deps.db.select().from(takedownNotices).where(eq(takedownNotices.id, id));
    if (!peek) throw notFound('No such takedown notice');
    const current = await this.current(peek);
    const struck = await this.deps.db.transaction(async (tx) => {
      const n = await this.open(tx, id);
      const owners = new Set<string>();
      for (const item of n.items) {
        const exists = current.get(`${item.kind}:${item.id}`);
        if (!exists) continue;
        await this.deps.moderation.hideIn(tx, actor, item.kind, item.id, takedownReason(n));
        if (exists.ownerId) owners.add(exists.ownerId);
      }
      for (const ownerId of owners) {
        await tx.insert(takedownStrikes).values({ noticeId: n.id, userId: ownerId, createdAt: now }).onConflictDoNothing();
        await this.deps.events.record(tx, 'takedown.hidden', { noticeId: n.id, number: n.number, ownerId, claimant: n.name, work: n.work });
      }
      await tx.update(takedownNotices).set({ status: 'hidden', decidedBy: actor.actorId, decidedAt: now, updatedAt: now }).where(eq(takedownNotices.id, n.id));
      await recordAudit(tx, actor, { action: 'takedown.hide', targetType: 'takedown', targetId: n.id, before: { status: n.status }, after: { status: 'hidden', owners: [...owners] } });
      return [...owners];
    });
    await this.suspendAtLimit(actor, struck, id);
    return this.deps.notices.detail(id);
  }

  /** The notice's items that still exist, by `kind:id`: one summaries query per kind. */
  private async current(n: TakedownNoticeRow): Promise<Map<string, { ownerId: string | null; hidden: boolean; hiddenReason: string | null }>> {
    const byKind = new Map<string, string[]>();
    for (const i of n.items) byKind.set(i.kind, [...(byKind.get(i.kind) ?? []), i.id]);
    const out = new Map<string, { ownerId: string | null; hidden: boolean; hiddenReason: string | null }>();
    for (const [kind, ids] of byKind) {
      for (const s of (await this.deps.contentKinds.get(kind)?.summaries?.(this.deps.db, ids)) ?? []) out.set(`${kind}:${s._id}`, s);
    }
    return out;
  }

  /** Owners whose active strikes reached takedownStrikeLimit are suspended (the Users section's action; already suspended: left so). */
  private async suspendAtLimit(actor: AuditActor, owners: string[], noticeId: string): Promise<void> {
    if (!owners.length) return;
    const limit = await this.deps.settings.get('takedownStrikeLimit');
    const rows = await this.deps.db
      .select({ userId: takedownStrikes.userId, n: count() })
      .from(takedownStrikes)
      .where(and(inArray(takedownStrikes.userId, owners), isNull(takedownStrikes.removedAt)))
      .groupBy(takedownStrikes.userId);
    for (const r of rows) {
      if (r.n < limit || r.userId === actor.actorId) continue;
      await this.deps.accounts.suspend(actor, r.userId, { reason: `${r.n} takedown strikes (limit ${limit}), the last from notice ${noticeId}` }).catch((err: unknown) => {
        if ((err as { statusCode?: number }).statusCode !== 409) throw err;
      });
    }
  }

  /** POST /admin/takedowns/{id}/reject: the claimant is e-mailed the reason. */
  async reject(actor: AuditActor, id: string, reason: string): Promise<Takedown> {
    return this.decide(actor, id, 'rejected', reason, 'takedown.reject', 'rejected');
  }

  /** POST /admin/takedowns/{id}/request-info: the claimant is e-mailed the message; status info_requested. */
  async requestInfo(actor: AuditActor, id: string, message: string): Promise<Takedown> {
    return this.decide(actor, id, 'info_requested', message, 'takedown.request_info', 'info');
  }

  private async decide(actor: AuditActor, id: string, status: 'rejected' | 'info_requested', note: string, action: string, mail: 'rejected' | 'info'): Promise<Takedown> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const n = await this.open(tx, id);
      const decided = status === 'rejected' ? { decidedBy: actor.actorId, decidedAt: now } : {};
      await tx.update(takedownNotices).set({ status, decisionNote: note, updatedAt: now, ...decided }).where(eq(takedownNotices.id, id));
      await this.deps.events.record(tx, 'takedown.mail', { noticeId: id, mail, message: note, ownerId: null });
      await recordAudit(tx, actor, { action, targetType: 'takedown', targetId: id, before: { status: n.status }, after: { status, note } });
    });
    return this.deps.notices.detail(id);
  }

  /** POST /admin/takedowns/{id}/claimant-answered: the pending counter-notices are upheld; the items stay hidden. */
  async claimantAnswered(actor: AuditActor, id: string, reason: string): Promise<Takedown> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const [n] = await tx.select().from(takedownNotices).where(eq(takedownNotices.id, id)).for('update');
      if (!n) throw notFound('No such takedown notice');
      const upheld = await tx
        .update(takedownCounters)
        .set({ status: 'upheld', decidedAt: now })
        .where(and(eq(takedownCounters.noticeId, id), eq(takedownCounters.status, 'pending')))
        .returning({ id: takedownCounters.id, ownerId: takedownCounters.ownerId });
      if (!upheld.length) throw conflict('No counter-notice is waiting on this notice');
      await tx.update(takedownNotices).set({ decisionNote: reason, updatedAt: now }).where(eq(takedownNotices.id, id));
      for (const c of upheld) await this.deps.events.record(tx, 'takedown.mail', { noticeId: id, mail: 'upheld', message: reason, ownerId: c.ownerId });
      await recordAudit(tx, actor, { action: 'takedown.claimant_answered', targetType: 'takedown', targetId: id, before: { counters: 'pending' }, after: { counters: 'upheld', reason } });
    });
    return this.deps.notices.detail(id);
  }

  /**
   * The sweep: counter-notices whose wait ended (restore_at ≤ now, still pending) restore their
   * owner's items — each in its own transaction, claimed by a conditional UPDATE so that one node
   * takes it — and remove the owner's strike. Audited with the operator who hid the items as the
   * actor (the decision the restoration undoes), `after.by` 'counter-notice'.
   */
  async restoreDue(now = this.deps.clock.now(), limit = 100): Promise<number> {
    const due = await this.deps.db
      .select({ id: takedownCounters.id, noticeId: takedownCounters.noticeId })
      .from(takedownCounters)
      .where(and(eq(takedownCounters.status, 'pending'), lte(takedownCounters.restoreAt, now)))
      .limit(limit);
    let restored = 0;
    for (const { id, noticeId } of due) {
      const [notice] = await this.deps.db.select().from(takedownNotices).where(eq(takedownNotices.id, noticeId));
      const current = await this.current(notice!);
      const done = await this.deps.db.transaction(async (tx) => {
        const [c] = await tx
          .update(takedownCounters)
          .set({ status: 'restored', decidedAt: now })
          .where(and(eq(takedownCounters.id, id), eq(takedownCounters.status, 'pending')))
          .returning();
        if (!c) return false;
        const [n] = await tx.select().from(takedownNotices).where(eq(takedownNotices.id, c.noticeId));
        const actor: AuditActor = { actorId: n!.decidedBy ?? c.ownerId, ip: null, userAgent: null };
        const reason = takedownReason(n!);
        for (const item of n!.items.filter((i) => i.ownerId === c.ownerId)) {
          // Only what this notice hid: an item hidden since for another reason stays hidden.
          const s = current.get(`${item.kind}:${item.id}`);
          if (s?.hidden && s.hiddenReason === reason) await this.deps.moderation.unhideIn(tx, actor, item.kind, item.id, `${reason}: counter-notice, the wait ended`);
        }
        await tx.update(takedownStrikes).set({ removedAt: now }).where(and(eq(takedownStrikes.noticeId, n!.id), eq(takedownStrikes.userId, c.ownerId)));
        await this.deps.events.record(tx, 'takedown.mail', { noticeId: n!.id, mail: 'restored', message: null, ownerId: null });
        await this.deps.events.record(tx, 'takedown.mail', { noticeId: n!.id, mail: 'restored', message: null, ownerId: c.ownerId });
        await recordAudit(tx, actor, { action: 'takedown.restore', targetType: 'takedown', targetId: n!.id, before: { counter: 'pending' }, after: { counter: 'restored', ownerId: c.ownerId, by: 'counter-notice' } });
        return true;
      });
      if (done) restored++;
    }
    return restored;
  }
}
