-- Statistics rollups (issue 31 §5; modules/statistics README): kept by the statistics event handlers, filled for the past here.
CREATE TABLE "stats_money_daily" (
	"performer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"reversals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_money_daily_pk" PRIMARY KEY("performer_id","day","channel","source")
);
--> statement-breakpoint
ALTER TABLE "stats_money_daily" ADD CONSTRAINT "stats_money_daily_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stats_money_daily_day_idx" ON "stats_money_daily" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "stats_earnings_counted" (
	"earning_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_audience_daily" (
	"performer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"followers_gained" integer DEFAULT 0 NOT NULL,
	"followers_lost" integer DEFAULT 0 NOT NULL,
	"subscribers_new" integer DEFAULT 0 NOT NULL,
	"subscribers_churned" integer DEFAULT 0 NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	"new_from_links" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_audience_daily_pk" PRIMARY KEY("performer_id","day")
);
--> statement-breakpoint
ALTER TABLE "stats_audience_daily" ADD CONSTRAINT "stats_audience_daily_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stats_audience_daily_day_idx" ON "stats_audience_daily" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "stats_fan_months" (
	"performer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"cohort_month" date NOT NULL,
	CONSTRAINT "stats_fan_months_pk" PRIMARY KEY("performer_id","user_id","month")
);
--> statement-breakpoint
ALTER TABLE "stats_fan_months" ADD CONSTRAINT "stats_fan_months_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "stats_cohorts" (
	"performer_id" uuid NOT NULL,
	"cohort_month" date NOT NULL,
	"active_month" date NOT NULL,
	"fans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_cohorts_pk" PRIMARY KEY("performer_id","cohort_month","active_month")
);
--> statement-breakpoint
ALTER TABLE "stats_cohorts" ADD CONSTRAINT "stats_cohorts_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stats_cohorts_month_idx" ON "stats_cohorts" USING btree ("cohort_month");
--> statement-breakpoint
CREATE TABLE "stats_content_daily" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"day" date NOT NULL,
	"performer_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"unlocks" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_content_daily_pk" PRIMARY KEY("kind","item_id","day")
);
--> statement-breakpoint
ALTER TABLE "stats_content_daily" ADD CONSTRAINT "stats_content_daily_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stats_content_daily_performer_idx" ON "stats_content_daily" USING btree ("performer_id","day");
--> statement-breakpoint
CREATE INDEX "stats_content_daily_day_idx" ON "stats_content_daily" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "stats_engagement_hours" (
	"performer_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"hour" smallint NOT NULL,
	"engagement" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stats_engagement_hours_pk" PRIMARY KEY("performer_id","weekday","hour")
);
--> statement-breakpoint
ALTER TABLE "stats_engagement_hours" ADD CONSTRAINT "stats_engagement_hours_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Backfill: money from every earnings row (claimed in stats_earnings_counted, so the handler never counts it again).
INSERT INTO "stats_earnings_counted" ("earning_id") SELECT "id" FROM "earnings";
--> statement-breakpoint
INSERT INTO "stats_money_daily" ("performer_id", "day", "channel", "source", "gross", "net", "tax", "sales", "reversals")
SELECT e."performer_id", (e."created_at" AT TIME ZONE 'UTC')::date, e."channel",
	CASE WHEN e."channel" = 'referral' THEN 'referral' WHEN ta."user_id" IS NOT NULL THEN 'tracking_link' ELSE 'organic' END,
	sum(e."gross"), sum(e."net"), sum(e."tax"),
	count(*) FILTER (WHERE e."reverses_id" IS NULL), count(*) FILTER (WHERE e."reverses_id" IS NOT NULL)
