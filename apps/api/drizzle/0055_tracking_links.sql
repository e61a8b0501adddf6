CREATE TABLE "tracking_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_clicks" (
	"link_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "tracking_clicks_pk" PRIMARY KEY("link_id","visitor_id","day")
);
--> statement-breakpoint
CREATE TABLE "tracking_visitors" (
	"link_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"first_day" date NOT NULL,
	CONSTRAINT "tracking_visitors_pk" PRIMARY KEY("link_id","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "tracking_attributions" (
	"user_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"via" text NOT NULL,
	"touched_at" timestamp with time zone NOT NULL,
	"attributed_at" timestamp with time zone NOT NULL,
	"followed_at" timestamp with time zone,
	"subscribed_at" timestamp with time zone,
	CONSTRAINT "tracking_attributions_pk" PRIMARY KEY("user_id","performer_id"),
	CONSTRAINT "tracking_attributions_via" CHECK ("tracking_attributions"."via" in ('signup', 'click'))
);
--> statement-breakpoint
CREATE TABLE "tracking_daily" (
	"link_id" uuid NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"follows" integer DEFAULT 0 NOT NULL,
	"subscriptions" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tracking_daily_pk" PRIMARY KEY("link_id","day")
);
--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_clicks" ADD CONSTRAINT "tracking_clicks_link_id_tracking_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracking_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_visitors" ADD CONSTRAINT "tracking_visitors_link_id_tracking_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracking_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_attributions" ADD CONSTRAINT "tracking_attributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_attributions" ADD CONSTRAINT "tracking_attributions_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_attributions" ADD CONSTRAINT "tracking_attributions_link_id_tracking_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracking_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_daily" ADD CONSTRAINT "tracking_daily_link_id_tracking_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."tracking_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_code_uq" ON "tracking_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tracking_links_performer_idx" ON "tracking_links" USING btree ("performer_id","created_at");--> statement-breakpoint
CREATE INDEX "tracking_attributions_link_idx" ON "tracking_attributions" USING btree ("link_id");
