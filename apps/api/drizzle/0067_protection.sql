CREATE TABLE "protection_viewer_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_viewer_codes_code_uq" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "protection_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"visible" boolean NOT NULL,
	"position" text NOT NULL,
	"opacity" integer NOT NULL,
	"forensic" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"media_kind" text DEFAULT 'image' NOT NULL,
	"forensic" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_hashes" (
	"file_id" uuid NOT NULL,
	"frame" integer DEFAULT 0 NOT NULL,
	"media_kind" text DEFAULT 'image' NOT NULL,
	"owner_id" uuid NOT NULL,
	"hash" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_hashes_pk" PRIMARY KEY("file_id","frame")
);
--> statement-breakpoint
CREATE TABLE "protection_traces" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"media_kind" text DEFAULT 'image' NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"file_id" uuid,
	"rendition" text,
	"distance" integer,
	"viewer_id" uuid,
	"code" bigint,
	"confidence" real,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "protection_viewer_codes" ADD CONSTRAINT "protection_viewer_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_settings" ADD CONSTRAINT "protection_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_files" ADD CONSTRAINT "protection_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_files" ADD CONSTRAINT "protection_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_hashes" ADD CONSTRAINT "protection_hashes_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_hashes" ADD CONSTRAINT "protection_hashes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_traces" ADD CONSTRAINT "protection_traces_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_traces" ADD CONSTRAINT "protection_traces_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_traces" ADD CONSTRAINT "protection_traces_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_hashes_owner_idx" ON "protection_hashes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "protection_traces_actor_created_idx" ON "protection_traces" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "protection_traces_created_idx" ON "protection_traces" USING btree ("created_at");
