import { sql, type SQL } from 'drizzle-orm';
import { users } from '../users/users.tables';
import { performerProfiles } from '../performers/performers.tables';

/**
 * Full-text search helpers (PostgreSQL `to_tsvector` / `to_tsquery`, 'simple' configuration: no
 * stemming or stop words, so it behaves the same for every language and on PGlite and PG 15).
 *
 * The two tsvector expressions below are indexed by GIN expression indexes created in
 * drizzle/0003_social_search_fts.sql (`users_search_tsv_idx`, `performer_profiles_bio_tsv_idx`).
 * Keep the SQL text identical to the index definitions — constants are written inline (not bound
 * as parameters) on purpose, or the planner cannot match the expression to the index.
 */
export const PERFORMER_NAME_TSV: SQL = sql`to_tsvector('simple'::regconfig, coalesce(${users.name}, '') || ' ' || coalesce(${users.username}, ''))`;
export const PERFORMER_BIO_TSV: SQL = sql`to_tsvector('simple'::regconfig, coalesce(${performerProfiles.bio}, ''))`;

const MAX_TERMS = 8;

/**
 * Free text → a prefix tsquery string: every word becomes `word:*`, words are ANDed
 * ("jan do" → `jan:* & do:*`). Only letters and digits survive (any script), so nothing the user
 * types can inject tsquery syntax. Answers null when no word is left (the caller then applies no
 * text filter).
 */
export function prefixTsQuery(q: string | null | undefined): string | null {
  const terms = prefixTerms(q);
  return terms.length ? terms.join(' & ') : null;
}

/** The single-word prefix queries of `q` (`['jan:*', 'do:*']`), at most 8. */
export function prefixTerms(q: string | null | undefined): string[] {
  if (!q) return [];
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_TERMS).map((t) => `${t}:*`);
}

/** `tsv @@ to_tsquery('simple', <prefix query>)`. */
export const matches = (tsv: SQL | SQL.Aliased | unknown, tsquery: string): SQL => sql`${tsv} @@ to_tsquery('simple'::regconfig, ${tsquery})`;
