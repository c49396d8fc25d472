DROP INDEX "orders_user_idx";--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."user_id" is not null;