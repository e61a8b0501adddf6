ALTER TABLE "protection_traces" ADD COLUMN "segments" integer;--> statement-breakpoint
ALTER TABLE "protection_traces" ADD COLUMN "bits_read" integer;--> statement-breakpoint
ALTER TABLE "protection_traces" ADD COLUMN "offset_seconds" real;--> statement-breakpoint
CREATE TABLE "protection_mark_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"served_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "protection_mark_cache_served_idx" ON "protection_mark_cache" USING btree ("served_at");
