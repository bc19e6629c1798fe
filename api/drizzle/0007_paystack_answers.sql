ALTER TABLE "payments" ADD COLUMN "paystack_transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_group" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "paystack_refund_id" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "paystack_status" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attention" text;--> statement-breakpoint
CREATE INDEX "payments_checkout_group_idx" ON "payments" USING btree ("checkout_group");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_paystack_id_key" ON "refunds" USING btree ("paystack_refund_id");