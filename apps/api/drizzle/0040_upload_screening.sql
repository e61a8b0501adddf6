CREATE TABLE "screening_blocklist" (
	"id" uuid PRIMARY KEY NOT NULL,
	"hash" bigint NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"added_by" uuid,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_quarantine" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_id" uuid NOT NULL,
	"owner_id" uuid,
	"entry_id" uuid,
	"entry_label" text DEFAULT '' NOT NULL,
	"hash" text,
	"distance" integer,
	"scanner" jsonb,
	"status" text DEFAULT 'quarantined' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screening_blocklist" ADD CONSTRAINT "screening_blocklist_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_quarantine" ADD CONSTRAINT "screening_quarantine_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_quarantine" ADD CONSTRAINT "screening_quarantine_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_quarantine" ADD CONSTRAINT "screening_quarantine_entry_id_screening_blocklist_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."screening_blocklist"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_quarantine" ADD CONSTRAINT "screening_quarantine_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_blocklist_hash_uq" ON "screening_blocklist" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "screening_blocklist_created_idx" ON "screening_blocklist" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_quarantine_file_uq" ON "screening_quarantine" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "screening_quarantine_status_idx" ON "screening_quarantine" USING btree ("status","created_at","id");
