ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expiry_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reminder_queued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_pix_expiry_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'PENDING' and "payments"."method" = 'pix' and "payments"."expiry_queued_at" is null;--> statement-breakpoint
CREATE INDEX "payments_pix_reminder_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'PENDING' and "payments"."method" = 'pix' and "payments"."reminder_queued_at" is null;--> statement-breakpoint
-- Charges already open before this version get no reminder (it would reach buyers of long ago).
UPDATE "payments" SET "reminder_queued_at" = now() WHERE "status" = 'PENDING' AND "method" = 'pix';
