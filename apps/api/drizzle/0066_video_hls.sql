-- Videos stream as encrypted HLS (issue 32 §1; modules/media README "HLS"). `hls_status`: null (not a
-- private video, or not looked at yet), 'ready' (renditions, playlists and the sealed key stored; `hls`
-- describes them), 'failed' (the packaging job gave up; `hls`.error says why). The backfill job and its
-- progress panel read private videos by this state through the partial index below.
ALTER TABLE "files" ADD COLUMN "hls_status" text;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "hls" jsonb;
--> statement-breakpoint
CREATE INDEX "files_video_hls_idx" ON "files" USING btree ("hls_status","id") WHERE "files"."media_type" = 'video' and "files"."visibility" = 'private' and "files"."status" = 'ready';
