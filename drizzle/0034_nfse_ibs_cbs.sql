ALTER TABLE "invoice_settings" ADD COLUMN "nbs_code" text;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN "tax_situation_code" text;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN "tax_classification_code" text;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD COLUMN "operation_indicator_code" text;