ALTER TABLE "streams" ADD COLUMN "record" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "replay_free_for_ticket_holders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "replay_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "replay_error" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "replay_video_id" uuid;--> statement-breakpoint
CREATE INDEX "streams_replay_video_idx" ON "streams" USING btree ("replay_video_id") WHERE "streams"."replay_video_id" IS NOT NULL;