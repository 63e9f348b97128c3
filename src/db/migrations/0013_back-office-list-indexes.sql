CREATE INDEX "products_all_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_paise","id");--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("count_in_stock","id");--> statement-breakpoint
CREATE INDEX "products_lower_sku_idx" ON "products" USING btree (lower("sku"));--> statement-breakpoint
-- Statistics for lower(sku) exist only after an ANALYZE: without them a search for an SKU walks the whole catalogue.
ANALYZE "products";