ALTER TABLE "ledger_transactions" ADD COLUMN "amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "performer_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "item_type" text;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_created_idx" ON "subscriptions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_type_idx" ON "ledger_transactions" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_user_idx" ON "ledger_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_performer_idx" ON "ledger_transactions" USING btree ("performer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Backfill of the search columns for movements made before this migration (ledger.service.ts `post` sets them from now on).
UPDATE "ledger_transactions" t SET "amount" = s.total FROM (SELECT "transaction_id", sum("amount") FILTER (WHERE "amount" > 0) AS total FROM "ledger_entries" GROUP BY "transaction_id") s WHERE s."transaction_id" = t."id" AND s.total IS NOT NULL;--> statement-breakpoint
UPDATE "ledger_transactions" t SET "user_id" = a."owner_id" FROM "ledger_entries" e JOIN "ledger_accounts" a ON a."id" = e."account_id" AND a."kind" = 'wallet' WHERE e."transaction_id" = t."id";--> statement-breakpoint
UPDATE "ledger_transactions" t SET "performer_id" = a."owner_id" FROM "ledger_entries" e JOIN "ledger_accounts" a ON a."id" = e."account_id" AND a."kind" = 'earnings' WHERE e."transaction_id" = t."id";--> statement-breakpoint
UPDATE "ledger_transactions" t SET "user_id" = coalesce(t."user_id", e."user_id"), "item_type" = e."type" FROM "earnings" e WHERE e."ledger_transaction_id" = t."id";
