CREATE TABLE "auto_messages" (
	"performer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" integer,
	"to_followers" boolean DEFAULT false NOT NULL,
	"after_days" integer DEFAULT 7 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_messages_performer_id_kind_pk" PRIMARY KEY("performer_id","kind")
);
--> statement-breakpoint
CREATE TABLE "auto_message_sends" (
	"performer_id" uuid NOT NULL,
	"fan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"message_id" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_message_sends_performer_id_fan_id_kind_pk" PRIMARY KEY("performer_id","fan_id","kind")
);
--> statement-breakpoint
ALTER TABLE "auto_messages" ADD CONSTRAINT "auto_messages_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_message_sends" ADD CONSTRAINT "auto_message_sends_performer_id_users_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_message_sends" ADD CONSTRAINT "auto_message_sends_fan_id_users_id_fk" FOREIGN KEY ("fan_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_message_sends" ADD CONSTRAINT "auto_message_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_message_sends_due_idx" ON "auto_message_sends" USING btree ("due_at") WHERE "auto_message_sends"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "auto_message_sends_figures_idx" ON "auto_message_sends" USING btree ("performer_id","kind") WHERE "auto_message_sends"."status" = 'sent';
