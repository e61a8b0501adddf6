CREATE TABLE "takedown_counters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"notice_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"statement" text NOT NULL,
	"signature" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"filed_at" timestamp with time zone NOT NULL,
	"restore_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "takedown_notices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" serial NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"filed_by" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"phone" text,
	"work" text NOT NULL,
	"items" jsonb NOT NULL,
	"sworn" boolean NOT NULL,
	"signature" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takedown_strikes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"notice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "takedown_counters" ADD CONSTRAINT "takedown_counters_notice_id_takedown_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."takedown_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_counters" ADD CONSTRAINT "takedown_counters_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD CONSTRAINT "takedown_notices_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD CONSTRAINT "takedown_notices_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_strikes" ADD CONSTRAINT "takedown_strikes_notice_id_takedown_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."takedown_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takedown_strikes" ADD CONSTRAINT "takedown_strikes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_counters_notice_owner_uq" ON "takedown_counters" USING btree ("notice_id","owner_id");--> statement-breakpoint
CREATE INDEX "takedown_counters_status_restore_idx" ON "takedown_counters" USING btree ("status","restore_at");--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_notices_number_uq" ON "takedown_notices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "takedown_notices_status_created_idx" ON "takedown_notices" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "takedown_strikes_notice_user_uq" ON "takedown_strikes" USING btree ("notice_id","user_id");--> statement-breakpoint
CREATE INDEX "takedown_strikes_user_created_idx" ON "takedown_strikes" USING btree ("user_id","created_at");
