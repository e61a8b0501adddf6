CREATE TABLE "sandbox_balance_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_balance_transactions_source_uq" ON "sandbox_balance_transactions" USING btree ("type","source");--> statement-breakpoint
CREATE INDEX "sandbox_balance_transactions_created_idx" ON "sandbox_balance_transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"started_by" uuid,
	"mismatches" integer DEFAULT 0 NOT NULL,
	"totals" jsonb,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "reconciliation_runs_period_idx" ON "reconciliation_runs" USING btree ("gateway","period_start","period_end","finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_one_running_uq" ON "reconciliation_runs" USING btree ("gateway","period_start","period_end") WHERE "reconciliation_runs"."status" = 'running';--> statement-breakpoint
CREATE TABLE "reconciliation_mismatches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_kind" text NOT NULL,
	"gateway_ref" text,
	"gateway_transactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ledger_references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gateway_amount" bigint,
	"ledger_amount" bigint,
	"gateway_fee" bigint,
	"ledger_fee" bigint,
	"payment_id" uuid,
	"dispute_id" uuid,
	"event_id" text,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD CONSTRAINT "reconciliation_mismatches_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_mismatches_run_idx" ON "reconciliation_mismatches" USING btree ("run_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "reconciliation_mismatches_run_kind_idx" ON "reconciliation_mismatches" USING btree ("run_id","kind","occurred_at","id");--> statement-breakpoint
-- The sandbox's books for what it did before they existed: its paid charges, succeeded refunds and disputes' withdrawals and reinstatements.
INSERT INTO "sandbox_balance_transactions" ("id", "type", "source", "amount", "fee", "currency", "description", "created_at")
SELECT gen_random_uuid(), 'charge', coalesce(p."charge_ref", p."gateway_ref"), p."amount", 0, 'usd', p."description", lt."created_at"
FROM "payment_transactions" p JOIN "ledger_transactions" lt ON lt."id" = p."ledger_transaction_id"
WHERE p."gateway" = 'sandbox' AND p."status" IN ('succeeded', 'refunded') AND coalesce(p."charge_ref", p."gateway_ref") IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sandbox_balance_transactions" ("id", "type", "source", "amount", "fee", "currency", "description", "created_at")
SELECT gen_random_uuid(), 'refund', r."gateway_ref", -r."amount", 0, 'usd', r."reason", r."updated_at"
FROM "payment_refunds" r WHERE r."gateway" = 'sandbox' AND r."status" = 'succeeded' AND r."gateway_ref" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sandbox_balance_transactions" ("id", "type", "source", "amount", "fee", "currency", "description", "created_at")
SELECT gen_random_uuid(), 'dispute', d."gateway_ref", -d."amount", d."fee", d."currency", 'Dispute withdrawal', d."held_at"
FROM "disputes" d WHERE d."gateway" = 'sandbox' AND d."held_at" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "sandbox_balance_transactions" ("id", "type", "source", "amount", "fee", "currency", "description", "created_at")
SELECT gen_random_uuid(), 'dispute_reversal', d."gateway_ref", d."amount", -d."fee_returned", d."currency", 'Dispute reinstatement', d."reinstated_at"
FROM "disputes" d WHERE d."gateway" = 'sandbox' AND d."reinstated_at" IS NOT NULL
ON CONFLICT DO NOTHING;
