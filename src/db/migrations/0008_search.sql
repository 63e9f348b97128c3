-- Search (docs/decisions/017-search.md): category names in the full-text vector, a dictionary of the words shoppers
-- search by (for typo correction and completion), and a count of searches that found nothing.
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zero_result_searches" (
	"query" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "category_names" = coalesce((SELECT string_agg(c."name", ' ' ORDER BY c."parent_id" NULLS FIRST) FROM "categories" c WHERE c."id" IN (p."cat_id", p."sub_cat_id")), '');--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', coalesce(category_names, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gist ("term" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_prefix_idx" ON "search_terms" USING btree ("term" text_pattern_ops);--> statement-breakpoint
-- A product's category names, set whenever its category or sub-category is (BEFORE: the generated vector sees them).
CREATE FUNCTION "products_category_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."category_names" := coalesce((SELECT string_agg(c."name", ' ' ORDER BY c."parent_id" NULLS FIRST) FROM "categories" c WHERE c."id" IN (NEW."cat_id", NEW."sub_cat_id")), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_category_names" BEFORE INSERT OR UPDATE OF "cat_id", "sub_cat_id" ON "products" FOR EACH ROW EXECUTE FUNCTION "products_category_names"();--> statement-breakpoint
-- A renamed category renames itself in its products (and so in their vectors and the dictionary).
CREATE FUNCTION "categories_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "products" p SET "category_names" = coalesce((SELECT string_agg(c."name", ' ' ORDER BY c."parent_id" NULLS FIRST) FROM "categories" c WHERE c."id" IN (p."cat_id", p."sub_cat_id")), '')
  WHERE p."cat_id" = NEW."id" OR p."sub_cat_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "categories_renamed" AFTER UPDATE OF "name" ON "categories" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "categories_renamed"();--> statement-breakpoint
-- The dictionary's words of one product: lower case, letters and digits, 2 to 40 characters, each once.
CREATE FUNCTION "search_words"("name" text, "brand" text, "category_names" text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce("name", '') || ' ' || coalesce("brand", '') || ' ' || coalesce("category_names", '')), '[^[:alnum:]]+') AS w
  WHERE length(w) BETWEEN 2 AND 40
$$;--> statement-breakpoint
-- Statement-level: a bulk insert of a thousand products is one aggregate upsert, terms locked in order (no deadlock).
CREATE FUNCTION "search_terms_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_terms" ("term", "products")
  SELECT w, count(*) FROM "new_rows" r, "search_words"(r."name", r."brand", r."category_names") AS w GROUP BY w ORDER BY w
  ON CONFLICT ("term") DO UPDATE SET "products" = "search_terms"."products" + excluded."products";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "search_terms_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone text[];
BEGIN
  WITH counted AS (
    SELECT w, count(*) AS n FROM "old_rows" r, "search_words"(r."name", r."brand", r."category_names") AS w GROUP BY w
  ), updated AS (
    UPDATE "search_terms" t SET "products" = t."products" - counted.n FROM counted WHERE t."term" = counted.w RETURNING t."term", t."products"
  )
  SELECT array_agg("term") INTO gone FROM updated WHERE "products" <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM "search_terms" WHERE "term" = ANY (gone) AND "products" <= 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Row-level, and only when a word source changes (stock updates at checkout never run it).
CREATE FUNCTION "search_terms_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_terms" t SET "products" = t."products" - 1
  FROM (SELECT "search_words"(OLD."name", OLD."brand", OLD."category_names") AS w
        EXCEPT SELECT "search_words"(NEW."name", NEW."brand", NEW."category_names")) AS gone
  WHERE t."term" = gone.w;
  DELETE FROM "search_terms" WHERE "products" <= 0 AND "term" IN (SELECT "search_words"(OLD."name", OLD."brand", OLD."category_names"));
  INSERT INTO "search_terms" ("term", "products")
  SELECT w, 1 FROM (SELECT "search_words"(NEW."name", NEW."brand", NEW."category_names") AS w
                    EXCEPT SELECT "search_words"(OLD."name", OLD."brand", OLD."category_names")) AS added ORDER BY w
  ON CONFLICT ("term") DO UPDATE SET "products" = "search_terms"."products" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_terms_inserted" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_terms_added"();--> statement-breakpoint
CREATE TRIGGER "search_terms_deleted" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "search_terms_removed"();;--> statement-breakpoint
CREATE TRIGGER "search_terms_updated" AFTER UPDATE OF "name", "brand", "category_names", "cat_id", "sub_cat_id" ON "products" FOR EACH ROW
  WHEN ((OLD."name", OLD."brand", OLD."category_names") IS DISTINCT FROM (NEW."name", NEW."brand", NEW."category_names"))
  EXECUTE FUNCTION "search_terms_renamed"();--> statement-breakpoint
-- The dictionary of a catalogue that existed before this migration.
INSERT INTO "search_terms" ("term", "products")
SELECT w, count(*) FROM "products" p, "search_words"(p."name", p."brand", p."category_names") AS w GROUP BY w;
