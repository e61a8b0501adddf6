CREATE TABLE "fan_list_members" (
	"list_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_list_members_list_id_user_id_pk" PRIMARY KEY("list_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "fan_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mass_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" integer,
	"audience" text NOT NULL,
	"list_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"cursor" uuid,
	"delivered" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_entries" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"folder_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vault_folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"performer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fan_list_members" ADD CONSTRAINT "fan_list_members_list_id_fan_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."fan_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_list_members" ADD CONSTRAINT "fan_list_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_lists" ADD CONSTRAINT "fan_lists_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_messages" ADD CONSTRAINT "mass_messages_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_entries" ADD CONSTRAINT "vault_entries_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_entries" ADD CONSTRAINT "vault_entries_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_entries" ADD CONSTRAINT "vault_entries_folder_id_vault_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."vault_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_folders" ADD CONSTRAINT "vault_folders_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fan_list_members_list_created_idx" ON "fan_list_members" USING btree ("list_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_lists_performer_name_uq" ON "fan_lists" USING btree ("performer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "mass_messages_performer_idx" ON "mass_messages" USING btree ("performer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "mass_messages_pending_idx" ON "mass_messages" USING btree ("scheduled_at") WHERE "mass_messages"."status" in ('scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "vault_entries_folder_idx" ON "vault_entries" USING btree ("folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vault_folders_performer_name_uq" ON "vault_folders" USING btree ("performer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "files_owner_media_idx" ON "files" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "files"."media_type" is not null;