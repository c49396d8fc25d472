ALTER TABLE "payments" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "notice_ahead_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "notice_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_due_date" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "charges_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_plan_due_idx" ON "payments" USING btree ("due_date") WHERE "payments"."status" = 'pending' and "payments"."due_date" is not null;