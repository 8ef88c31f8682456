CREATE TABLE "bid_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"step" text NOT NULL,
	"trade_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"token_hash" text NOT NULL,
	"file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"quote_id" uuid,
	"decline_reason" text,
	"reminded_at" timestamp with time zone,
	"dates_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "date_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"bid_request_id" uuid NOT NULL,
	"step" text NOT NULL,
	"start" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scope_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"step" text NOT NULL,
	"text" text NOT NULL,
	"share" smallint NOT NULL,
	"position" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_request_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_request_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "bid_request_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "items" jsonb;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "entered_by" text;--> statement-breakpoint
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_proposals" ADD CONSTRAINT "date_proposals_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_proposals" ADD CONSTRAINT "date_proposals_bid_request_id_bid_requests_id_fk" FOREIGN KEY ("bid_request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_codes" ADD CONSTRAINT "trade_codes_bid_request_id_bid_requests_id_fk" FOREIGN KEY ("bid_request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_sessions" ADD CONSTRAINT "trade_sessions_bid_request_id_bid_requests_id_fk" FOREIGN KEY ("bid_request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_requests_client_step_idx" ON "bid_requests" USING btree ("client_id","step");--> statement-breakpoint
CREATE INDEX "bid_requests_trade_idx" ON "bid_requests" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "bid_requests_quote_idx" ON "bid_requests" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "bid_requests_due_idx" ON "bid_requests" USING btree ("due_on") WHERE "bid_requests"."reminded_at" is null and "bid_requests"."status" in ('sent', 'viewed');--> statement-breakpoint
CREATE UNIQUE INDEX "bid_requests_open_idx" ON "bid_requests" USING btree ("trade_id","step") WHERE "bid_requests"."status" in ('sent', 'viewed', 'submitted');--> statement-breakpoint
CREATE INDEX "date_proposals_client_idx" ON "date_proposals" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "date_proposals_request_idx" ON "date_proposals" USING btree ("bid_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scope_items_step_position_idx" ON "scope_items" USING btree ("step","position");--> statement-breakpoint
CREATE INDEX "trade_codes_request_idx" ON "trade_codes" USING btree ("bid_request_id");--> statement-breakpoint
CREATE INDEX "trade_codes_expires_idx" ON "trade_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "trade_sessions_request_idx" ON "trade_sessions" USING btree ("bid_request_id");--> statement-breakpoint
CREATE INDEX "trade_sessions_expires_idx" ON "trade_sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_bid_request_idx" ON "quotes" USING btree ("bid_request_id");--> statement-breakpoint
CREATE INDEX "quotes_file_idx" ON "quotes" USING btree ("file_id");--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "scope_items_bump_data_version" AFTER INSERT OR UPDATE OR DELETE ON "scope_items"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
INSERT INTO "scope_items" ("step", "text", "share", "position") VALUES
	('excavation', 'Haul-off of the soil', 15, 0),
	('excavation', 'Layout and grade stakes', 5, 1),
	('excavation', 'Over-dig for forms', 5, 2),
	('excavation', 'Site cleanup', 5, 3),
	('steel', 'Rebar per the engineering plan', 70, 0),
	('steel', 'Bonding attachments to the steel', 10, 1),
	('steel', 'Chairs and spacers', 5, 2),
	('plumbing', 'Main drains with VGB-compliant covers', 15, 0),
	('plumbing', 'Pressure test held at 35 psi', 5, 1),
	('plumbing', 'Equipment pad plumbing', 20, 2);
