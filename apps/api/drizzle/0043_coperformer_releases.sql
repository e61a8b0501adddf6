CREATE TABLE "content_coperformers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"performer_id" uuid,
	"release_id" uuid,
	"tag_status" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coperformer_releases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stage_name" text,
	"legal_name_enc" text NOT NULL,
	"date_of_birth_enc" text NOT NULL,
	"signed_at" text NOT NULL,
	"files" jsonb NOT NULL,
	"rejection_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_coperformers" ADD CONSTRAINT "content_coperformers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_coperformers" ADD CONSTRAINT "content_coperformers_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_coperformers" ADD CONSTRAINT "content_coperformers_release_id_coperformer_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."coperformer_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coperformer_releases" ADD CONSTRAINT "coperformer_releases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coperformer_releases" ADD CONSTRAINT "coperformer_releases_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_coperformers_item_performer_uq" ON "content_coperformers" USING btree ("kind","item_id","performer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_coperformers_item_release_uq" ON "content_coperformers" USING btree ("kind","item_id","release_id");--> statement-breakpoint
CREATE INDEX "content_coperformers_performer_status_idx" ON "content_coperformers" USING btree ("performer_id","tag_status","created_at");--> statement-breakpoint
CREATE INDEX "content_coperformers_release_idx" ON "content_coperformers" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "coperformer_releases_owner_created_idx" ON "coperformer_releases" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "coperformer_releases_status_created_idx" ON "coperformer_releases" USING btree ("status","created_at");
