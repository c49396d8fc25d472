DROP INDEX "payments_pix_expiry_idx";--> statement-breakpoint
DROP INDEX "payments_pix_reminder_idx";--> statement-breakpoint
DROP INDEX "payments_one_attempt_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge_lock_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge_lock_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "payments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "answer_lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
-- Payments take the shop's own words (shared/payment-states.ts): Asaas's status words and our old
-- upper-case ones are translated once, here.
UPDATE "payments" SET "status" = CASE "status"
  WHEN 'PENDING' THEN 'pending' WHEN 'OVERDUE' THEN 'pending' WHEN 'DUNNING_REQUESTED' THEN 'pending'
  WHEN 'AWAITING_RISK_ANALYSIS' THEN 'in_analysis' WHEN 'AUTHORIZED' THEN 'in_analysis'
  WHEN 'CONFIRMED' THEN 'paid' WHEN 'RECEIVED' THEN 'paid' WHEN 'RECEIVED_IN_CASH' THEN 'paid'
  WHEN 'DUNNING_RECEIVED' THEN 'paid'
  WHEN 'REFUND_REQUESTED' THEN 'refund_requested' WHEN 'REFUND_IN_PROGRESS' THEN 'refund_requested'
  WHEN 'REFUNDED' THEN 'refunded'
  WHEN 'CHARGEBACK_REQUESTED' THEN 'chargeback' WHEN 'CHARGEBACK_DISPUTE' THEN 'chargeback'
  WHEN 'AWAITING_CHARGEBACK_REVERSAL' THEN 'chargeback'
  WHEN 'DECLINED' THEN 'declined' WHEN 'REPROVED_BY_RISK_ANALYSIS' THEN 'reproved'
  WHEN 'REPLACED' THEN 'replaced' WHEN 'EXPIRED' THEN 'expired' WHEN 'DELETED' THEN 'removed'
  WHEN 'CREATING' THEN 'creating' WHEN 'UNKNOWN' THEN 'unknown' WHEN 'AWAITING_CHARGE' THEN 'awaiting_charge'
  ELSE 'failed' END;--> statement-breakpoint
-- A plan is active once its first month is paid; until then it is pending (an unpaid first PIX expires).
UPDATE "subscriptions" SET "status" = 'pending'
  WHERE "status" = 'active' AND NOT EXISTS (
    SELECT 1 FROM "orders" o WHERE o."id" = "subscriptions"."first_order_id" AND o."payment_status" <> 'unpaid');--> statement-breakpoint
CREATE INDEX "payments_answer_lost_idx" ON "payments" USING btree ("answer_lost_at") WHERE "payments"."answer_lost_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_pix_expiry_idx" ON "payments" USING btree ("expires_at") WHERE "payments"."status" = 'pending' and "payments"."method" = 'pix' and "payments"."expiry_queued_at" is null;--> statement-breakpoint
CREATE INDEX "payments_pix_reminder_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending' and "payments"."method" = 'pix' and "payments"."reminder_queued_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_attempt_idx" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'creating';