DROP INDEX "products_cat_price_idx";--> statement-breakpoint
DROP INDEX "products_subcat_price_idx";--> statement-breakpoint
CREATE INDEX "products_cat_name_idx" ON "products" USING btree ("cat_id","name","id");--> statement-breakpoint
CREATE INDEX "products_subcat_name_idx" ON "products" USING btree ("sub_cat_id","name","id");--> statement-breakpoint
CREATE INDEX "products_cat_stock_idx" ON "products" USING btree ("cat_id","count_in_stock","id");--> statement-breakpoint
CREATE INDEX "products_subcat_stock_idx" ON "products" USING btree ("sub_cat_id","count_in_stock","id");--> statement-breakpoint
CREATE INDEX "products_cat_price_idx" ON "products" USING btree ("cat_id","price_paise","id");--> statement-breakpoint
CREATE INDEX "products_subcat_price_idx" ON "products" USING btree ("sub_cat_id","price_paise","id");