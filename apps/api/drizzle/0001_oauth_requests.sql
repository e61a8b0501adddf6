CREATE TABLE "oauth_requests" (
	"token" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"secret" text NOT NULL,
	"role" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oauth_requests_expires_idx" ON "oauth_requests" USING btree ("expires_at");