ALTER TABLE "orders" ADD COLUMN "company_cnpj" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "invoice_settings_of" timestamp with time zone;