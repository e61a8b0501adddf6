CREATE TABLE "subscription_bundles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tier_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"months" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_bundles_months_ck" CHECK ("subscription_bundles"."months" in (3, 6, 12)),
	CONSTRAINT "subscription_bundles_discount_ck" CHECK ("subscription_bundles"."discount_percent" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "subscription_bundles" ADD CONSTRAINT "subscription_bundles_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_bundles" ADD CONSTRAINT "subscription_bundles_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_bundles_tier_months_uq" ON "subscription_bundles" USING btree ("tier_id","months");--> statement-breakpoint
CREATE INDEX "subscription_bundles_performer_idx" ON "subscription_bundles" USING btree ("performer_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "bundle_months" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "bundle_discount_percent" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "bundle_price" bigint;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renew_bundle" boolean DEFAULT false NOT NULL;
