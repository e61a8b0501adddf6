-- Issue 31: where each earning came from (shared EARNING_CHANNELS). Existing rows: the type's channel,
-- a stream sale that is a private show's minute `private_show`, a reversal its sale's channel.
ALTER TABLE "earnings" ADD COLUMN "channel" text;--> statement-breakpoint
UPDATE "earnings" SET "channel" = CASE WHEN "type" = 'stream' THEN 'live_ticket' ELSE "type" END;--> statement-breakpoint
UPDATE "earnings" e SET "channel" = 'private_show' FROM "private_show_minutes" m WHERE e."type" = 'stream' AND e."source" = 'wallet_charge:' || m."charge_id"::text;--> statement-breakpoint
UPDATE "earnings" e SET "channel" = s."channel" FROM "earnings" s WHERE e."reverses_id" = s."id";--> statement-breakpoint
ALTER TABLE "earnings" ALTER COLUMN "channel" SET NOT NULL;
