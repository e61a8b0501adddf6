CREATE TABLE "age_verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"session_ref" text,
	"id_photo_file_id" uuid,
	"selfie_file_id" uuid,
	"reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"delete_files_at" timestamp with time zone,
	"files_deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "adult_content" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "age_verifications" ADD CONSTRAINT "age_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "age_verifications" ADD CONSTRAINT "age_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "age_verifications_status_submitted_idx" ON "age_verifications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "age_verifications_user_submitted_idx" ON "age_verifications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "age_verifications_provider_session_uq" ON "age_verifications" USING btree ("provider","session_ref");--> statement-breakpoint
CREATE INDEX "age_verifications_delete_files_idx" ON "age_verifications" USING btree ("delete_files_at");
