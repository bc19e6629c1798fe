CREATE TABLE "test_support_sent_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "test_support_sent_emails_recipient_idx" ON "test_support_sent_emails" USING btree ("recipient","id");