import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_AVATAR, MESSAGES, USERNAME_RESERVED_MESSAGE, fromMinor, isReservedUsername, isUuid, type CurrentUser, type PublicUser, type UpdateUserInput, type UserSearchQuery } from '@stagepass/shared';
import { recordAudit, type AuditActor } from '../../platform/audit';
import { hasAdminRole, isAdmin, type SessionCache } from '../../platform/auth';
import { conflict, fieldError, notFound } from '../../platform/errors';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from './users.tables';
import { authTokens } from '../auth/auth.tables';
import type { AuthService } from '../auth/auth.service';
import { isUniqueViolation } from '../../db/errors';
import { isBlockedBetween } from '../blocks/blocks.policy';
import type { MediaService } from '../media/media.service';
import type { ReceivedFile } from '../../platform/uploads';
import type { Db } from '../../db/client';
import type { LedgerService } from '../ledger/ledger.service';
import { containsPattern } from '../../db/like';

/** What UsersService is built with (by the composition root, root.ts). */
export interface UsersDeps {
  auth: AuthService;
  media: MediaService;
  db: Db;
  ledger: LedgerService;
  /** Every write to a user's row drops their cached sessions (platform/auth.ts), after it commits. */
  sessions: Pick<SessionCache, 'evictUser'>;
}

/** Profile reads and edits shared by fans and creators. Rules: README.md beside this file. */
export class UsersService {
  constructor(private deps: UsersDeps) {}

  /** A small public card of a user (comment author, reporter, payer, creator): never e-mail or anything private. */
  card(u: UserRow) {
    return { _id: u.id, name: u.name || u.username || '', username: u.username, avatar: this.avatarUrls(u)?.medium ?? DEFAULT_AVATAR, isPerformer: u.isPerformer };
  }

  avatarUrls(row: Pick<UserRow, 'avatar'>) {
    if (!row.avatar) return null;
    const a = row.avatar;
    return { thumb: this.deps.media.publicUrl(a.thumb!), medium: this.deps.media.publicUrl(a.medium!), large: this.deps.media.publicUrl(a.large!) };
  }

  coverUrl(row: Pick<UserRow, 'cover'>): string | null {
    return row.cover?.large ? this.deps.media.publicUrl(row.cover.large) : null;
  }

