ALTER TABLE "performer_profiles" ADD COLUMN "verification_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "verification_note" text;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "verification_submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "performer_profiles" ADD CONSTRAINT "performer_profiles_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "performer_profiles_verification_idx" ON "performer_profiles" USING btree ("verification_status","verification_submitted_at");--> statement-breakpoint
-- Creators who existed before verification did were already selling: they keep selling (approved,
-- submitted at their sign-up). An operator can still reject any of them from the queue.
UPDATE "performer_profiles" SET "verification_status" = 'approved', "verification_submitted_at" = "created_at", "reviewed_at" = now();
