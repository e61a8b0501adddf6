CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"performer_id" uuid,
	"gateway" text NOT NULL,
	"gateway_ref" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"due_by" timestamp with time zone,
	"fee" bigint DEFAULT 0 NOT NULL,
	"fee_returned" bigint DEFAULT 0 NOT NULL,
	"from_wallet" bigint DEFAULT 0 NOT NULL,
	"from_earnings" bigint DEFAULT 0 NOT NULL,
	"commission_held" bigint DEFAULT 0 NOT NULL,
	"at_stake" bigint DEFAULT 0 NOT NULL,
	"locks_content" boolean DEFAULT false NOT NULL,
	"held_at" timestamp with time zone,
	"reinstated_at" timestamp with time zone,
	"lost_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"evidence_submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payment_transactions_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_gateway_ref_uq" ON "disputes" USING btree ("gateway","gateway_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_payment_uq" ON "disputes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "disputes_created_idx" ON "disputes" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "disputes_status_created_idx" ON "disputes" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "disputes_due_idx" ON "disputes" USING btree ("due_by","id");--> statement-breakpoint
CREATE INDEX "disputes_user_idx" ON "disputes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_open_user_idx" ON "disputes" USING btree ("user_id") WHERE "disputes"."closed_at" is null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_non_negative";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_wallet_non_negative" CHECK ("ledger_accounts"."kind" <> 'wallet' or "ledger_accounts"."balance" >= 0);--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "charge_ref" text;--> statement-breakpoint
CREATE INDEX "payment_transactions_charge_ref_idx" ON "payment_transactions" USING btree ("gateway","charge_ref");--> statement-breakpoint
CREATE INDEX "payment_transactions_created_idx" ON "payment_transactions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
UPDATE "payment_transactions" SET "charge_ref" = "gateway_ref" WHERE "gateway_ref" IS NOT NULL AND ("type" = 'wallet_topup' OR "gateway" = 'sandbox');--> statement-breakpoint
UPDATE "payment_transactions" p SET "charge_ref" = e."pi" FROM (
	SELECT "payload"->'data'->'object'->>'id' AS "invoice", max("payload"->'data'->'object'->'payments'->'data'->0->'payment'->>'payment_intent') AS "pi"
	FROM "webhook_events" WHERE "type" IN ('invoice.paid', 'invoice.payment_succeeded') GROUP BY 1
) e WHERE p."gateway" = 'stripe' AND p."type" = 'subscription' AND p."gateway_ref" = e."invoice" AND e."pi" IS NOT NULL AND p."charge_ref" IS NULL;--> statement-breakpoint
ALTER TABLE "earnings" ADD COLUMN "reverses_id" uuid;--> statement-breakpoint
CREATE INDEX "earnings_reverses_idx" ON "earnings" USING btree ("reverses_id");--> statement-breakpoint
UPDATE "earnings" r SET "reverses_id" = s."id" FROM "earnings" s WHERE r."source" = 'refund:' || s."source" AND r."reverses_id" IS NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "suspended_by_dispute" uuid;