  /**
   * The current user with its balance (spec §3): a fan's wallet, or a creator's earnings account
   * (net earned minus paid out) — both read from the ledger.
   */
  async current(row: UserRow): Promise<CurrentUser> {
    const [balance, [pending]] = await Promise.all([
      this.deps.ledger.balance(this.deps.db, { kind: row.isPerformer ? 'earnings' : 'wallet', ownerId: row.id }),
      this.deps.db
        .select({ newEmail: authTokens.newEmail })
        .from(authTokens)
        .where(and(eq(authTokens.userId, row.id), eq(authTokens.kind, 'change-email'), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
        .orderBy(desc(authTokens.createdAt))
        .limit(1),
    ]);
    return { ...this.toCurrentUser(row, balance), pendingEmail: pending?.newEmail ?? null };
  }

  /** `balanceMinor`: see `current`; 0 where it cannot have moved yet (a new account). */
  toCurrentUser(row: UserRow, balanceMinor = 0): CurrentUser {
    const avatars = this.avatarUrls(row);
    return {
      _id: row.id, name: row.name || [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username || '',
      firstName: row.firstName, lastName: row.lastName, username: row.username, email: row.email,
      avatar: avatars?.medium ?? DEFAULT_AVATAR, avatars, cover: this.coverUrl(row), isPerformer: row.isPerformer,
      isAdmin: hasAdminRole(row), roles: row.roles, verifiedEmail: row.verifiedEmail, twoFactorEnabled: row.twoFactorEnabled, balance: fromMinor(balanceMinor),
      gender: row.gender, country: row.country, locale: row.locale ?? null, status: row.status, firstSignIn: row.previousLoginAt === null,
      createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** `verified`: the creator's identity was approved (the caller that joined performer_profiles says so; false otherwise). */
  toPublicUser(row: UserRow, extra: { bio?: string | null; welcomeVideo?: string | null; verified?: boolean } = {}): PublicUser {
    return {
      _id: row.id, name: row.name || row.username || '', username: row.username, avatar: this.avatarUrls(row)?.medium ?? DEFAULT_AVATAR,
      cover: this.coverUrl(row), isPerformer: row.isPerformer, bio: extra.bio ?? null, country: row.country, gender: row.gender,
      welcomeVideo: extra.welcomeVideo ?? null, verified: row.isPerformer && extra.verified === true, createdAt: row.createdAt.toISOString(),
    };
  }

  /** By id or by username (case-insensitive); only active accounts. */
  async findByIdOrUsername(idOrUsername: string): Promise<UserRow | null> {
    const cond = isUuid(idOrUsername) ? eq(users.id, idOrUsername) : sql`lower(${users.username}) = ${idOrUsername.toLowerCase()}`;
    const [u] = await this.deps.db.select().from(users).where(and(cond, eq(users.status, 'active'))).limit(1);
    return u ?? null;
  }

  /** A block either way between `viewer` and `otherId` (blocks.policy.ts, THE rule); admins and anonymous visitors: never. */
  async blockedFor(viewer: UserRow | null | undefined, otherId: string): Promise<boolean> {
    if (!viewer || isAdmin(viewer)) return false;
    return isBlockedBetween(this.deps.db, viewer.id, otherId);
  }

  /** Rows for many ids in one query (lists); unknown ids are absent. */
  async byIds(ids: readonly string[]): Promise<UserRow[]> {
    const valid = [...new Set(ids.filter((id) => isUuid(id)))];
    return valid.length ? this.deps.db.select().from(users).where(inArray(users.id, valid)) : [];
  }

  async byId(id: string, db: DbOrTx = this.deps.db): Promise<UserRow> {
    const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!u) throw notFound('User not found');
    return u;
  }

  /**
   * Checks an edit before anything is written. A username that changes must not be a reserved
   * word (an unchanged one may be: it was allowed when taken). An e-mail that changes needs the
   * current password and a free address (AuthService.assertEmailChangeAllowed). Returns the new
   * e-mail to confirm, or null.
   */
  async checkEdit(user: UserRow, input: UpdateUserInput, sessionId: string | null): Promise<string | null> {
    const usernameChanged = input.username !== undefined && input.username !== user.username;
    if (usernameChanged && isReservedUsername(input.username!)) throw fieldError('username', USERNAME_RESERVED_MESSAGE);
    const emailChanged = input.email !== undefined && input.email !== user.email;
    if (emailChanged) await this.deps.auth.assertEmailChangeAllowed(user, input.currentPassword, sessionId);
    await this.deps.auth.assertAvailable(this.deps.db, { username: usernameChanged ? input.username : null, email: emailChanged ? input.email : null }, user.id);
    return emailChanged ? input.email! : null;
  }

  /**
   * Profile edit of PUT /users: checks (checkEdit), saves the profile fields, and for a new e-mail
   * mails a confirmation link — the address itself changes only when the link is followed.
   */
  async update(user: UserRow, input: UpdateUserInput, sessionId: string | null): Promise<{ row: UserRow; pendingEmail: string | null }> {
    const pendingEmail = await this.checkEdit(user, input, sessionId);
    const row = await this.applyEdit(user, input);
    if (pendingEmail) await this.deps.auth.startEmailChange(row, pendingEmail);
    return { row, pendingEmail };
  }

  /**
   * Writes the profile fields (never the e-mail: see update). Username stays unique
   * case-insensitively (409). Call checkEdit first.
   */
  async applyEdit(user: UserRow, input: UpdateUserInput, tx?: DbOrTx): Promise<UserRow> {
    const db = tx ?? this.deps.db;
    const patch: Partial<typeof users.$inferInsert> = {};
    if (input.firstName !== undefined) patch.firstName = input.firstName;
    if (input.lastName !== undefined) patch.lastName = input.lastName;
    if (input.gender !== undefined) patch.gender = input.gender;
    if (input.country !== undefined) patch.country = input.country;
    if (input.locale !== undefined) patch.locale = input.locale;
    if (input.name !== undefined) patch.name = input.name;
    else if (input.firstName !== undefined || input.lastName !== undefined) {
      patch.name = [input.firstName ?? user.firstName, input.lastName ?? user.lastName].filter(Boolean).join(' ');
    }
    const usernameChanged = input.username !== undefined && input.username !== user.username;
    if (usernameChanged) patch.username = input.username;
    await this.deps.auth.assertAvailable(db, { username: usernameChanged ? input.username : null }, user.id);
    // Nothing to change (an empty body, or the same values again): answer the stored row as it is.
    // (Drizzle refuses an UPDATE without columns, which used to end as a 500.)
    if (Object.keys(patch).length === 0) return this.byId(user.id, db);
    let row: UserRow | undefined;
    try {
      [row] = await db.update(users).set(patch).where(eq(users.id, user.id)).returning();
    } catch (err) {
      // The unique index on lower(username) catches a race the check above missed.
      if (isUniqueViolation(err)) throw conflict(MESSAGES.usernameTaken, [{ field: 'username', message: MESSAGES.usernameTaken }]);
      throw err;
    }
    await this.deps.sessions.evictUser(user.id, db);
    return row!;
  }

  /**
   * The user's avatar. `audit`: an operator setting someone else's (POST /users/{id}/avatar/upload),
   * audited ('user.avatar') in the transaction that switches it.
   */
  async setAvatar(userId: string, upload: ReceivedFile, audit?: AuditActor): Promise<UserRow> {
    const file = await this.deps.media.storeImage(userId, 'avatars', 'avatar', upload);
    const row = await this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update');
      const [r] = await tx.update(users).set({ avatar: file.variants }).where(eq(users.id, userId)).returning();
      if (audit) await recordAudit(tx, audit, { action: 'user.avatar', targetType: 'user', targetId: userId, before: { avatar: before?.avatar ?? null }, after: { avatar: file.variants, fileId: file.id } });
      return r!;
    });
    await this.deps.sessions.evictUser(userId);
    return row;
  }

  async setCover(userId: string, upload: ReceivedFile): Promise<UserRow> {
    const file = await this.deps.media.storeImage(userId, 'covers', 'cover', upload);
    const [row] = await this.deps.db.update(users).set({ cover: file.variants }).where(eq(users.id, userId)).returning();
    await this.deps.sessions.evictUser(userId);
    return row!;
  }

  /** Operator search: q over username/e-mail/name, role filter, paginated; indexes on updated_at. */
  async search(q: UserSearchQuery) {
    const conds: SQL[] = [];
    if (q.q) {
      const like = containsPattern(q.q);
      conds.push(or(ilike(users.username, like), ilike(users.email, like), ilike(users.name, like))!);
    }
    if (q.role === 'performer') conds.push(eq(users.isPerformer, true));
    if (q.role === 'user') conds.push(eq(users.isPerformer, false));
    if (q.role === 'admin') conds.push(sql`${users.roles} @> '["admin"]'::jsonb`);
    if (q.status) conds.push(eq(users.status, q.status));
    const where = conds.length ? and(...conds) : undefined;
    const sortCol = { createdAt: users.createdAt, updatedAt: users.updatedAt, username: users.username, name: users.name }[q.sortBy];
    const [rows, [total]] = await Promise.all([
      this.deps.db.select().from(users).where(where).orderBy(q.sort === 'asc' ? asc(sortCol) : desc(sortCol), desc(users.id)).limit(q.limit).offset(q.offset),
      this.deps.db.select({ n: count() }).from(users).where(where),
    ]);
    return { data: rows.map((r) => this.toCurrentUser(r)), total: Number(total?.n ?? 0) };
  }
}
