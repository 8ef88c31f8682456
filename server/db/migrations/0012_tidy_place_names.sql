-- City names as typed ("austin", " san  ANTONIO") tidied by the rule new ones are stored by
-- (tidyCityName, contract/domain.ts): spaces trimmed and single; a word typed in one case
-- capitalised, each part of a hyphenated one too; a word in mixed case ("McAllen") keeps its
-- capitals. city_key is left alone: it ignores case and spaces, so Flag does not move.
CREATE FUNCTION "tidy_city_name"("name" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT string_agg(
		CASE WHEN "word" = lower("word") OR "word" = upper("word")
			THEN (SELECT string_agg(upper(left("part", 1)) || lower(substr("part", 2)), '-' ORDER BY "p")
				FROM regexp_split_to_table("word", '-') WITH ORDINALITY AS "parts"("part", "p"))
			ELSE upper(left("word", 1)) || substr("word", 2)
		END, ' ' ORDER BY "w")
	FROM regexp_split_to_table(regexp_replace("name", '^\s+|\s+$', '', 'g'), '\s+')
		WITH ORDINALITY AS "words"("word", "w")
$$;--> statement-breakpoint
UPDATE "cities" SET "name" = "tidy_city_name"("name") WHERE "name" IS DISTINCT FROM "tidy_city_name"("name");--> statement-breakpoint
UPDATE "clients" SET "city" = "tidy_city_name"("city") WHERE "city" IS DISTINCT FROM "tidy_city_name"("city");--> statement-breakpoint
DROP FUNCTION "tidy_city_name"(text);
