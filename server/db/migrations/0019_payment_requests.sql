CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"draw_id" uuid NOT NULL,
	"bid_request_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"invoice_file_id" uuid,
	"conditional_waiver_file_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_amount" CHECK ("payment_requests"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_bid_request_id_bid_requests_id_fk" FOREIGN KEY ("bid_request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_invoice_file_id_files_id_fk" FOREIGN KEY ("invoice_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_conditional_waiver_file_id_files_id_fk" FOREIGN KEY ("conditional_waiver_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_client_idx" ON "payment_requests" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payment_requests_draw_idx" ON "payment_requests" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "payment_requests_bid_request_idx" ON "payment_requests" USING btree ("bid_request_id");--> statement-breakpoint
CREATE INDEX "payment_requests_invoice_idx" ON "payment_requests" USING btree ("invoice_file_id");--> statement-breakpoint
CREATE INDEX "payment_requests_waiver_idx" ON "payment_requests" USING btree ("conditional_waiver_file_id");--> statement-breakpoint
CREATE INDEX "payment_requests_payment_idx" ON "payment_requests" USING btree ("payment_id");