import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReportActionInput, ReportGroup, ReportQueueQuery, ReportReason, ReportStatus, ReportTarget, ReportTargetDetail } from '@stagepass/shared';
import { HttpError, notFound, unprocessable } from '../../platform/errors';
import { recordAudit, recordOperatorRead, type AuditActor, type OperatorRead } from '../../platform/audit';
import type { Events } from '../../platform/events';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../users/users.tables';
import type { AdminUsersService } from '../users/admin-users.service';
import type { CommentsService } from '../comments/comments.service';
import { reports } from './reports.tables';
import type { ModerationService } from './moderation.service';
import type { ReportsService } from './reports.service';

/** What ReportQueueService is built with (by the composition root, root.ts). */
export interface ReportQueueDeps {
  db: Db;
  events: Events;
  moderation: ModerationService;
  reports: ReportsService;
  comments: Pick<CommentsService, 'removeIn'>;
  /** The Users section's suspension (users/admin-users.service.ts): its own transaction, audited there. */
  accounts: Pick<AdminUsersService, 'suspend'>;
}

type Aggregate = { target: string; targetId: string; n: number; first: Date; last: Date; open: boolean; action: string | null; status: string };
const key = (target: string, id: string) => `${target}:${id}`;
const MAX_REPORTERS = 5;

/**
 * The operator's reports queue (README.md "Moderation"): reports grouped by target, one target's
 * reports, and the actions on a target — each in one transaction with its audit entry, closing the
 * target's open reports.
 */
export class ReportQueueService {
  constructor(private deps: ReportQueueDeps) {}

