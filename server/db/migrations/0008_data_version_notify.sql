-- The bump also tells every listening server the version it commits (`epoch:version` on the
-- `data_version` channel): PostgreSQL delivers it after the commit, and not at all on a rollback,
-- so a server may answer the admin fetch's 304 from memory until the next notification.
CREATE OR REPLACE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	bumped "data_version"%ROWTYPE;
BEGIN
	IF current_setting('poolpath.data_version_bumped', true) IS DISTINCT FROM 'on' THEN
		UPDATE "data_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING * INTO bumped;
		PERFORM set_config('poolpath.data_version_bumped', 'on', true);
		PERFORM pg_notify('data_version', bumped."epoch" || ':' || bumped."version");
	END IF;
	RETURN NULL;
END
$$;