FROM "earnings" e
LEFT JOIN "tracking_attributions" ta ON ta."user_id" = e."user_id" AND ta."performer_id" = e."performer_id" AND ta."attributed_at" <= e."created_at"
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Audience: today's followers by the day they followed; subscriptions by the day they started and (expired) ended.
INSERT INTO "stats_audience_daily" ("performer_id", "day", "followers_gained", "subscribers_new", "subscribers_churned", "new_from_links")
SELECT "performer_id", "day", sum("fg")::int, sum("sn")::int, sum("sc")::int, sum("nl")::int FROM (
	SELECT f."following_id" AS "performer_id", (f."created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "fg", 0 AS "sn", 0 AS "sc", 0 AS "nl"
	FROM "follows" f JOIN "users" u ON u."id" = f."following_id" AND u."is_performer"
	UNION ALL
	SELECT s."performer_id", (s."created_at" AT TIME ZONE 'UTC')::date, 0, 1, 0,
		CASE WHEN EXISTS (SELECT 1 FROM "tracking_attributions" ta WHERE ta."user_id" = s."user_id" AND ta."performer_id" = s."performer_id" AND ta."attributed_at" <= s."created_at") THEN 1 ELSE 0 END
	FROM "subscriptions" s
	UNION ALL
	SELECT s."performer_id", (s."expires_at" AT TIME ZONE 'UTC')::date, 0, 0, 1, 0 FROM "subscriptions" s WHERE s."status" = 'expired'
) x GROUP BY 1, 2;
--> statement-breakpoint
-- Cohorts: each subscription's months from its start to its end (or now).
INSERT INTO "stats_fan_months" ("performer_id", "user_id", "month", "cohort_month")
SELECT s."performer_id", s."user_id", m::date, date_trunc('month', s."created_at" AT TIME ZONE 'UTC')::date
FROM "subscriptions" s,
	generate_series(date_trunc('month', s."created_at" AT TIME ZONE 'UTC'), date_trunc('month', least(s."expires_at", now()) AT TIME ZONE 'UTC'), interval '1 month') m
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "stats_cohorts" ("performer_id", "cohort_month", "active_month", "fans")
SELECT "performer_id", "cohort_month", "month", count(*)::int FROM "stats_fan_months" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Content: likes, comments and unlocks of posts, videos and galleries by day (views are counted from now on).
INSERT INTO "stats_content_daily" ("kind", "item_id", "day", "performer_id", "likes", "comments", "unlocks", "revenue")
SELECT x."kind", x."item_id", x."day", x."performer_id", sum(x."l")::int, sum(x."c")::int, sum(x."u")::int, sum(x."r") FROM (
	SELECT r."object_type" AS "kind", r."object_id" AS "item_id", (r."created_at" AT TIME ZONE 'UTC')::date AS "day", i."performer_id", 1 AS "l", 0 AS "c", 0 AS "u", 0::bigint AS "r"
	FROM "reactions" r JOIN (SELECT 'feed' AS k, "id", "performer_id" FROM "feeds" UNION ALL SELECT 'video', "id", "performer_id" FROM "videos" UNION ALL SELECT 'gallery', "id", "performer_id" FROM "galleries") i ON i.k = r."object_type" AND i."id" = r."object_id"
	WHERE r."action" = 'like'
	UNION ALL
	SELECT c."object_type", c."object_id", (c."created_at" AT TIME ZONE 'UTC')::date, i."performer_id", 0, 1, 0, 0
	FROM "comments" c JOIN (SELECT 'feed' AS k, "id", "performer_id" FROM "feeds" UNION ALL SELECT 'video', "id", "performer_id" FROM "videos" UNION ALL SELECT 'gallery', "id", "performer_id" FROM "galleries") i ON i.k = c."object_type" AND i."id" = c."object_id"
	UNION ALL
	SELECT p."item_type", p."item_id", (p."created_at" AT TIME ZONE 'UTC')::date, p."performer_id", 0, 0, 1, p."amount"
	FROM "purchases" p WHERE p."item_type" IN ('feed', 'video', 'gallery')
) x GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO "stats_engagement_hours" ("performer_id", "weekday", "hour", "engagement")
SELECT x."performer_id", extract(dow FROM x."at" AT TIME ZONE 'UTC')::smallint, extract(hour FROM x."at" AT TIME ZONE 'UTC')::smallint, count(*)::int FROM (
	SELECT i."performer_id", r."created_at" AS "at" FROM "reactions" r JOIN (SELECT 'feed' AS k, "id", "performer_id" FROM "feeds" UNION ALL SELECT 'video', "id", "performer_id" FROM "videos" UNION ALL SELECT 'gallery', "id", "performer_id" FROM "galleries") i ON i.k = r."object_type" AND i."id" = r."object_id" WHERE r."action" = 'like'
	UNION ALL
	SELECT i."performer_id", c."created_at" FROM "comments" c JOIN (SELECT 'feed' AS k, "id", "performer_id" FROM "feeds" UNION ALL SELECT 'video', "id", "performer_id" FROM "videos" UNION ALL SELECT 'gallery', "id", "performer_id" FROM "galleries") i ON i.k = c."object_type" AND i."id" = c."object_id"
	UNION ALL
	SELECT p."performer_id", p."created_at" FROM "purchases" p WHERE p."item_type" IN ('feed', 'video', 'gallery')
) x GROUP BY 1, 2, 3;
