-- Issue 31 §4: a creator's fans (modules/fans README), kept by the fans module's event handlers.
CREATE TABLE "creator_fans" (
	"performer_id" uuid NOT NULL,
	"fan_id" uuid NOT NULL,
	"spent_total" bigint DEFAULT 0 NOT NULL,
	"spent" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"first_subscribed_at" timestamp with time zone,
	"followed_at" timestamp with time zone,
	"subscription_status" text,
	"tier_id" uuid,
	"last_activity_at" timestamp with time zone NOT NULL,
	"username_key" text DEFAULT '' NOT NULL,
	"name_key" text DEFAULT '' NOT NULL,
	"custom_name" text,
	"custom_name_key" text DEFAULT '' NOT NULL,
	"note" text,
	"sort_name" text GENERATED ALWAYS AS (coalesce(nullif(custom_name_key, ''), nullif(name_key, ''), username_key)) STORED NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_fans_pk" PRIMARY KEY("performer_id","fan_id")
);
--> statement-breakpoint
ALTER TABLE "creator_fans" ADD CONSTRAINT "creator_fans_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_fans" ADD CONSTRAINT "creator_fans_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_fans" ADD CONSTRAINT "creator_fans_tier_id_subscription_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."subscription_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_fans_spent_idx" ON "creator_fans" USING btree ("performer_id","spent_total","fan_id");--> statement-breakpoint
CREATE INDEX "creator_fans_since_idx" ON "creator_fans" USING btree ("performer_id","first_seen_at","fan_id");--> statement-breakpoint
CREATE INDEX "creator_fans_activity_idx" ON "creator_fans" USING btree ("performer_id","last_activity_at","fan_id");--> statement-breakpoint
CREATE INDEX "creator_fans_name_idx" ON "creator_fans" USING btree ("performer_id","sort_name","fan_id");--> statement-breakpoint
CREATE INDEX "creator_fans_username_key_idx" ON "creator_fans" USING btree ("performer_id","username_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "creator_fans_name_key_idx" ON "creator_fans" USING btree ("performer_id","name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "creator_fans_custom_name_key_idx" ON "creator_fans" USING btree ("performer_id","custom_name_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "creator_fans_fan_idx" ON "creator_fans" USING btree ("fan_id");--> statement-breakpoint
-- The backfill (README "Backfill"): existing earnings, subscriptions and follows, once; the handlers keep it from here.
INSERT INTO "creator_fans" ("performer_id", "fan_id", "spent_total", "spent", "first_seen_at", "first_subscribed_at", "followed_at", "subscription_status", "tier_id", "last_activity_at", "username_key", "name_key")
SELECT p.performer_id, p.fan_id, coalesce(m.total, 0), coalesce(m.spent, '{}'::jsonb),
  least(m.first_at, s.starts_at, f.created_at), s.starts_at, f.created_at, s.status, s.tier_id,
  coalesce(greatest(m.last_at, s.starts_at, f.created_at), least(m.first_at, s.starts_at, f.created_at)),
  lower(trim(coalesce(u.username, ''))), lower(trim(u.name))
FROM (
  SELECT performer_id, user_id AS fan_id FROM earnings WHERE user_id IS NOT NULL AND channel <> 'referral'
  UNION SELECT performer_id, user_id FROM subscriptions
  UNION SELECT following_id, follower_id FROM follows
) p
JOIN users u ON u.id = p.fan_id
LEFT JOIN (
  SELECT performer_id, fan_id, sum(amount) AS total, jsonb_object_agg(channel, amount) AS spent, min(first_at) AS first_at, max(last_at) AS last_at
  FROM (
    SELECT performer_id, user_id AS fan_id, channel, sum(gross + tax) AS amount, min(created_at) AS first_at,
      max(created_at) FILTER (WHERE reverses_id IS NULL AND channel <> 'subscription') AS last_at
    FROM earnings WHERE user_id IS NOT NULL AND channel <> 'referral' GROUP BY 1, 2, 3
  ) c GROUP BY 1, 2
) m ON m.performer_id = p.performer_id AND m.fan_id = p.fan_id
LEFT JOIN subscriptions s ON s.performer_id = p.performer_id AND s.user_id = p.fan_id
LEFT JOIN follows f ON f.following_id = p.performer_id AND f.follower_id = p.fan_id
WHERE p.fan_id <> p.performer_id;
