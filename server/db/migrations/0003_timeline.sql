CREATE TABLE "calendar_tokens" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "inspection_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"on_date" date NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"inspection_reminders" boolean DEFAULT true NOT NULL,
	"step_updates" boolean DEFAULT true NOT NULL,
	"warranty_reminders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"start_date" date NOT NULL,
	"baseline" jsonb NOT NULL,
	"baseline_saved_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_settings" (
	"step" text PRIMARY KEY NOT NULL,
	"duration_days" integer NOT NULL,
	"wait_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_settings_duration" CHECK ("schedule_settings"."duration_days" between 0 and 120),
	CONSTRAINT "schedule_settings_wait" CHECK ("schedule_settings"."wait_days" between 0 and 60)
);
--> statement-breakpoint
ALTER TABLE "pool_entries" ADD COLUMN "done_on" date;--> statement-breakpoint
ALTER TABLE "pool_entries" ADD COLUMN "started_on" date;--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD CONSTRAINT "calendar_tokens_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_events" ADD CONSTRAINT "inspection_events_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_log" ADD CONSTRAINT "notification_log_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_events_client_idx" ON "inspection_events" USING btree ("client_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_client_slug_idx" ON "inspections" USING btree ("client_id","slug");--> statement-breakpoint
CREATE INDEX "inspections_scheduled_idx" ON "inspections" USING btree ("date") WHERE "inspections"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "notification_log_once_idx" ON "notification_log" USING btree ("client_id","kind","subject","on_date");--> statement-breakpoint
CREATE INDEX "notification_log_unsent_idx" ON "notification_log" USING btree ("claimed_at") WHERE "notification_log"."sent_at" is null;--> statement-breakpoint
-- Steps marked done before the timeline: the day they were marked (in the session time zone).
UPDATE "pool_entries" SET "done_on" = "done_at"::date WHERE "done" AND "done_at" IS NOT NULL;
