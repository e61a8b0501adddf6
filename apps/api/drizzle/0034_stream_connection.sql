ALTER TABLE "streams" ADD COLUMN "first_on_air_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "billable_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "billable_since" timestamp with time zone;