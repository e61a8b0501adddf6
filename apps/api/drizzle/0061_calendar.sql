CREATE TABLE "planned_streams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"stream_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planned_streams_type_ck" CHECK ("planned_streams"."type" in ('public', 'group')),
	CONSTRAINT "planned_streams_status_ck" CHECK ("planned_streams"."status" in ('planned', 'started', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "planned_streams" ADD CONSTRAINT "planned_streams_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_streams" ADD CONSTRAINT "planned_streams_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planned_streams_performer_starts_idx" ON "planned_streams" USING btree ("performer_id","starts_at");--> statement-breakpoint
CREATE INDEX "mass_messages_performer_scheduled_idx" ON "mass_messages" USING btree ("performer_id","scheduled_at");
