-- Issue 25 §4: texts the owner edits in the panel, first the shop's numbers ("Números da loja", ADR 031).
-- No row: the defaults in code.
CREATE TABLE "shop_texts" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
