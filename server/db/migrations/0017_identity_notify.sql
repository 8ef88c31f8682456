-- The data version's channel also says whose cached identity (role, Flag) is stale, so every
-- server sharing the database drops it on commit, not when its few seconds run out:
-- `identity:{user id}` when a user is deleted or changes role, or a client moves city;
-- `identity:*` when a city opens, closes or is renamed (Flag follows the city's key).
CREATE OR REPLACE FUNCTION "notify_identity_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		PERFORM pg_notify('data_version', 'identity:*');
	ELSIF TG_TABLE_NAME = 'clients' THEN
		PERFORM pg_notify('data_version', 'identity:' || NEW."user_id");
	ELSE
		PERFORM pg_notify('data_version', 'identity:' || OLD."id");
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_identity_deleted" AFTER DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "notify_identity_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_identity_changed" AFTER UPDATE OF "role" ON "users"
	FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role")
	EXECUTE FUNCTION "notify_identity_changed"();
--> statement-breakpoint
CREATE TRIGGER "clients_identity_changed" AFTER UPDATE OF "city_key" ON "clients"
	FOR EACH ROW WHEN (OLD."city_key" IS DISTINCT FROM NEW."city_key")
	EXECUTE FUNCTION "notify_identity_changed"();
--> statement-breakpoint
CREATE TRIGGER "cities_identity_changed" AFTER INSERT OR DELETE OR UPDATE OF "key" ON "cities"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_identity_changed"();
