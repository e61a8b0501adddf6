ALTER TABLE "sessions" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "client_device" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "client_device" text;--> statement-breakpoint
CREATE INDEX "sessions_client_idx" ON "sessions" USING btree ("created_at") WHERE "sessions"."client_ip" is not null or "sessions"."client_device" is not null;--> statement-breakpoint
CREATE INDEX "payment_transactions_client_idx" ON "payment_transactions" USING btree ("created_at") WHERE "payment_transactions"."client_ip" is not null or "payment_transactions"."client_device" is not null;