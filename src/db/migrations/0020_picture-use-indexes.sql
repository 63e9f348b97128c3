CREATE INDEX "products_images_idx" ON "products" USING gin ("images");--> statement-breakpoint
CREATE INDEX "order_items_image_idx" ON "order_items" USING btree ("image");