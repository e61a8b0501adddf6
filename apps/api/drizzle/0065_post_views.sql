-- Post views (issue 31; modules/feeds README "Post views"): one row per viewer × post × UTC day, the per-day dedupe of a counted view.
CREATE TABLE "feed_views" (
	"feed_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "feed_views_pk" PRIMARY KEY("user_id","day","feed_id")
);
--> statement-breakpoint
ALTER TABLE "feed_views" ADD CONSTRAINT "feed_views_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "feed_views" ADD CONSTRAINT "feed_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "feed_views_day_idx" ON "feed_views" USING btree ("day");
--> statement-breakpoint
-- Sources of new fans (modules/statistics README): new subscribers who claimed a promotion (campaign or free-trial link) and did not come through a tracking link.
ALTER TABLE "stats_audience_daily" ADD COLUMN "new_from_promotions" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "stats_audience_daily" d SET "new_from_promotions" = x."n"
FROM (
	SELECT s."performer_id", (s."created_at" AT TIME ZONE 'UTC')::date AS "day", count(*)::int AS "n"
	FROM "subscriptions" s
	WHERE EXISTS (SELECT 1 FROM "promotion_claims" pc WHERE pc."subscription_id" = s."id" AND pc."current")
		AND NOT EXISTS (SELECT 1 FROM "tracking_attributions" ta WHERE ta."user_id" = s."user_id" AND ta."performer_id" = s."performer_id" AND ta."attributed_at" <= s."created_at")
	GROUP BY 1, 2
) x
WHERE d."performer_id" = x."performer_id" AND d."day" = x."day";
