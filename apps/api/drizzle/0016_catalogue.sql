CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"access" text DEFAULT 'free' NOT NULL,
	"price" integer,
	"file_id" uuid,
	"teaser_file_id" uuid,
	"thumbnail_file_id" uuid,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"total_view" integer DEFAULT 0 NOT NULL,
	"total_like" integer DEFAULT 0 NOT NULL,
	"total_comment" integer DEFAULT 0 NOT NULL,
	"total_bookmark" integer DEFAULT 0 NOT NULL,
	"total_sale" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("title", '') || ' ' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_price_ck" CHECK (("videos"."access" = 'sale') = ("videos"."price" is not null and "videos"."price" > 0))
);
--> statement-breakpoint
CREATE TABLE "galleries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"access" text DEFAULT 'free' NOT NULL,
	"price" integer,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_photo" integer DEFAULT 0 NOT NULL,
	"total_view" integer DEFAULT 0 NOT NULL,
	"total_like" integer DEFAULT 0 NOT NULL,
	"total_comment" integer DEFAULT 0 NOT NULL,
	"total_bookmark" integer DEFAULT 0 NOT NULL,
	"total_sale" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("title", '') || ' ' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "galleries_price_ck" CHECK (("galleries"."access" = 'sale') = ("galleries"."price" is not null and "galleries"."price" > 0))
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gallery_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"price" integer NOT NULL,
	"stock" integer,
	"shipping_fee" integer DEFAULT 0 NOT NULL,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"digital_file_id" uuid,
	"total_sold" integer DEFAULT 0 NOT NULL,
	"total_view" integer DEFAULT 0 NOT NULL,
	"total_like" integer DEFAULT 0 NOT NULL,
	"total_comment" integer DEFAULT 0 NOT NULL,
	"total_bookmark" integer DEFAULT 0 NOT NULL,
	"total_download" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce("name", '') || ' ' || coalesce("description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_stock_ck" CHECK ("products"."stock" is null or "products"."stock" >= 0),
	CONSTRAINT "products_price_ck" CHECK ("products"."price" > 0 and "products"."shipping_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"buyer_id" uuid NOT NULL,
	"performer_id" uuid NOT NULL,
	"product_id" uuid,
	"charge_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"product_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"shipping_fee" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"delivery_address_id" uuid,
	"delivery_address" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"delivery_status" text NOT NULL,
	"tracking_code" text,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_ledger_transaction_id" uuid,
	"total_download" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_teaser_file_id_files_id_fk" FOREIGN KEY ("teaser_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_thumbnail_file_id_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_digital_file_id_files_id_fk" FOREIGN KEY ("digital_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charge_id_wallet_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."wallet_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_address_id_addresses_id_fk" FOREIGN KEY ("delivery_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("refund_ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_performer_publish_idx" ON "videos" USING btree ("performer_id","publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "videos_publish_idx" ON "videos" USING btree ("publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "videos"."status" = 'active';--> statement-breakpoint
CREATE INDEX "videos_unpublished_idx" ON "videos" USING btree ("publish_at") WHERE "videos"."published_at" is null and "videos"."status" = 'active';--> statement-breakpoint
CREATE INDEX "videos_tags_idx" ON "videos" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "galleries_performer_publish_idx" ON "galleries" USING btree ("performer_id","publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "galleries_publish_idx" ON "galleries" USING btree ("publish_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "galleries"."status" = 'active';--> statement-breakpoint
CREATE INDEX "galleries_search_idx" ON "galleries" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "photos_gallery_idx" ON "photos" USING btree ("gallery_id","position","id");--> statement-breakpoint
CREATE INDEX "photos_performer_idx" ON "photos" USING btree ("performer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "photos_file_idx" ON "photos" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_gallery_cover_uq" ON "photos" USING btree ("gallery_id") WHERE "photos"."is_cover";--> statement-breakpoint
CREATE INDEX "products_performer_created_idx" ON "products" USING btree ("performer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_active_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_charge_uq" ON "orders" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_performer_idx" ON "orders" USING btree ("performer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_performer_status_idx" ON "orders" USING btree ("performer_id","delivery_status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_buyer_product_idx" ON "orders" USING btree ("buyer_id","product_id") WHERE "orders"."refunded_at" is null;