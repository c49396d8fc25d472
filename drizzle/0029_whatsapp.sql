-- Issue 28: WhatsApp messages through the Cloud API, off by default (docs/decisions/037-whatsapp-cloud-api.md):
-- the buyer's consent on the order, one message per order and kind, opt-outs, applied webhook events and
-- the template names the owner sets in the panel.
CREATE TABLE "whatsapp_events" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"wamid" text,
	"error_code" integer,
	"error_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_order_kind_idx" ON "whatsapp_messages" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_wamid_idx" ON "whatsapp_messages" USING btree ("wamid");