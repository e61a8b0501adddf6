CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"percentage" integer,
	"months" integer,
	"days" integer,
	"audience" text DEFAULT 'new' NOT NULL,
	"tier_id" uuid,
	"max_claims" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_ck" CHECK ("promotions"."kind" in ('discount', 'trial', 'trial_link')),
	CONSTRAINT "promotions_audience_ck" CHECK ("promotions"."audience" in ('new', 'expired', 'both')),
	CONSTRAINT "promotions_shape_ck" CHECK (("promotions"."kind" = 'discount' and "promotions"."percentage" between 1 and 99 and "promotions"."months" between 1 and 12 and "promotions"."days" is null) or ("promotions"."kind" <> 'discount' and "promotions"."days" between 1 and 90 and "promotions"."percentage" is null and "promotions"."months" is null)),
	CONSTRAINT "promotions_code_ck" CHECK (("promotions"."kind" = 'trial_link') = ("promotions"."code" is not null)),
	CONSTRAINT "promotions_claims_ck" CHECK ("promotions"."claimed" >= 0 and "promotions"."claimed" <= "promotions"."max_claims")
);
--> statement-breakpoint
CREATE TABLE "promotion_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"promotion_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"source" text NOT NULL,
	"periods_left" integer DEFAULT 0 NOT NULL,
	"paid_periods" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_claims" ADD CONSTRAINT "promotion_claims_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_performer_idx" ON "promotions" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "promotions_running_idx" ON "promotions" USING btree ("performer_id","ends_at") WHERE "promotions"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_uq" ON "promotions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_promotion_user_uq" ON "promotion_claims" USING btree ("promotion_id","user_id");--> statement-breakpoint
CREATE INDEX "promotion_claims_subscription_idx" ON "promotion_claims" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_claims_source_uq" ON "promotion_claims" USING btree ("source");
