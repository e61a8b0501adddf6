-- Full-text search over creators (modules/search). Expression indexes on tables other modules own,
-- so they live in this hand-written migration: drizzle-kit does not see them and will not drop them.
-- The expressions must stay byte-for-byte equal to PERFORMER_NAME_TSV / PERFORMER_BIO_TSV in
-- src/modules/search/search.fts.ts, or the planner will not use the indexes.
CREATE INDEX IF NOT EXISTS "users_search_tsv_idx" ON "users" USING gin (to_tsvector('simple'::regconfig, coalesce("name", '') || ' ' || coalesce("username", '')));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "performer_profiles_bio_tsv_idx" ON "performer_profiles" USING gin (to_tsvector('simple'::regconfig, coalesce("bio", '')));
