import { and, eq, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ageRestrictedNow } from '../../platform/age-context';
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

/**
 * Age assurance (legal/README.md "Age assurance"): true when the account in `ownerColumn` marked its
 * profile adult — and so every item it owns is adult content.
 */
export function ownerAdultSql(ownerColumn: AnyColumn | SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from "users" "age_owner" where "age_owner"."id" = ${ownerColumn} and "age_owner"."adult_content")`;
}

/**
 * Whether adult content is withheld: the request's age state (platform/age-context.ts) by default,
 * or an explicit value — a boolean, or a placeholder of a prepared statement (the timeline), whose
 * SQL must not depend on the request that first built it.
 */
export type AgeRestriction = boolean | SQLWrapper | undefined;

/** Items shown to the public: not hidden by an operator, owner not suspended, and (for a viewer the age rule restricts) owner not adult. */
export function notWithheldSql(t: ModeratedColumns, restricted: AgeRestriction = undefined): SQL {
  const moderated = sql`(${t.hiddenAt} is null and not ${ownerSuspendedSql(t.ownerId)})`;
  if (restricted === undefined ? !ageRestrictedNow() : restricted === false) return moderated;
  if (restricted === undefined || restricted === true) return sql`(${moderated} and not ${ownerAdultSql(t.ownerId)})`;
  return sql`(${moderated} and not (cast(${restricted} as boolean) and ${ownerAdultSql(t.ownerId)}))`;
}

/**
 * Items `viewerId` may see (not withheld, or their own). `viewerId` may be a placeholder of a
 * prepared statement; null → anonymous (the public rule). No admin bypass: see `moderationSql`.
 */
export function notWithheldForSql(t: ModeratedColumns, viewerId: string | SQLWrapper | null | undefined, restricted: AgeRestriction = undefined): SQL {
  if (viewerId == null) return notWithheldSql(t, restricted);
  return sql`(${t.ownerId} = ${viewerId} or ${notWithheldSql(t, restricted)})`;
}

/**
 * Creator lists and profiles (search, follows, the profile page): the condition on the `users` row
 * of a creator that keeps adult profiles out for a viewer the age rule restricts; undefined when
 * nothing is withheld. THE age rule for profiles, beside the one for items above.
 */
export function adultProfileShownSql(adultColumn: AnyColumn): SQL | undefined {
  return ageRestrictedNow() ? sql`${adultColumn} = false` : undefined;
}

/** One creator's profile is withheld from the caller by the age rule (a single read, in code). */
export function adultProfileWithheld(owner: Pick<UserRow, 'adultContent'>): boolean {
  return owner.adultContent && ageRestrictedNow();
}

/** One owner's items are withheld from the public (suspended, or adult for a restricted caller): a single item's check in code (products). */
export async function ownerWithheld(db: DbOrTx, userId: string): Promise<boolean> {
  const [u] = await db.select({ status: users.status, adult: users.adultContent }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(u && (u.status === 'suspended' || (u.adult && ageRestrictedNow())));
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
