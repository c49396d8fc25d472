ALTER TABLE "invoices" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
-- An invoice already AUTHORIZED was last written by that move: its updated_at is when it was learned.
UPDATE "invoices" SET "issued_at" = "updated_at" WHERE "status" = 'AUTHORIZED';
