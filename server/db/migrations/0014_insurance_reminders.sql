ALTER TABLE "notification_log" ADD COLUMN "about" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "trade_insurance" boolean DEFAULT true NOT NULL;