CREATE TABLE "stand_in_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"stand_in_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stand_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stand_in_sessions" ADD CONSTRAINT "stand_in_sessions_stand_in_id_stand_ins_id_fk" FOREIGN KEY ("stand_in_id") REFERENCES "public"."stand_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stand_in_sessions_stand_in_idx" ON "stand_in_sessions" USING btree ("stand_in_id");--> statement-breakpoint
CREATE INDEX "stand_ins_email_idx" ON "stand_ins" USING btree ("email","created_at");