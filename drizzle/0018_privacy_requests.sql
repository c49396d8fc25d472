CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"action" text NOT NULL,
	"token_hash" text NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_token_idx" ON "privacy_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "privacy_requests_created_idx" ON "privacy_requests" USING btree ("created_at");