CREATE TABLE "private_show_minutes" (
	"stream_id" uuid NOT NULL,
	"minute" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_show_minutes_stream_id_minute_pk" PRIMARY KEY("stream_id","minute")
);
--> statement-breakpoint
CREATE TABLE "stream_bans" (
	"performer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"until" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	"by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_bans_performer_id_user_id_pk" PRIMARY KEY("performer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stream_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stream_id" uuid NOT NULL,
	"sender_id" uuid,
	"type" text DEFAULT 'text' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"amount" bigint,
	"charge_id" uuid,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"cleared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_moderators" (
	"performer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stream_moderators_performer_id_user_id_pk" PRIMARY KEY("performer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stream_private_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rate" bigint NOT NULL,
	"conversation_id" uuid NOT NULL,
	"stream_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_settings" (
	"performer_id" uuid PRIMARY KEY NOT NULL,
	"private_rate" bigint,
	"group_price" bigint,
	"public_access" text DEFAULT 'followers' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stream_viewers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stream_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "streams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"access" text DEFAULT 'followers' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" bigint,
	"status" text DEFAULT 'live' NOT NULL,
	"provider" text NOT NULL,
	"channel" text NOT NULL,
	"room_id" bigint,
	"room_secret" text,
	"room_pin" text,
	"private_fan_id" uuid,
	"private_request_id" uuid,
	"conversation_id" uuid NOT NULL,
	"viewer_count" integer DEFAULT 0 NOT NULL,
	"tip_goal" bigint,
	"tips_total" bigint DEFAULT 0 NOT NULL,
	"slow_mode_seconds" integer DEFAULT 0 NOT NULL,
	"publishing" boolean DEFAULT false NOT NULL,
	"notified" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "private_show_minutes" ADD CONSTRAINT "private_show_minutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_show_minutes" ADD CONSTRAINT "private_show_minutes_charge_id_wallet_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."wallet_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_bans" ADD CONSTRAINT "stream_bans_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_bans" ADD CONSTRAINT "stream_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_messages" ADD CONSTRAINT "stream_messages_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_messages" ADD CONSTRAINT "stream_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_moderators" ADD CONSTRAINT "stream_moderators_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_moderators" ADD CONSTRAINT "stream_moderators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_private_requests" ADD CONSTRAINT "stream_private_requests_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_private_requests" ADD CONSTRAINT "stream_private_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_settings" ADD CONSTRAINT "stream_settings_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_viewers" ADD CONSTRAINT "stream_viewers_stream_id_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_viewers" ADD CONSTRAINT "stream_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_private_fan_id_users_id_fk" FOREIGN KEY ("private_fan_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stream_messages_stream_idx" ON "stream_messages" USING btree ("stream_id","created_at" DESC NULLS LAST) WHERE "stream_messages"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stream_messages_sender_idx" ON "stream_messages" USING btree ("stream_id","sender_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "stream_messages_charge_uq" ON "stream_messages" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "stream_moderators_user_idx" ON "stream_moderators" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stream_private_requests_pending_uq" ON "stream_private_requests" USING btree ("performer_id","user_id") WHERE "stream_private_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "stream_private_requests_performer_idx" ON "stream_private_requests" USING btree ("performer_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stream_private_requests_user_idx" ON "stream_private_requests" USING btree ("user_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "stream_viewers_open_uq" ON "stream_viewers" USING btree ("stream_id","user_id") WHERE "stream_viewers"."left_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stream_viewers_seen_idx" ON "stream_viewers" USING btree ("last_seen_at") WHERE "stream_viewers"."left_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "streams_one_live_uq" ON "streams" USING btree ("performer_id") WHERE "streams"."status" = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX "streams_conversation_uq" ON "streams" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "streams_live_idx" ON "streams" USING btree ("status","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "streams_performer_idx" ON "streams" USING btree ("performer_id","started_at" DESC NULLS LAST);