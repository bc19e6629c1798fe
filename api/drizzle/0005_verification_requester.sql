ALTER TABLE "email_verifications" ADD COLUMN "others_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "requested_from" text;