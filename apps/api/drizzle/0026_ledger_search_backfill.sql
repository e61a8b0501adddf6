-- The backfill of 0023 again, for databases that applied 0023 before its backfill statements were
-- added (a development database migrated while it was being written). Only movements whose search
-- columns are still empty are touched; elsewhere this changes nothing.
UPDATE "ledger_transactions" t SET "amount" = s.total FROM (SELECT "transaction_id", sum("amount") FILTER (WHERE "amount" > 0) AS total FROM "ledger_entries" GROUP BY "transaction_id") s WHERE s."transaction_id" = t."id" AND s.total IS NOT NULL AND t."amount" = 0;--> statement-breakpoint
UPDATE "ledger_transactions" t SET "user_id" = a."owner_id" FROM "ledger_entries" e JOIN "ledger_accounts" a ON a."id" = e."account_id" AND a."kind" = 'wallet' WHERE e."transaction_id" = t."id" AND t."user_id" IS NULL;--> statement-breakpoint
UPDATE "ledger_transactions" t SET "performer_id" = a."owner_id" FROM "ledger_entries" e JOIN "ledger_accounts" a ON a."id" = e."account_id" AND a."kind" = 'earnings' WHERE e."transaction_id" = t."id" AND t."performer_id" IS NULL;--> statement-breakpoint
UPDATE "ledger_transactions" t SET "user_id" = coalesce(t."user_id", e."user_id"), "item_type" = e."type" FROM "earnings" e WHERE e."ledger_transaction_id" = t."id" AND t."item_type" IS NULL;
