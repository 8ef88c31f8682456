CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"stored_bytes" bigint NOT NULL,
	"width" integer,
	"height" integer,
	"step" text,
	"caption" text DEFAULT '' NOT NULL,
	"variants" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_size" CHECK ("files"."size" > 0 and "files"."stored_bytes" >= "files"."size")
);
--> statement-breakpoint
CREATE TABLE "log_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"step" text NOT NULL,
	"date" date NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_entry_files" (
	"log_entry_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "log_entry_files_log_entry_id_file_id_pk" PRIMARY KEY("log_entry_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "warranties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"step" text NOT NULL,
	"provider" text NOT NULL,
	"term_months" integer NOT NULL,
	"starts_on" date,
	"file_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranties_term" CHECK ("warranties"."term_months" between 1 and 600)
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_entries" ADD CONSTRAINT "log_entries_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_entry_files" ADD CONSTRAINT "log_entry_files_log_entry_id_log_entries_id_fk" FOREIGN KEY ("log_entry_id") REFERENCES "public"."log_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_entry_files" ADD CONSTRAINT "log_entry_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warranties" ADD CONSTRAINT "warranties_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_client_created_idx" ON "files" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "files_client_step_idx" ON "files" USING btree ("client_id","step");--> statement-breakpoint
CREATE INDEX "log_entries_client_date_idx" ON "log_entries" USING btree ("client_id","date");--> statement-breakpoint
CREATE INDEX "log_entry_files_file_idx" ON "log_entry_files" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warranties_client_step_idx" ON "warranties" USING btree ("client_id","step");--> statement-breakpoint
CREATE INDEX "warranties_file_idx" ON "warranties" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_lien_waiver_file_id_files_id_fk" FOREIGN KEY ("lien_waiver_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;