DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_cat_created_idx";--> statement-breakpoint
DROP INDEX "products_subcat_created_idx";--> statement-breakpoint
DROP INDEX "products_featured_created_idx";--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_cat_created_idx" ON "products" USING btree ("cat_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_subcat_created_idx" ON "products" USING btree ("sub_cat_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_featured_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_featured" and "products"."archived_at" is null;--> statement-breakpoint
-- Archived products (decision 032) count nowhere: not in category_counts (migration 0009), not in the search dictionary
-- (migration 0008). The statement triggers count only rows on sale; a row trigger follows a product that moves category
-- or is archived or put back on sale.
CREATE OR REPLACE FUNCTION "category_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "category_counts" ("category_id", "products")
  SELECT c, count(*)::int FROM (
    SELECT "cat_id" AS c FROM "new_rows" WHERE "archived_at" IS NULL
    UNION ALL SELECT "sub_cat_id" FROM "new_rows" WHERE "sub_cat_id" IS NOT NULL AND "archived_at" IS NULL
  ) added GROUP BY c
  ON CONFLICT ("category_id") DO UPDATE SET "products" = "category_counts"."products" + excluded."products";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "category_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "category_counts" k SET "products" = k."products" - removed.n
  FROM (
    SELECT c, count(*)::int AS n FROM (
      SELECT "cat_id" AS c FROM "old_rows" WHERE "archived_at" IS NULL
      UNION ALL SELECT "sub_cat_id" FROM "old_rows" WHERE "sub_cat_id" IS NOT NULL AND "archived_at" IS NULL
    ) gone GROUP BY c
  ) removed
  WHERE k."category_id" = removed.c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "category_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."archived_at" IS NULL THEN
    UPDATE "category_counts" SET "products" = "products" - 1
    WHERE "category_id" IN (OLD."cat_id", OLD."sub_cat_id");
  END IF;
  IF NEW."archived_at" IS NULL THEN
    INSERT INTO "category_counts" ("category_id", "products")
    SELECT c, 1 FROM unnest(ARRAY[NEW."cat_id", NEW."sub_cat_id"]) AS c WHERE c IS NOT NULL
    ON CONFLICT ("category_id") DO UPDATE SET "products" = "category_counts"."products" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "category_counts_updated" ON "products";--> statement-breakpoint
CREATE TRIGGER "category_counts_updated" AFTER UPDATE OF "cat_id", "sub_cat_id", "archived_at" ON "products" FOR EACH ROW
  WHEN (OLD."cat_id" IS DISTINCT FROM NEW."cat_id" OR OLD."sub_cat_id" IS DISTINCT FROM NEW."sub_cat_id"
        OR (OLD."archived_at" IS NULL) <> (NEW."archived_at" IS NULL))
  EXECUTE FUNCTION "category_counts_moved"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_terms_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_terms" ("term", "products")
  SELECT w, count(*) FROM "new_rows" r, "search_words"(r."name", r."brand", r."category_names") AS w
  WHERE r."archived_at" IS NULL GROUP BY w ORDER BY w
  ON CONFLICT ("term") DO UPDATE SET "products" = "search_terms"."products" + excluded."products";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_terms_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone text[];
BEGIN
  WITH counted AS (
    SELECT w, count(*) AS n FROM "old_rows" r, "search_words"(r."name", r."brand", r."category_names") AS w
    WHERE r."archived_at" IS NULL GROUP BY w
  ), updated AS (
    UPDATE "search_terms" t SET "products" = t."products" - counted.n FROM counted WHERE t."term" = counted.w RETURNING t."term", t."products"
  )
  SELECT array_agg("term") INTO gone FROM updated WHERE "products" <= 0;
  IF gone IS NOT NULL THEN
    DELETE FROM "search_terms" WHERE "term" = ANY (gone) AND "products" <= 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A product's words before and after: none while it is archived.
CREATE OR REPLACE FUNCTION "search_terms_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text[] := CASE WHEN OLD."archived_at" IS NULL
    THEN ARRAY(SELECT "search_words"(OLD."name", OLD."brand", OLD."category_names")) ELSE '{}' END;
  after text[] := CASE WHEN NEW."archived_at" IS NULL
    THEN ARRAY(SELECT "search_words"(NEW."name", NEW."brand", NEW."category_names")) ELSE '{}' END;
BEGIN
  UPDATE "search_terms" t SET "products" = t."products" - 1
  FROM (SELECT unnest(before) AS w EXCEPT SELECT unnest(after)) AS gone
  WHERE t."term" = gone.w;
  DELETE FROM "search_terms" WHERE "products" <= 0 AND "term" = ANY (before);
  INSERT INTO "search_terms" ("term", "products")
  SELECT w, 1 FROM (SELECT unnest(after) AS w EXCEPT SELECT unnest(before)) AS added ORDER BY w
  ON CONFLICT ("term") DO UPDATE SET "products" = "search_terms"."products" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "search_terms_updated" ON "products";--> statement-breakpoint
CREATE TRIGGER "search_terms_updated" AFTER UPDATE OF "name", "brand", "category_names", "cat_id", "sub_cat_id", "archived_at" ON "products" FOR EACH ROW
  WHEN ((OLD."name", OLD."brand", OLD."category_names") IS DISTINCT FROM (NEW."name", NEW."brand", NEW."category_names")
        OR (OLD."archived_at" IS NULL) <> (NEW."archived_at" IS NULL))
  EXECUTE FUNCTION "search_terms_renamed"();--> statement-breakpoint
-- Products archived before this migration leave the counts and the dictionary.
UPDATE "category_counts" k SET "products" = k."products" - gone.n
FROM (
  SELECT c, count(*)::int AS n FROM (
    SELECT "cat_id" AS c FROM "products" WHERE "archived_at" IS NOT NULL
    UNION ALL SELECT "sub_cat_id" FROM "products" WHERE "sub_cat_id" IS NOT NULL AND "archived_at" IS NOT NULL
  ) archived GROUP BY c
) gone
WHERE k."category_id" = gone.c;--> statement-breakpoint
UPDATE "search_terms" t SET "products" = t."products" - gone.n
FROM (
  SELECT w, count(*)::int AS n FROM "products" p, "search_words"(p."name", p."brand", p."category_names") AS w
  WHERE p."archived_at" IS NOT NULL GROUP BY w
) gone
WHERE t."term" = gone.w;--> statement-breakpoint
DELETE FROM "search_terms" WHERE "products" <= 0;
