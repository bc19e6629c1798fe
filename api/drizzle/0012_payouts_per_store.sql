DROP INDEX "payouts_live_order_key";--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "fee_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_live_store_key" ON "payouts" USING btree ("seller_id") WHERE "payouts"."status" = 'pending' AND "payouts"."order_id" IS NULL;