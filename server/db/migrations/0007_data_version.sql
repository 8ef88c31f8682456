CREATE TABLE "data_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"epoch" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "data_version_one_row" CHECK ("data_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "data_version" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Bumps the data version once per transaction, when it commits: the triggers below are deferred,
-- so the row is locked for the commit only, and a write that is rolled back bumps nothing. The
-- transaction-local setting keeps a write of many rows to one UPDATE of the version.
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('poolpath.data_version_bumped', true) IS DISTINCT FROM 'on' THEN
		UPDATE "data_version" SET "version" = "version" + 1 WHERE "id" = 1;
		PERFORM set_config('poolpath.data_version_bumped', 'on', true);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- Every table the admin fetch reads. Pool entries only count when a step's done changes (the
-- back office shows steps done, not choices), so a builder's edit leaves the version alone.
DO $$
DECLARE
	name text;
BEGIN
	FOREACH name IN ARRAY ARRAY['users', 'clients', 'cities', 'stages', 'design_tips', 'managers',
		'engineers', 'builder_requests', 'manager_requests', 'schedule_settings', 'contracts',
		'change_orders', 'payments', 'files']
	LOOP
		EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
			'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_data_version"()',
			name || '_bump_data_version', name);
	END LOOP;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pool_entries_done_bump_data_version" AFTER INSERT ON "pool_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."done")
	EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pool_entries_undone_bump_data_version" AFTER DELETE ON "pool_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."done")
	EXECUTE FUNCTION "bump_data_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pool_entries_moved_bump_data_version" AFTER UPDATE ON "pool_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (OLD."done" IS DISTINCT FROM NEW."done" OR OLD."client_id" IS DISTINCT FROM NEW."client_id")
	EXECUTE FUNCTION "bump_data_version"();
