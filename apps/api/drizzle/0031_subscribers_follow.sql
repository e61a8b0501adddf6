-- Subscribing follows (issue 26 §4.10; follows/README.md): fans with a subscription that grants
-- access now (active, or cancelled but paid up) follow its creator, unless a block stands between
-- them; new subscriptions do it through the `fan.subscribed` handler. Then every creator's count
-- is the number of their follow rows again.
INSERT INTO "follows" ("follower_id", "following_id")
SELECT s."user_id", s."performer_id" FROM "subscriptions" s
WHERE s."status" IN ('active', 'cancelled') AND s."expires_at" > now()
  AND NOT EXISTS (
    SELECT 1 FROM "user_blocks" b
    WHERE (b."blocker_id" = s."user_id" AND b."target_id" = s."performer_id") OR (b."blocker_id" = s."performer_id" AND b."target_id" = s."user_id")
  )
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "follower_counts" ("performer_id", "total")
SELECT "following_id", count(*)::int FROM "follows" GROUP BY "following_id"
ON CONFLICT ("performer_id") DO UPDATE SET "total" = excluded."total";
