CREATE TABLE "privacy_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_key" text,
	"size" bigint,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_exports" ADD CONSTRAINT "privacy_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_exports_user_created_idx" ON "privacy_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_exports_one_pending_uq" ON "privacy_exports" USING btree ("user_id") WHERE "privacy_exports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "privacy_exports_expires_idx" ON "privacy_exports" USING btree ("expires_at") WHERE "privacy_exports"."status" = 'ready';
