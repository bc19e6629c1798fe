ALTER TABLE "users" ADD COLUMN "email_canonical" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_canonical_key" ON "users" USING btree ("email_canonical");