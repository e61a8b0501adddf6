CREATE TABLE "tax_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"inclusive" boolean NOT NULL,
	"kinds" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rules_rate_range" CHECK ("tax_rules"."rate_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "tax_residences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"country" text,
	"region" text DEFAULT '' NOT NULL,
	"seen_country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_taxes" (
	"source" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"rule_id" uuid,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"inclusive" boolean NOT NULL,
	"net" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "tax_country" text;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "tax_region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "tax" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_residences" ADD CONSTRAINT "tax_residences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_taxes" ADD CONSTRAINT "sale_taxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_taxes" ADD CONSTRAINT "sale_taxes_rule_id_tax_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."tax_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rules_place_uq" ON "tax_rules" USING btree ("country","region");--> statement-breakpoint
CREATE INDEX "tax_rules_updated_idx" ON "tax_rules" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "sale_taxes_user_idx" ON "sale_taxes" USING btree ("user_id","created_at");
