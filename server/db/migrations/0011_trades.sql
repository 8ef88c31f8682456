CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"company" text NOT NULL,
	"contact" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"steps" text[] NOT NULL,
	"licence_number" text,
	"licence_class" text,
	"licence_checked_on" date,
	"insurance_expires_on" date,
	"insurance_file_id" uuid,
	"comp_exempt" boolean DEFAULT false NOT NULL,
	"comp_expires_on" date,
	"comp_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_insurance_file_id_files_id_fk" FOREIGN KEY ("insurance_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_comp_file_id_files_id_fk" FOREIGN KEY ("comp_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trades_client_email_idx" ON "trades" USING btree ("client_id",lower("email"));--> statement-breakpoint
CREATE INDEX "trades_insurance_file_idx" ON "trades" USING btree ("insurance_file_id");--> statement-breakpoint
CREATE INDEX "trades_comp_file_idx" ON "trades" USING btree ("comp_file_id");