CREATE TABLE "trade_files" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"bid_request_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_files" ADD CONSTRAINT "trade_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_files" ADD CONSTRAINT "trade_files_bid_request_id_bid_requests_id_fk" FOREIGN KEY ("bid_request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_files_request_idx" ON "trade_files" USING btree ("bid_request_id");