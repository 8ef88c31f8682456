CREATE TABLE "message_email_stops" (
	"recipient_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_emails" (
	"client_id" uuid NOT NULL,
	"thread" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_emails_client_id_thread_recipient_id_pk" PRIMARY KEY("client_id","thread","recipient_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"thread" text NOT NULL,
	"author_role" text NOT NULL,
	"author_name" text NOT NULL,
	"author_user_id" uuid,
	"author_trade_id" uuid,
	"text" text NOT NULL,
	"file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thread_reads" (
	"client_id" uuid NOT NULL,
	"thread" text NOT NULL,
	"reader_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "thread_reads_client_id_thread_reader_id_pk" PRIMARY KEY("client_id","thread","reader_id")
);
--> statement-breakpoint
ALTER TABLE "message_emails" ADD CONSTRAINT "message_emails_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_trade_id_trades_id_fk" FOREIGN KEY ("author_trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("client_id","thread","created_at");--> statement-breakpoint
CREATE INDEX "messages_author_user_idx" ON "messages" USING btree ("author_user_id");--> statement-breakpoint
CREATE INDEX "messages_author_trade_idx" ON "messages" USING btree ("author_trade_id");