CREATE TABLE "equipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"serial" text DEFAULT '' NOT NULL,
	"installed_on" date,
	"warranty_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "startup_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"ph" real,
	"free_chlorine" real,
	"alkalinity" real,
	"calcium" real,
	"cya" real,
	"brushed" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "startup_days_day" CHECK ("startup_days"."day" between 1 and 28)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "measured_gallons" integer;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "startup_days" ADD CONSTRAINT "startup_days_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_client_idx" ON "equipment" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "equipment_warranty_idx" ON "equipment" USING btree ("warranty_id");--> statement-breakpoint
CREATE UNIQUE INDEX "startup_days_client_day_idx" ON "startup_days" USING btree ("client_id","day");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_measured_gallons" CHECK ("clients"."measured_gallons" between 100 and 200000);