CREATE TABLE "subscription_tiers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '#8c8c8c' NOT NULL,
	"position" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"moved_to_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_tiers" ADD CONSTRAINT "subscription_tiers_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_tiers" ADD CONSTRAINT "subscription_tiers_moved_to_id_subscription_tiers_id_fk" FOREIGN KEY ("moved_to_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_tiers_performer_idx" ON "subscription_tiers" USING btree ("performer_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_tiers_default_uq" ON "subscription_tiers" USING btree ("performer_id") WHERE "subscription_tiers"."is_default" and "subscription_tiers"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "tier_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pending_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("pending_tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "min_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "min_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "min_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD COLUMN "min_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "streams" ADD COLUMN "min_tier_id" uuid;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_min_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("min_tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_min_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("min_tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_min_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("min_tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_min_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("min_tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_min_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("min_tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Data: every creator (and anyone subscribed to as one) gets a default tier at today's monthly price
-- (performer_pricing, 995 when never set), and every existing subscription moves to it.
INSERT INTO "subscription_tiers" ("id", "performer_id", "name", "price", "description", "colour", "position", "is_default")
SELECT gen_random_uuid(), u."id", 'Standard', coalesce(pp."monthly_price", 995), '', '#8c8c8c', 1, true
FROM "users" u LEFT JOIN "performer_pricing" pp ON pp."user_id" = u."id"
WHERE u."is_performer" OR EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."performer_id" = u."id");--> statement-breakpoint
UPDATE "subscriptions" s SET "tier_id" = t."id"
FROM "subscription_tiers" t
WHERE t."performer_id" = s."performer_id" AND t."is_default" AND s."tier_id" IS NULL;
