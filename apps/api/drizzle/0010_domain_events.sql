CREATE TABLE "domain_event_handled" (
	"event_id" uuid NOT NULL,
	"handler" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_event_handled_pk" PRIMARY KEY("event_id","handler")
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "domain_event_handled" ADD CONSTRAINT "domain_event_handled_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_undispatched_idx" ON "domain_events" USING btree ("occurred_at") WHERE "domain_events"."dispatched_at" IS NULL;