-- Issue 31 §2: the tip menu (modules/tipmenu README).
CREATE TABLE "tip_menu_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" bigint NOT NULL,
	"keyword" text,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_menu_items_price_ck" CHECK ("tip_menu_items"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "tip_menu_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"item_id" uuid,
	"performer_id" uuid NOT NULL,
	"fan_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"price" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"stream_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"charge_id" uuid NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_menu_orders_status_ck" CHECK ("tip_menu_orders"."status" in ('pending', 'done'))
);
--> statement-breakpoint
ALTER TABLE "tip_menu_items" ADD CONSTRAINT "tip_menu_items_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_menu_orders" ADD CONSTRAINT "tip_menu_orders_item_id_tip_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."tip_menu_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_menu_orders" ADD CONSTRAINT "tip_menu_orders_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_menu_orders" ADD CONSTRAINT "tip_menu_orders_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_menu_orders" ADD CONSTRAINT "tip_menu_orders_charge_id_wallet_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."wallet_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tip_menu_items_performer_idx" ON "tip_menu_items" USING btree ("performer_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tip_menu_items_keyword_uq" ON "tip_menu_items" USING btree ("performer_id","keyword");--> statement-breakpoint
CREATE INDEX "tip_menu_orders_performer_idx" ON "tip_menu_orders" USING btree ("performer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tip_menu_orders_fan_idx" ON "tip_menu_orders" USING btree ("fan_id","created_at");--> statement-breakpoint
CREATE INDEX "tip_menu_orders_item_idx" ON "tip_menu_orders" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tip_menu_orders_charge_uq" ON "tip_menu_orders" USING btree ("charge_id");
