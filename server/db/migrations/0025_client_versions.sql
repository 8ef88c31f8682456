CREATE TABLE "client_versions" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Bumps a project's version once per transaction, at its commit, and tells every listening server
-- (`client:{id}:{version}` on the data version's channel). The transaction-local setting holds the
-- projects already bumped, a few at most: a write of many projects' rows bumps some twice, which
-- costs nothing but an UPDATE. The nil id is the reference data's.
CREATE FUNCTION "bump_client_version_of"(client uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	bumped_ones text := coalesce(current_setting('poolpath.client_versions_bumped', true), '');
	bumped bigint;
BEGIN
	IF client IS NULL OR strpos(bumped_ones, client::text) > 0 THEN
		RETURN;
	END IF;
	INSERT INTO "client_versions" ("client_id", "version") VALUES (client, 1)
		ON CONFLICT ("client_id") DO UPDATE SET "version" = "client_versions"."version" + 1
		RETURNING "version" INTO bumped;
	IF length(bumped_ones) > 16 * 37 THEN
		bumped_ones := '';
	END IF;
	PERFORM set_config('poolpath.client_versions_bumped', bumped_ones || client || ',', true);
	PERFORM pg_notify('data_version', 'client:' || client || ':' || bumped);
END
$$;--> statement-breakpoint
-- A row of a project's own table: its `client_id`, before and after.
CREATE FUNCTION "bump_client_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM "bump_client_version_of"(OLD."client_id");
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM "bump_client_version_of"(NEW."client_id");
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
-- A row that names its project another way: the column TG_ARGV[0] holds the project's id, or
-- with TG_ARGV[1] the id of that table's row, whose `client_id` is the project's (a parent
-- deleted in the same transaction bumped the project itself).
CREATE FUNCTION "bump_client_version_by"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed jsonb;
	key uuid;
	client uuid;
BEGIN
	FOREACH changed IN ARRAY ARRAY[
		CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END,
		CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END
	] LOOP
		CONTINUE WHEN changed IS NULL;
		key := (changed ->> TG_ARGV[0])::uuid;
		IF TG_NARGS > 1 THEN
			EXECUTE format('SELECT "client_id" FROM %I WHERE "id" = $1', TG_ARGV[1]) INTO client USING key;
		ELSE
			client := key;
		END IF;
		PERFORM "bump_client_version_of"(client);
	END LOOP;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "bump_reference_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "bump_client_version_of"('00000000-0000-0000-0000-000000000000');
	RETURN NULL;
END
$$;--> statement-breakpoint
-- Deferred, like the data version's: the row is locked for the commit only, and a rolled-back
-- write bumps nothing. Every table with a `client_id`, found rather than listed, so none is
-- missed; a table added later needs its trigger in its own migration (tests/server/client-versions
-- checks that each has one).
DO $$
DECLARE
	name text;
BEGIN
	FOR name IN SELECT c.table_name FROM information_schema.columns c
		JOIN information_schema.tables t USING (table_schema, table_name)
		WHERE c.column_name = 'client_id' AND c.table_schema = current_schema()
			AND t.table_type = 'BASE TABLE' AND c.table_name <> 'client_versions'
	LOOP
		EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
			'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_client_version"()',
			name || '_bump_client_version', name);
	END LOOP;
	FOREACH name IN ARRAY ARRAY['cities', 'city_checklists', 'stages', 'design_tips',
		'schedule_settings', 'scope_items', 'managers', 'engineers']
	LOOP
		EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
			'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_reference_version"()',
			name || '_bump_reference_version', name);
	END LOOP;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_bump_client_version" AFTER INSERT OR UPDATE OR DELETE ON "users"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_client_version_by"('id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "clients_bump_client_version" AFTER INSERT OR UPDATE OR DELETE ON "clients"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_client_version_by"('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "quotes_bump_client_version" AFTER INSERT OR UPDATE OR DELETE ON "quotes"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	EXECUTE FUNCTION "bump_client_version_by"('entry_id', 'pool_entries');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "log_entry_files_bump_client_version" AFTER INSERT OR UPDATE OR DELETE ON "log_entry_files"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	EXECUTE FUNCTION "bump_client_version_by"('log_entry_id', 'log_entries');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "notice_waivers_bump_client_version" AFTER INSERT OR UPDATE OR DELETE ON "notice_waivers"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	EXECUTE FUNCTION "bump_client_version_by"('notice_id', 'notices');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "trade_files_bump_client_version" AFTER INSERT OR UPDATE OR DELETE ON "trade_files"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	EXECUTE FUNCTION "bump_client_version_by"('bid_request_id', 'bid_requests');
