CREATE TABLE "change_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"step" text NOT NULL,
	"quote_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"amount" integer NOT NULL,
	"signed_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"amount" integer NOT NULL,
	"due" text NOT NULL,
	"lien_waiver_file_id" uuid,
	CONSTRAINT "draws_amount" CHECK ("draws"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"draw_id" uuid NOT NULL,
	"paid_on" date NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_orders" ADD CONSTRAINT "change_orders_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_orders_client_idx" ON "change_orders" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "change_orders_contract_idx" ON "change_orders" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_client_step_idx" ON "contracts" USING btree ("client_id","step");--> statement-breakpoint
CREATE INDEX "contracts_quote_idx" ON "contracts" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draws_contract_position_idx" ON "draws" USING btree ("contract_id","position");--> statement-breakpoint
CREATE INDEX "draws_client_idx" ON "draws" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payments_client_idx" ON "payments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payments_draw_idx" ON "payments" USING btree ("draw_id");--> statement-breakpoint
-- Quotes accepted before contracts existed become contracts with the default plan (10 % at
-- most $1,000 at signing, the balance when done), signed on the day their entry last changed.
INSERT INTO "contracts" ("client_id", "step", "quote_id", "vendor", "amount", "signed_on")
SELECT e."client_id",
	coalesce(s."slug", CASE e."title" WHEN 'Pool Design' THEN 'pool-design' WHEN 'Engineering' THEN 'engineering' WHEN 'Permits' THEN 'permits' END),
	q."id", q."vendor", q."amount", e."updated_at"::date
FROM "quotes" q
JOIN "pool_entries" e ON e."id" = q."entry_id"
LEFT JOIN "stages" s ON s."id" = e."stage_id"
WHERE q."accepted";--> statement-breakpoint
INSERT INTO "draws" ("client_id", "contract_id", "position", "label", "amount", "due")
SELECT c."client_id", c."id", 0, 'Deposit', least(round(c."amount" * 0.1), 100000), 'signing'
FROM "contracts" c
WHERE least(round(c."amount" * 0.1), 100000) > 0;--> statement-breakpoint
INSERT INTO "draws" ("client_id", "contract_id", "position", "label", "amount", "due")
SELECT c."client_id", c."id", CASE WHEN least(round(c."amount" * 0.1), 100000) > 0 THEN 1 ELSE 0 END, 'Balance', c."amount" - least(round(c."amount" * 0.1), 100000), 'done'
FROM "contracts" c;
