ALTER TABLE "sellers" ADD COLUMN "bank_code" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "bank_account_changed_at" timestamp with time zone;