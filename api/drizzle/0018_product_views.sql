CREATE TABLE "product_views_daily" (
	"product_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "product_views_daily_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
CREATE TABLE "product_views_seen" (
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"viewer_hash" text NOT NULL,
	CONSTRAINT "product_views_seen_day_product_id_viewer_hash_pk" PRIMARY KEY("day","product_id","viewer_hash")
);
--> statement-breakpoint
ALTER TABLE "product_views_daily" ADD CONSTRAINT "product_views_daily_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_views_daily_day_idx" ON "product_views_daily" USING btree ("day");