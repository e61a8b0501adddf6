ALTER TABLE "users" ADD COLUMN "previous_login_at" timestamp with time zone;--> statement-breakpoint
-- Accounts that signed in before this column existed are not new: no first-time welcome for them.
UPDATE "users" SET "previous_login_at" = "last_login_at" WHERE "last_login_at" IS NOT NULL;
