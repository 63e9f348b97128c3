CREATE TABLE "category_counts" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_counts" ADD CONSTRAINT "category_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every product counts once for its category and once for its sub-category (when it has one). Statement-level triggers
-- with transition tables add and remove whole batches at once; a row trigger moves a product that changes category.
-- Stock and price updates never run them.
CREATE FUNCTION "category_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "category_counts" ("category_id", "products")
  SELECT c, count(*)::int FROM (
    SELECT "cat_id" AS c FROM "new_rows" UNION ALL SELECT "sub_cat_id" FROM "new_rows" WHERE "sub_cat_id" IS NOT NULL
  ) added GROUP BY c
  ON CONFLICT ("category_id") DO UPDATE SET "products" = "category_counts"."products" + excluded."products";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "category_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "category_counts" k SET "products" = k."products" - removed.n
  FROM (
    SELECT c, count(*)::int AS n FROM (
      SELECT "cat_id" AS c FROM "old_rows" UNION ALL SELECT "sub_cat_id" FROM "old_rows" WHERE "sub_cat_id" IS NOT NULL
    ) gone GROUP BY c
  ) removed
  WHERE k."category_id" = removed.c;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "category_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "category_counts" SET "products" = "products" - 1
  WHERE "category_id" IN (OLD."cat_id", OLD."sub_cat_id");
  INSERT INTO "category_counts" ("category_id", "products")
  SELECT c, 1 FROM unnest(ARRAY[NEW."cat_id", NEW."sub_cat_id"]) AS c WHERE c IS NOT NULL
  ON CONFLICT ("category_id") DO UPDATE SET "products" = "category_counts"."products" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "category_counts_inserted" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "category_counts_added"();--> statement-breakpoint
CREATE TRIGGER "category_counts_deleted" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "category_counts_removed"();--> statement-breakpoint
CREATE TRIGGER "category_counts_updated" AFTER UPDATE OF "cat_id", "sub_cat_id" ON "products" FOR EACH ROW
  WHEN (OLD."cat_id" IS DISTINCT FROM NEW."cat_id" OR OLD."sub_cat_id" IS DISTINCT FROM NEW."sub_cat_id")
  EXECUTE FUNCTION "category_counts_moved"();--> statement-breakpoint
INSERT INTO "category_counts" ("category_id", "products")
SELECT c, count(*)::int FROM (
  SELECT "cat_id" AS c FROM "products" UNION ALL SELECT "sub_cat_id" FROM "products" WHERE "sub_cat_id" IS NOT NULL
) existing GROUP BY c;
