-- Issue 27: NFS-e through Asaas, off by default: the shop's invoice settings and one invoice per paid order
-- (docs/decisions/033-nfse-through-asaas.md).
CREATE TABLE "invoice_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"issue_on" text DEFAULT 'payment' NOT NULL,
	"municipal_service_id" text,
	"municipal_service_code" text,
	"municipal_service_name" text DEFAULT '' NOT NULL,
	"description_template" text DEFAULT '{servico} (pedido {pedido})' NOT NULL,
	"retain_iss" boolean DEFAULT false NOT NULL,
	"iss_basis_points" integer DEFAULT 0 NOT NULL,
	"pis_basis_points" integer DEFAULT 0 NOT NULL,
	"cofins_basis_points" integer DEFAULT 0 NOT NULL,
	"csll_basis_points" integer DEFAULT 0 NOT NULL,
	"inss_basis_points" integer DEFAULT 0 NOT NULL,
	"ir_basis_points" integer DEFAULT 0 NOT NULL,
	"cancel_on_refund" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"provider_invoice_id" text,
	"value_cents" integer NOT NULL,
	"number" text,
	"pdf_url" text,
	"xml_url" text,
	"status_description" text,
	"lock_until" timestamp with time zone,
	"answer_lost_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_provider_invoice_id_unique" UNIQUE("provider_invoice_id")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","created_at");