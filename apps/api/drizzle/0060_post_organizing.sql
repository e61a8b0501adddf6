-- Issue 31 §3 (first half): pinned and expiring posts (feeds), a creator's labels on posts, videos and galleries (labels).
ALTER TABLE "feeds" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "feeds_pinned_idx" ON "feeds" USING btree ("performer_id","pinned_at") WHERE "feeds"."pinned_at" is not null;--> statement-breakpoint
CREATE TABLE "labels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "labels_performer_name_uq" ON "labels" USING btree ("performer_id",lower("name"));--> statement-breakpoint
CREATE TABLE "item_labels" (
	"label_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_labels_pk" PRIMARY KEY("label_id","kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "item_labels" ADD CONSTRAINT "item_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_labels_item_idx" ON "item_labels" USING btree ("kind","item_id");
