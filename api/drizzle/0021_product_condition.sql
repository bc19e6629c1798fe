ALTER TABLE "products" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "search_records" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_condition_known" CHECK ("products"."condition" IN ('new', 'fairly-used', 'used'));