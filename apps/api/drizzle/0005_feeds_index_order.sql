DROP INDEX "feeds_performer_publish_idx";--> statement-breakpoint
DROP INDEX "feeds_publish_idx";--> statement-breakpoint
CREATE INDEX "feeds_performer_publish_idx" ON "feeds" USING btree ("performer_id","publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feeds_publish_idx" ON "feeds" USING btree ("publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);