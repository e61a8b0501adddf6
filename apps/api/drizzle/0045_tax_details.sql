CREATE TABLE "creator_tax_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"entity_type" text NOT NULL,
	"country" text NOT NULL,
	"details_sealed" text NOT NULL,
	"certified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_payout_secrets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"banking_sealed" text,
	"tax_id_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_tax_details" ADD CONSTRAINT "creator_tax_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_payout_secrets" ADD CONSTRAINT "creator_payout_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earnings_ledger_tx_idx" ON "earnings" USING btree ("ledger_transaction_id");
