CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "earnings_user_idx" ON "earnings" USING btree ("user_id");