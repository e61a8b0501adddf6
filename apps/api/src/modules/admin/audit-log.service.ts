import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { isUuid, type AuditEntry, type AuditFacets, type AuditLogQuery } from '@stagepass/shared';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/like';
import { auditLog, type AuditLogRow } from '../../platform/audit.tables';
import { dateRange } from '../../platform/date-range';
import type { UsersService } from '../users/users.service';
import { users, type UserRow } from '../users/users.tables';

/** What AuditLogService is built with (by the composition root, root.ts). */
export interface AuditLogDeps {
  db: Db;
  /** The operator's card on each entry. */
  users: Pick<UsersService, 'card'>;
}

/** How many names the facets answer at most (action names and target types are a short, fixed vocabulary). */
const FACETS_MAX = 200;

/**
 * Reads the audit log (platform/audit.ts writes it; nothing changes or deletes it). One query per
 * page: the entries joined with their operators (plus the count). Rules: README.md beside this file.
 */
export class AuditLogService {
  constructor(private deps: AuditLogDeps) {}

  private filters(q: AuditLogQuery): SQL[] {
    const conds: SQL[] = [];
    if (q.actor) conds.push(isUuid(q.actor) ? eq(auditLog.actorId, q.actor) : sql`lower(${users.username}) = ${q.actor.toLowerCase()}`);
    if (q.action) conds.push(q.action.endsWith('.') ? sql`${auditLog.action} like ${containsPattern(q.action).slice(1)}` : eq(auditLog.action, q.action));
    if (q.targetType) conds.push(eq(auditLog.targetType, q.targetType));
    if (q.targetId) conds.push(eq(auditLog.targetId, q.targetId));
    conds.push(...dateRange(auditLog.createdAt, q.fromDate, q.toDate));
    if (q.q) {
      const p = containsPattern(q.q);
      conds.push(or(ilike(auditLog.action, p), ilike(auditLog.targetId, p), ilike(users.username, p), ilike(users.name, p), ilike(users.email, p))!);
    }
    return conds;
  }

  private view(r: AuditLogRow, actor: UserRow | null): AuditEntry {
    return {
      _id: r.id, actorId: r.actorId, actor: actor ? this.deps.users.card(actor) : null, action: r.action, targetType: r.targetType, targetId: r.targetId,
      before: r.before ?? null, after: r.after ?? null, ip: r.ip, userAgent: r.userAgent, createdAt: r.createdAt.toISOString(),
    };
  }

  /** GET /admin/audit-log: newest first by default (ties by id, which is time-ordered too). */
  async list(q: AuditLogQuery): Promise<{ data: AuditEntry[]; total: number }> {
    const where = and(...this.filters(q));
    const dir = q.sort === 'asc' ? asc : desc;
    const [rows, [counted]] = await Promise.all([
      this.deps.db.select({ entry: auditLog, actor: users }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where)
        .orderBy(dir(auditLog.createdAt), dir(auditLog.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where),
    ]);
    return { data: rows.map((r) => this.view(r.entry, r.actor)), total: counted?.n ?? 0 };
  }

  /** GET /admin/audit-log/facets: the names in use, alphabetically. */
  async facets(): Promise<AuditFacets> {
    const [actions, types] = await Promise.all([
      this.deps.db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)).limit(FACETS_MAX),
      this.deps.db.selectDistinct({ v: auditLog.targetType }).from(auditLog).orderBy(asc(auditLog.targetType)).limit(FACETS_MAX),
    ]);
    return { actions: actions.map((r) => r.v), targetTypes: types.map((r) => r.v) };
  }
}