  /** GET /admin/reports: targets with reports in `q.status`, grouped, a page at a time. */
  async list(q: ReportQueueQuery): Promise<{ data: ReportGroup[]; total: number }> {
    const conds: SQL[] = [eq(reports.status, q.status)];
    if (q.target) conds.push(eq(reports.target, q.target));
    if (q.reason) conds.push(sql`exists (select 1 from ${reports} r2 where r2.target = ${reports.target} and r2.target_id = ${reports.targetId} and r2.status = ${q.status} and r2.reason = ${q.reason})`);
    const where = and(...conds);
    const agg = this.aggregate();
    const order = q.sortBy === 'count' ? sql`count(*)` : q.sortBy === 'firstReportedAt' ? sql`min(${reports.createdAt})` : sql`max(${reports.createdAt})`;
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, counted] = await Promise.all([
      this.deps.db.select(agg).from(reports).where(where).groupBy(reports.target, reports.targetId).orderBy(dir(order), dir(reports.targetId)).offset(q.offset).limit(q.limit),
      this.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from ${reports} where ${where} group by ${reports.target}, ${reports.targetId}) g`),
    ]);
    return { data: await this.groups(this.deps.db, rows.map((r) => ({ ...r, status: q.status })), q.status), total: Number(counted.rows[0]?.n ?? 0) };
  }

  /**
   * GET /admin/reports/{target}/{targetId}: the group over every status, and each report (newest
   * first, up to 100). A reported MESSAGE is private: the queue (`list`) names it "Private
   * message" without its text; showing its text here to an operator (`read`) is an audited read
   * (`messages.read`, subjects: its sender and the members who reported it) with their reason,
   * written before it is answered.
   */
  async detail(target: ReportTarget, targetId: string, read?: OperatorRead | null, db: DbOrTx = this.deps.db): Promise<ReportTargetDetail> {
    const group = await this.group(db, target, targetId);
    const rows = await db.select().from(reports).where(and(eq(reports.target, target), eq(reports.targetId, targetId))).orderBy(desc(reports.createdAt), desc(reports.id)).limit(100);
    const reporterIds = [...new Set(rows.map((r) => r.reporterId))];
    if (target === 'message' && read && rows.length) {
      const subjectIds = [...new Set([group.preview?.ownerId, ...reporterIds].filter((id): id is string => Boolean(id) && id !== read.actor.actorId))];
      if (subjectIds.length) await recordOperatorRead(db, read, { action: 'messages.read', targetType: 'message', targetId, subjectIds });
      // Recorded (or the operator's own message, reported by them alone): its text may be shown.
      const opened = (await this.deps.moderation.summaries(db, [{ target, targetId }], { opened: true })).get(key(target, targetId));
      if (opened) group.preview = opened;
    }
    const people = reporterIds.length ? await db.select().from(users).where(inArray(users.id, reporterIds)) : [];
    const byId = new Map(people.map((u) => [u.id, u]));
    return { group, reports: rows.map((r) => this.deps.reports.toReport(r, byId.get(r.reporterId) ?? null)) };
  }

  /**
   * POST /admin/reports/{target}/{targetId}/actions. The target must have open reports (404
   * otherwise). Suspension runs first, in the Users section's own audited transaction; every other
   * action, the closing of the reports and their audit entries share one transaction.
   */
  async act(actor: AuditActor, target: ReportTarget, targetId: string, input: ReportActionInput): Promise<ReportGroup> {
    const where = and(eq(reports.target, target), eq(reports.targetId, targetId), eq(reports.status, 'open'))!;
    const [any] = await this.deps.db.select({ id: reports.id }).from(reports).where(where).limit(1);
    if (!any) throw notFound('No open reports on this');
    const preview = (await this.deps.moderation.summaries(this.deps.db, [{ target, targetId }])).get(key(target, targetId)) ?? null;
    const ownerId = preview?.ownerId ?? null;
    if (input.action === 'hide' && !['feed', 'video', 'gallery', 'product'].includes(target)) throw unprocessable('Only posts, videos, galleries and products can be hidden');
    if (input.action === 'delete' && target !== 'comment') throw unprocessable('Only comments can be deleted here');
    if ((input.action === 'warn' || input.action === 'suspend') && !ownerId) throw unprocessable('This has no owner to act on (it no longer exists)');
    if (input.action === 'suspend') {
      // Already suspended (409 from the Users section): the reports are closed all the same.
      await this.deps.accounts.suspend(actor, ownerId!, { reason: input.reason }).catch((err: unknown) => {
        if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
      });
    }

    await this.deps.db.transaction(async (tx) => {
      const open = await tx.select({ id: reports.id }).from(reports).where(where).for('update');
      if (open.length === 0) throw notFound('No open reports on this');
      let detail: Record<string, unknown> = {};
      if (input.action === 'hide') {
        if (!preview) throw notFound('This no longer exists');
        detail = { reason: input.reason, hidden: await this.deps.moderation.hideIn(tx, actor, target, targetId, input.reason) };
      } else if (input.action === 'delete') {
        const gone = await this.deps.comments.removeIn(tx, targetId);
        if (gone) await recordAudit(tx, actor, { action: 'comment.delete', targetType: 'comment', targetId, before: { content: gone.content, createdBy: gone.createdBy, objectType: gone.objectType, objectId: gone.objectId }, after: null });
        detail = { reason: input.reason ?? null, deleted: Boolean(gone) };
      } else if (input.action === 'warn') {
        await this.deps.events.record(tx, 'user.warned', { userId: ownerId!, actorId: actor.actorId, message: input.message, target, targetId });
        await recordAudit(tx, actor, { action: 'user.warn', targetType: 'user', targetId: ownerId, after: { message: input.message, about: { target, targetId } } });
        detail = { ownerId, message: input.message };
      } else if (input.action === 'suspend') {
        detail = { ownerId, reason: input.reason };
      } else {
        detail = { note: input.note ?? null };
      }
      const status: ReportStatus = input.action === 'dismiss' ? 'dismissed' : 'actioned';
      await tx.update(reports).set({ status, action: input.action, resolvedAt: new Date(), resolvedBy: actor.actorId }).where(where);
      await recordAudit(tx, actor, { action: `report.${input.action}`, targetType: target, targetId, before: { status: 'open', reports: open.length }, after: { status, ...detail } });
    });
    return this.group(this.deps.db, target, targetId);
  }

  /** The target's group over all its reports: open while any is open, else the last decision's status. */
  private async group(db: DbOrTx, target: ReportTarget, targetId: string): Promise<ReportGroup> {
    const [row] = await db.select(this.aggregate()).from(reports).where(and(eq(reports.target, target), eq(reports.targetId, targetId))).groupBy(reports.target, reports.targetId);
    if (!row) throw notFound('Nothing was reported about this');
    const [last] = row.open ? [] : await db.select({ status: reports.status }).from(reports).where(and(eq(reports.target, target), eq(reports.targetId, targetId))).orderBy(desc(reports.resolvedAt), desc(reports.updatedAt)).limit(1);
    const status = row.open ? 'open' : (last?.status ?? 'dismissed');
    return (await this.groups(db, [{ ...row, status }], null))[0]!;
  }

  private aggregate() {
    return {
      target: reports.target,
      targetId: reports.targetId,
      n: sql<number>`count(*)::int`.mapWith(Number),
      first: sql<Date>`min(${reports.createdAt})`.mapWith((v: unknown) => new Date(v as string)),
      last: sql<Date>`max(${reports.createdAt})`.mapWith((v: unknown) => new Date(v as string)),
      open: sql<boolean>`bool_or(${reports.status} = 'open')`,
      action: sql<string | null>`(array_agg(${reports.action} order by ${reports.resolvedAt} desc nulls last))[1]`,
    };
  }

  /** Groups with their reasons, first reporters, previews and owners: four queries for any page. */
  private async groups(db: DbOrTx, rows: Array<Omit<Aggregate, 'status'> & { status: string }>, status: ReportStatus | null): Promise<ReportGroup[]> {
    if (rows.length === 0) return [];
    const pairs = sql.join(rows.map((r) => sql`(${r.target}, ${r.targetId}::uuid)`), sql`, `);
    const inPage = sql`(${reports.target}, ${reports.targetId}) in (${pairs})`;
    const statusCond = status ? eq(reports.status, status) : undefined;
    const [reasonRows, reporterRows, previews] = await Promise.all([
      db.select({ target: reports.target, targetId: reports.targetId, reason: reports.reason, n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(reports).where(and(inPage, statusCond)).groupBy(reports.target, reports.targetId, reports.reason),
      db.execute<{ target: string; target_id: string; reporter_id: string }>(sql`select target, target_id, reporter_id from (
          select ${reports.target} as target, ${reports.targetId} as target_id, ${reports.reporterId} as reporter_id,
            row_number() over (partition by ${reports.target}, ${reports.targetId} order by ${reports.createdAt} desc) as rn
          from ${reports} where ${and(inPage, statusCond)}) x where rn <= ${MAX_REPORTERS}`),
      this.deps.moderation.summaries(db, rows.map((r) => ({ target: r.target as ReportTarget, targetId: r.targetId }))),
    ]);
    const reporterIds = reporterRows.rows.map((r) => String(r.reporter_id));
    const people = await this.deps.moderation.owners(db, [...reporterIds, ...[...previews.values()].map((p) => p.ownerId).filter((x): x is string => Boolean(x))]);
    return rows.map((r) => {
      const k = key(r.target, r.targetId);
      const preview = previews.get(k) ?? null;
      return {
        target: r.target as ReportTarget, targetId: r.targetId, preview, owner: preview?.ownerId ? (people.get(preview.ownerId) ?? null) : null,
        reasons: reasonRows.filter((x) => key(x.target, x.targetId) === k).map((x) => ({ reason: x.reason as ReportReason, count: x.n })),
        reporters: reporterRows.rows.filter((x) => key(String(x.target), String(x.target_id)) === k).map((x) => people.get(String(x.reporter_id))).filter((p): p is NonNullable<typeof p> => Boolean(p)),
        count: r.n, firstReportedAt: r.first.toISOString(), lastReportedAt: r.last.toISOString(), status: r.status as ReportStatus, action: r.action,
      };
    });
  }
}
