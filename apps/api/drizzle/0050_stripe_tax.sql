ALTER TABLE "sale_taxes" ADD COLUMN "provider" text DEFAULT 'rules' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_taxes" ADD COLUMN "calculation_id" text;--> statement-breakpoint
ALTER TABLE "sale_taxes" ADD COLUMN "stripe_transaction_id" text;--> statement-breakpoint
ALTER TABLE "sale_taxes" ADD CONSTRAINT "sale_taxes_provider_check" CHECK ("sale_taxes"."provider" in ('rules', 'stripe_tax'));--> statement-breakpoint
CREATE INDEX "sale_taxes_stripe_pending_idx" ON "sale_taxes" USING btree ("created_at") WHERE "sale_taxes"."provider" = 'stripe_tax' and "sale_taxes"."stripe_transaction_id" is null;--> statement-breakpoint
CREATE TABLE "stripe_tax_rates" (
	"rule_id" uuid NOT NULL,
	"rate_bps" integer NOT NULL,
	"inclusive" boolean NOT NULL,
	"tax_rate_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_tax_rates_rule_id_rate_bps_inclusive_pk" PRIMARY KEY("rule_id","rate_bps","inclusive")
);
--> statement-breakpoint
CREATE TABLE "subscription_taxes" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"inclusive" boolean NOT NULL,
	"tax_rate_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_tax_reversals" (
	"earning_id" uuid PRIMARY KEY NOT NULL,
	"sale_source" text NOT NULL,
	"transaction_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_tax_rates" ADD CONSTRAINT "stripe_tax_rates_rule_id_tax_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."tax_rules"("id") ON DELETE cascade ON UPDATE no action;
