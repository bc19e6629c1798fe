CREATE TABLE "session_renewal_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "idle_expires_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_canonical" text;--> statement-breakpoint
ALTER TABLE "session_renewal_tokens" ADD CONSTRAINT "session_renewal_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_renewal_tokens_session_id_idx" ON "session_renewal_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_canonical_key" ON "users" USING btree ("email_canonical");--> statement-breakpoint
-- Hand-written: sessions from before renewal tokens cannot be renewed; their 30-day bearer tokens end within 15 minutes.
UPDATE "sessions" SET "expires_at" = LEAST("expires_at", now() + interval '15 minutes') WHERE "revoked_at" IS NULL;
