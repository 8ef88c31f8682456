ALTER TABLE "pool_entries" ADD COLUMN "quote_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "pool_entries" SET "quote_count" = (SELECT count(*) FROM "quotes" WHERE "quotes"."entry_id" = "pool_entries"."id");--> statement-breakpoint
ALTER TABLE "pool_entries" ADD CONSTRAINT "pool_entries_quote_limit" CHECK ("pool_entries"."quote_count" between 0 and 5);--> statement-breakpoint
-- Keeps each entry's quote_count, so a quote beyond the limit fails its own insert (the check
-- above) with no count beforehand. The update takes the entry's row lock and, when a concurrent
-- write holds it, waits and then adds to the count that write committed: racers are counted one
-- after another, inside the statement that adds the quote.
CREATE FUNCTION "count_entry_quotes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "pool_entries" SET "quote_count" = "quote_count" + 1 WHERE "id" = NEW."entry_id";
	ELSE
		UPDATE "pool_entries" SET "quote_count" = "quote_count" - 1 WHERE "id" = OLD."entry_id";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "quotes_count_entry_quotes" AFTER INSERT OR DELETE ON "quotes"
	FOR EACH ROW EXECUTE FUNCTION "count_entry_quotes"();
