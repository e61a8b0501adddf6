CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"user_id" uuid,
	"ip" text,
	"status" text DEFAULT 'new' NOT NULL,
	"read_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_pages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"show_in_footer" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_promos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image_id" uuid NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"position" text DEFAULT 'top' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_promos" ADD CONSTRAINT "site_promos_image_id_files_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "site_pages_slug_uq" ON "site_pages" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "site_pages_published_idx" ON "site_pages" USING btree ("status","sort_order");--> statement-breakpoint
CREATE INDEX "site_pages_updated_idx" ON "site_pages" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "site_promos_window_idx" ON "site_promos" USING btree ("position","start_at","end_at");--> statement-breakpoint
CREATE INDEX "site_promos_updated_idx" ON "site_promos" USING btree ("updated_at");