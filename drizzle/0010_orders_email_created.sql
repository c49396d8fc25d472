DROP INDEX "orders_email_idx";--> statement-breakpoint
CREATE INDEX "orders_email_created_idx" ON "orders" USING btree ("email","created_at");