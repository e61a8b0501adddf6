CREATE TABLE "stream_edges" (
	"stream_id" uuid NOT NULL,
	"server" text NOT NULL,
	"room_id" bigint NOT NULL,
	"room_secret" text NOT NULL,
	"room_pin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_edges_stream_id_server_pk" PRIMARY KEY("stream_id","server")
);
--> statement-breakpoint
ALTER TABLE "stream_viewers" ADD COLUMN "path" text DEFAULT 'webrtc' NOT NULL;--> statement-breakpoint
ALTER TABLE "stream_viewers" ADD COLUMN "media_server" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "media_server" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "hls_status" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "hls_node" text;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "hls_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "hls_viewer_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stream_edges" ADD CONSTRAINT "stream_edges_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_viewers_server_idx" ON "stream_viewers" USING btree ("media_server") WHERE "stream_viewers"."left_at" IS NULL;