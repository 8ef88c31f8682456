CREATE TABLE "notice_waivers" (
	"draw_id" uuid NOT NULL,
	"notice_id" uuid NOT NULL,
	"conditional_file_id" uuid,
	"unconditional_file_id" uuid,
	CONSTRAINT "notice_waivers_draw_id_notice_id_pk" PRIMARY KEY("draw_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"claimant" text NOT NULL,
	"role" text NOT NULL,
	"trade_id" uuid NOT NULL,
	"received_on" date NOT NULL,
	"amount" integer,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "conditional_waiver_file_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "acknowledged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_waivers" ADD CONSTRAINT "notice_waivers_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_waivers" ADD CONSTRAINT "notice_waivers_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_waivers" ADD CONSTRAINT "notice_waivers_conditional_file_id_files_id_fk" FOREIGN KEY ("conditional_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_waivers" ADD CONSTRAINT "notice_waivers_unconditional_file_id_files_id_fk" FOREIGN KEY ("unconditional_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_waivers_notice_idx" ON "notice_waivers" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "notice_waivers_conditional_idx" ON "notice_waivers" USING btree ("conditional_file_id");--> statement-breakpoint
CREATE INDEX "notice_waivers_unconditional_idx" ON "notice_waivers" USING btree ("unconditional_file_id");--> statement-breakpoint
CREATE INDEX "notices_client_idx" ON "notices" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "notices_trade_idx" ON "notices" USING btree ("trade_id");--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_conditional_waiver_file_id_files_id_fk" FOREIGN KEY ("conditional_waiver_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draws_conditional_waiver_idx" ON "draws" USING btree ("conditional_waiver_file_id");