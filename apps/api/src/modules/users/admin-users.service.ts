import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_USER_MESSAGES as M, DEFAULT_AVATAR, type AdminReasonInput, type AdminRoleInput, type AdminUser, type AdminUserDetail, type AdminUserQuery,
  type CreatorMoney, type FanMoney, type UserStatus, type VerificationStatus,
} from '@stagepass/shared';
import type { Db, Tx } from '../../db/client';
import { containsPattern } from '../../db/like';
import { hasAdminRole, type SessionCache } from '../../platform/auth';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { dateRange } from '../../platform/date-range';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import type { Events } from '../../platform/events';
import type { Realtime } from '../../platform/realtime';
import type { AuthService } from '../auth/auth.service';
import { performerProfiles } from '../performers/performers.tables';
import type { UsersService } from './users.service';
import { users, type UserRow } from './users.tables';

/**
 * An account's money, read by the services that own it (commerce modules, above this one): the
 * composition root passes the earnings module's MoneySummary.
 */
export interface UserMoneyReader {
  fan(userId: string): Promise<FanMoney>;
  creator(performerId: string): Promise<CreatorMoney>;
}

/** What AdminUsersService is built with (by the composition root, root.ts). */
export interface AdminUsersDeps {
  db: Db;
  /** Revokes every session of an account inside the action's transaction (cache evicted on every node after the commit). */
  auth: Pick<AuthService, 'revokeAllSessions'>;
  events: Events;
  money: UserMoneyReader;
  /** Closes an account's sockets on every node, after the commit. */
  realtime: Pick<Realtime, 'disconnectUser'>;
  /** Every write to a user's row drops their cached sessions on every node, after the commit. */
  sessions: Pick<SessionCache, 'evictUser'>;
  users: Pick<UsersService, 'avatarUrls'>;
}

const ADMIN_ROLE = sql`${users.roles} @> '["admin"]'::jsonb`;

/**
 * The operator console's Users section: the account list, one account with its money summary, and
 * the audited actions (suspend, reactivate, force a password reset, grant/revoke admin). Rules:
 * README.md beside this file, "Operator console".
 */
export class AdminUsersService {
  constructor(private deps: AdminUsersDeps) {}

