CREATE TABLE "two_factor_address_failures" (
	"address" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"failed_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "two_factor_address_failures_since_idx" ON "two_factor_address_failures" USING btree ("failed_since");