CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"order_id" text,
	"amount_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_once_key" UNIQUE NULLS NOT DISTINCT("payment_id","order_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_items" DROP CONSTRAINT "payment_items_product_id_products_id_fk";
--> statement-breakpoint
DROP INDEX "payouts_order_id_key";--> statement-breakpoint
DROP INDEX "ratings_product_user_key";--> statement-breakpoint
ALTER TABLE "payment_items" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "order_item_id" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_order_item_key" ON "ratings" USING btree ("order_item_id") WHERE "ratings"."order_item_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_live_order_key" ON "payouts" USING btree ("order_id") WHERE "payouts"."status" IN ('pending', 'success');--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_product_user_key" ON "ratings" USING btree ("product_id","user_id") WHERE "ratings"."order_item_id" IS NULL;--> statement-breakpoint
-- Declared here, not in the drizzle schema: catalogue.ts (ratings) must not import orders.ts (order_items).
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE SET NULL ON UPDATE no action;
