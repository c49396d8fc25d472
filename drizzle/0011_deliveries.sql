CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"product" text NOT NULL,
	"link" text NOT NULL,
	"quantity" integer NOT NULL,
	"runs" integer,
	"interval_minutes" integer,
	"state" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"service_id" text,
	"panel_order_id" text,
	"submitted_at" timestamp with time zone,
	"submit_attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"charge" text,
	"currency" text,
	"start_count" integer,
	"remains" integer,
	"checked_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"refillable" boolean DEFAULT false NOT NULL,
	"refill_id" text,
	"refill_status" text,
	"refill_requested_at" timestamp with time zone,
	"link_invalid_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_alerts" (
	"key" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_order_item_idx" ON "deliveries" USING btree ("order_id","item_key");--> statement-breakpoint
CREATE INDEX "deliveries_open_idx" ON "deliveries" USING btree ("checked_at") WHERE "deliveries"."state" in ('pending', 'in_progress') or "deliveries"."refill_status" in ('pending', 'in_progress');--> statement-breakpoint
CREATE INDEX "deliveries_attention_idx" ON "deliveries" USING btree ("updated_at") WHERE "deliveries"."state" in ('unknown', 'invalid_link', 'refused', 'partial', 'manual');