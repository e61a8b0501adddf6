import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { auditTargetLink, isUuid, type AuditEntry, type AuditFacets, type AuditLogQuery } from '@stagepass/shared';
import type { Db } from '../../db/client';
import type { ContentKinds } from '../../platform/content-kinds';
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
  /** The titles of content targets (posts, videos, galleries, products, comments…), one query per kind. */
  contentKinds: Pick<ContentKinds, 'get'>;
}

type Target = NonNullable<AuditEntry['target']>;
/** A record's own words in its snapshot (coupon code, page or promo title…), for targets without a lookup. */
function snapshotName(r: AuditLogRow): string | null {
  for (const snap of [r.after, r.before]) {
    if (!snap || typeof snap !== 'object') continue;
    const o = snap as Record<string, unknown>;
    for (const k of ['title', 'name', 'code', 'productName', 'subject']) if (typeof o[k] === 'string' && o[k]) return o[k] as string;
  }
  return null;
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
    // The operators' reads of one user's private data (GIN index audit_log_subjects_idx).
    if (q.subject) conds.push(sql`${auditLog.subjectIds} @> array[${q.subject}]::uuid[]`);
    conds.push(...dateRange(auditLog.createdAt, q.fromDate, q.toDate));
    if (q.q) {
      const p = containsPattern(q.q);
      conds.push(or(ilike(auditLog.action, p), ilike(auditLog.targetId, p), ilike(users.username, p), ilike(users.name, p), ilike(users.email, p))!);
    }
    return conds;
  }

  /**
   * Each entry's target by name, for one page: accounts in one query, content in one query per
   * kind (the content-kind registry's summaries), settings by key, others from their snapshot. A
   * target that is gone keeps its id as its name, without a link.
   */
  private async targets(rows: AuditLogRow[]): Promise<Map<string, Target>> {
    const out = new Map<string, Target>();
    const key = (type: string, id: string) => `${type}:${id}`;
    const byType = new Map<string, Set<string>>();
    for (const r of rows) if (r.targetId) byType.set(r.targetType, (byType.get(r.targetType) ?? new Set()).add(r.targetId));
    await Promise.all(
      [...byType].map(async ([type, set]) => {
        const ids = [...set];
        if (type === 'user' || type === 'performer') {
          const uuids = ids.filter(isUuid);
          const found = uuids.length ? await this.deps.db.select({ id: users.id, name: users.name, username: users.username }).from(users).where(inArray(users.id, uuids)) : [];
          for (const u of found) out.set(key(type, u.id), { name: u.username ? `${u.name || u.username} (@${u.username})` : u.name || u.id, link: auditTargetLink(type, u.id) });
        } else if (type === 'setting') {
          for (const id of ids) out.set(key(type, id), { name: id, link: auditTargetLink(type, id) });
        } else if (type === 'conversation') {
          // A private conversation is named as such (never by its messages), linked to its console page.
          for (const id of ids) out.set(key(type, id), { name: 'Private conversation', link: auditTargetLink(type, id) });
        } else {
          const kind = this.deps.contentKinds.get(type);
          const found = kind?.summaries ? await kind.summaries(this.deps.db, ids.filter(isUuid)) : [];
          for (const s of found) out.set(key(type, s._id), { name: s.title || s.excerpt || s._id, link: auditTargetLink(type, s._id) });
        }
      }),
    );
    for (const r of rows) {
      if (!r.targetId || out.has(key(r.targetType, r.targetId))) continue;
      const named = snapshotName(r);
      out.set(key(r.targetType, r.targetId), named ? { name: named, link: auditTargetLink(r.targetType, r.targetId) } : { name: r.targetId, link: null });
    }
    return out;
  }

  /** The subjects of a page's entries by name (one query): "Name (@username)", linked to their console page. */
  private async subjects(rows: AuditLogRow[]): Promise<Map<string, Target>> {
    const ids = [...new Set(rows.flatMap((r) => r.subjectIds))];
    const found = ids.length ? await this.deps.db.select({ id: users.id, name: users.name, username: users.username }).from(users).where(inArray(users.id, ids)) : [];
    return new Map(found.map((u) => [u.id, { name: u.username ? `${u.name || u.username} (@${u.username})` : u.name || u.id, link: auditTargetLink('user', u.id) }]));
  }

  private view(r: AuditLogRow, actor: UserRow | null, target: Target | null, subjects: Map<string, Target>): AuditEntry {
    return {
      _id: r.id, actorId: r.actorId, actor: actor ? this.deps.users.card(actor) : null, action: r.action, targetType: r.targetType, targetId: r.targetId, target,
      before: r.before ?? null, after: r.after ?? null, ip: r.ip, userAgent: r.userAgent,
      reason: r.reason, subjects: r.subjectIds.map((id) => ({ _id: id, ...(subjects.get(id) ?? { name: id, link: null }) })), read: r.action.endsWith('.read'),
      createdAt: r.createdAt.toISOString(),
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
    const [targets, subjects] = await Promise.all([this.targets(rows.map((r) => r.entry)), this.subjects(rows.map((r) => r.entry))]);
    return { data: rows.map((r) => this.view(r.entry, r.actor, r.entry.targetId ? (targets.get(`${r.entry.targetType}:${r.entry.targetId}`) ?? null) : null, subjects)), total: counted?.n ?? 0 };
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