  private row(u: UserRow, kyc: VerificationStatus | null): AdminUser {
    return {
      _id: u.id, name: u.name || [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || '', username: u.username, email: u.email,
      avatar: this.deps.users.avatarUrls(u)?.medium ?? DEFAULT_AVATAR, isPerformer: u.isPerformer, isAdmin: hasAdminRole(u), status: u.status as UserStatus,
      verifiedEmail: u.verifiedEmail, kyc: u.isPerformer ? kyc : null, country: u.country, createdAt: u.createdAt.toISOString(),
      updatedAt: u.updatedAt.toISOString(), lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    };
  }

  /** GET /admin/users: filters on indexed columns where it matters (created_at, updated_at, is_performer); one page query and one count. */
  async list(q: AdminUserQuery): Promise<{ data: AdminUser[]; total: number }> {
    const conds: SQL[] = [...dateRange(users.createdAt, q.createdFrom, q.createdTo)];
    if (q.q) {
      const like = containsPattern(q.q);
      conds.push(or(ilike(users.username, like), ilike(users.email, like), ilike(users.name, like))!);
    }
    if (q.role === 'performer') conds.push(eq(users.isPerformer, true));
    if (q.role === 'user') conds.push(eq(users.isPerformer, false));
    if (q.role === 'admin') conds.push(ADMIN_ROLE);
    if (q.status) conds.push(eq(users.status, q.status));
    if (q.emailVerified !== undefined) conds.push(eq(users.verifiedEmail, q.emailVerified));
    if (q.country) conds.push(eq(users.country, q.country));
    if (q.kyc) conds.push(eq(users.isPerformer, true), eq(performerProfiles.verificationStatus, q.kyc));
    const where = conds.length ? and(...conds) : undefined;
    const col = { createdAt: users.createdAt, updatedAt: users.updatedAt, username: users.username, name: users.name, lastLoginAt: users.lastLoginAt }[q.sortBy];
    const order = q.sort === 'asc' ? sql`${col} asc nulls first` : sql`${col} desc nulls last`;
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select({ u: users, kyc: performerProfiles.verificationStatus })
        .from(users)
        .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
        .where(where)
        .orderBy(order, q.sort === 'asc' ? asc(users.id) : desc(users.id))
        .limit(q.limit)
        .offset(q.offset),
      this.deps.db.select({ n: count() }).from(users).leftJoin(performerProfiles, eq(performerProfiles.userId, users.id)).where(where),
    ]);
    return { data: rows.map((r) => this.row(r.u, r.kyc)), total: Number(total?.n ?? 0) };
  }

  /** GET /admin/users/{id}: the account and its money summary (404 when unknown). */
  async detail(id: string): Promise<AdminUserDetail> {
    const [r] = await this.deps.db
      .select({ u: users, kyc: performerProfiles.verificationStatus })
      .from(users)
      .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
      .where(eq(users.id, id))
      .limit(1);
    if (!r) throw notFound('User not found');
    const u = r.u;
    const money = u.isPerformer ? await this.deps.money.creator(u.id) : await this.deps.money.fan(u.id);
    return {
      ...this.row(u, r.kyc), firstName: u.firstName, lastName: u.lastName, gender: u.gender, roles: u.roles,
      hasPassword: Boolean(u.passwordHash), google: Boolean(u.googleId), twitter: Boolean(u.twitterId), money,
    };
  }

  /** The target row, locked for the action's transaction; 404 when unknown. */
  private async lock(tx: Tx, id: string): Promise<UserRow> {
    const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!u) throw notFound('User not found');
    return u;
  }

  /**
   * Refuses an action that would leave no active administrator (two operators acting on each other
   * at once included): every active admin row is locked, in id order, before the target is read.
   */
  private async assertAnotherActiveAdmin(tx: Tx, targetId: string): Promise<void> {
    const admins = await tx.select({ id: users.id }).from(users).where(and(ADMIN_ROLE, eq(users.status, 'active'))).orderBy(asc(users.id)).for('update');
    if (!admins.some((a) => a.id !== targetId)) throw unprocessable(M.lastAdmin);
  }

  /** Runs an action on another account in one transaction; `after` runs once it committed. */
  private async act(actor: AuditActor, id: string, fn: (tx: Tx) => Promise<void>, after?: () => Promise<void>): Promise<AdminUserDetail> {
    if (id === actor.actorId) throw unprocessable(M.notSelf);
    await this.deps.db.transaction(fn);
    await after?.();
    return this.detail(id);
  }

  /** POST /admin/users/{id}/suspend: status suspended, every session revoked, sockets closed everywhere; `user.suspended` recorded. */
  suspend(actor: AuditActor, id: string, input: AdminReasonInput): Promise<AdminUserDetail> {
    return this.act(
      actor,
      id,
      async (tx) => {
        // An admin target: the active admins are locked first (the same order as setAdmin), then the target.
        const [peek] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, id));
        if (peek && hasAdminRole(peek)) await this.assertAnotherActiveAdmin(tx, id);
        const u = await this.lock(tx, id);
        if (u.status === 'suspended') throw conflict(M.alreadySuspended);
        await this.setStatus(tx, id, 'suspended');
        await this.deps.auth.revokeAllSessions(id, tx);
        await this.deps.events.record(tx, 'user.suspended', { userId: id, actorId: actor.actorId, reason: input.reason });
        await recordAudit(tx, actor, { action: 'user.suspend', targetType: 'user', targetId: id, before: { status: u.status }, after: { status: 'suspended', reason: input.reason } });
      },
      () => this.deps.realtime.disconnectUser(id),
    );
  }

  /** POST /admin/users/{id}/reactivate: a suspended account becomes active (its old sessions stay revoked). */
  reactivate(actor: AuditActor, id: string, input: AdminReasonInput): Promise<AdminUserDetail> {
    return this.act(actor, id, async (tx) => {
      const u = await this.lock(tx, id);
      if (u.status !== 'suspended') throw conflict(M.notSuspended);
      await this.setStatus(tx, id, 'active');
      await this.deps.events.record(tx, 'user.reactivated', { userId: id, actorId: actor.actorId });
      await recordAudit(tx, actor, { action: 'user.reactivate', targetType: 'user', targetId: id, before: { status: u.status }, after: { status: 'active', reason: input.reason } });
    });
  }

  /**
   * POST /admin/users/{id}/password-reset: the password stops working, every session and socket
   * ends, and `user.password-reset-forced` has the auth module mail the usual reset link.
   */
  forcePasswordReset(actor: AuditActor, id: string, input: AdminReasonInput): Promise<AdminUserDetail> {
    return this.act(
      actor,
      id,
      async (tx) => {
        const u = await this.lock(tx, id);
        if (u.status === 'suspended') throw unprocessable(M.suspendedNoReset);
        if (!u.email) throw unprocessable(M.noEmail);
        await tx.update(users).set({ passwordHash: null }).where(eq(users.id, id));
        await this.deps.sessions.evictUser(id, tx);
        await this.deps.auth.revokeAllSessions(id, tx);
        await this.deps.events.record(tx, 'user.password-reset-forced', { userId: id, actorId: actor.actorId });
        await recordAudit(tx, actor, {
          action: 'user.force-password-reset', targetType: 'user', targetId: id,
          before: { password: u.passwordHash ? '[secret]' : null }, after: { password: null, resetMailedTo: u.email, reason: input.reason },
        });
      },
      () => this.deps.realtime.disconnectUser(id),
    );
  }

  /** PUT /admin/users/{id}/admin: grants or revokes the administrator role (never the last active one). */
  setAdmin(actor: AuditActor, id: string, input: AdminRoleInput): Promise<AdminUserDetail> {
    return this.act(actor, id, async (tx) => {
      if (!input.admin) await this.assertAnotherActiveAdmin(tx, id);
      const u = await this.lock(tx, id);
      if (input.admin === hasAdminRole(u)) throw conflict(input.admin ? M.alreadyAdmin : M.notAdmin);
      const roles = input.admin ? [...u.roles.filter((r) => r !== 'admin'), 'admin'] : u.roles.filter((r) => r !== 'admin');
      await tx.update(users).set({ roles }).where(eq(users.id, id));
      // Cached sessions hold the roles: dropped on every node after the commit.
      await this.deps.sessions.evictUser(id, tx);
      await recordAudit(tx, actor, { action: input.admin ? 'user.grant-admin' : 'user.revoke-admin', targetType: 'user', targetId: id, before: { roles: u.roles }, after: { roles, reason: input.reason } });
    });
  }

  private async setStatus(tx: Tx, id: string, status: UserStatus): Promise<void> {
    await tx.update(users).set({ status }).where(eq(users.id, id));
    await this.deps.sessions.evictUser(id, tx);
  }
}
