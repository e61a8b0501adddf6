import { and, eq, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isAdmin } from '../../platform/auth';
import { users, type UserRow } from './users.tables';

/**
 * THE hidden-content rule (issue 14; users/README.md "Hidden content"). An item of a moderated
 * table (feeds, videos, galleries, products: each has `hidden_at`, `hidden_by`, `hidden_reason`)
 * is WITHHELD when an operator hid it (`hidden_at` set) or its owner's account is suspended
 * (`users.status = 'suspended'`). A withheld item is invisible to everyone but its owner and
 * admins, everywhere: lists, search, bookmarks, direct reads (404), comments and purchases.
 *
 * Each content module turns this into one predicate of its own table in its policy file (e.g.
 * `feedModerationSql(viewer)` in feeds.policy.ts) and adds it to every query that lists or loads
 * items for a viewer — a NOT EXISTS on the owner's primary key, so no extra round trip.
 */
export interface ModeratedColumns {
  /** The owner (creator) of the item. */
  ownerId: AnyColumn | SQLWrapper;
  hiddenAt: AnyColumn | SQLWrapper;
}

/** True when the account in `ownerColumn` is suspended (aliased, so it composes with joins on users). */
export function ownerSuspendedSql(ownerColumn: AnyColumn | SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from "users" "mod_owner" where "mod_owner"."id" = ${ownerColumn} and "mod_owner"."status" = 'suspended')`;
}

/** One account is suspended (a single item's check, where the rule runs in code: products). */
export async function isSuspended(db: DbOrTx, userId: string): Promise<boolean> {
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.status, 'suspended'))).limit(1);
  return Boolean(u);
}

/** Items shown to the public: not hidden by an operator, owner not suspended. */
export function notWithheldSql(t: ModeratedColumns): SQL {
  return sql`(${t.hiddenAt} is null and not ${ownerSuspendedSql(t.ownerId)})`;
}

/**
 * Items `viewerId` may see (not withheld, or their own). `viewerId` may be a placeholder of a
 * prepared statement; null → anonymous (the public rule). No admin bypass: see `moderationSql`.
 */
export function notWithheldForSql(t: ModeratedColumns, viewerId: string | SQLWrapper | null | undefined): SQL {
  if (viewerId == null) return notWithheldSql(t);
  return sql`(${t.ownerId} = ${viewerId} or ${notWithheldSql(t)})`;
}

/** The rule for a viewer: admins see everything, owners their own, everyone else what is not withheld. */
export function moderationSql(t: ModeratedColumns, viewer: UserRow | null): SQL {
  if (viewer && isAdmin(viewer)) return sql`true`;
  return notWithheldForSql(t, viewer?.id ?? null);
}

/** The flags an item's view carries for its owner and admins (others never see a hidden item). */
export function hiddenFlags(row: { hiddenAt: Date | null; hiddenReason: string | null }): { hidden: boolean; hiddenReason: string | null } {
  return { hidden: row.hiddenAt !== null, hiddenReason: row.hiddenAt !== null ? row.hiddenReason : null };
}
