ALTER TABLE "orders" ADD COLUMN "completion_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completion_reissues" integer DEFAULT 0 NOT NULL;