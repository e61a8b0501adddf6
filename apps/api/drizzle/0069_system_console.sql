CREATE TABLE "system_nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"commit" text,
	"sockets" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "system_nodes_last_seen_idx" ON "system_nodes" USING btree ("last_seen_at");
--> statement-breakpoint
CREATE TABLE "mail_failures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"mail" jsonb,
	"error" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'failed' NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_failures_open_uq" ON "mail_failures" USING btree ("fingerprint") WHERE "status" = 'failed';
--> statement-breakpoint
CREATE INDEX "mail_failures_status_idx" ON "mail_failures" USING btree ("status","last_failed_at");
