CREATE TABLE "city_checklists" (
	"city_id" uuid NOT NULL,
	"inspection" text NOT NULL,
	"someone_home" boolean NOT NULL,
	"items" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "city_checklists_city_id_inspection_pk" PRIMARY KEY("city_id","inspection")
);
--> statement-breakpoint
CREATE TABLE "project_checklists" (
	"client_id" uuid NOT NULL,
	"inspection" text NOT NULL,
	"someone_home" boolean NOT NULL,
	"items" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_checklists_client_id_inspection_pk" PRIMARY KEY("client_id","inspection")
);
--> statement-breakpoint
ALTER TABLE "inspection_events" ADD COLUMN "checklist" jsonb;--> statement-breakpoint
ALTER TABLE "city_checklists" ADD CONSTRAINT "city_checklists_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_checklists" ADD CONSTRAINT "project_checklists_client_id_clients_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The admin fetch reads the cities' checklists: an edit bumps the data version. A city without a
-- row has the defaults (contract/checklist-defaults.ts), so existing cities need no data here.
CREATE CONSTRAINT TRIGGER "city_checklists_bump_data_version" AFTER INSERT OR UPDATE OR DELETE ON "city_checklists"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"();
