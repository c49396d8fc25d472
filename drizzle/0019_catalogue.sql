CREATE TABLE "catalogue_packages" (
	"product" text NOT NULL,
	"amount" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"perks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"panel_service_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_packages_product_amount_pk" PRIMARY KEY("product","amount")
);
--> statement-breakpoint
CREATE TABLE "catalogue_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"price_cents" integer NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"badge" text,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"daily_min" integer NOT NULL,
	"daily_max" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_products" (
	"id" text PRIMARY KEY NOT NULL,
	"add_on_unit_cents" integer NOT NULL,
	"guarantee_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "guarantee_days" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The catalogue the shop opened with (docs/product.md#catalogue, #add-ons), until now in
-- src/shared/catalogue.ts.
INSERT INTO "catalogue_products" ("id", "add_on_unit_cents", "guarantee_days") VALUES
	('followers', 6, 30), ('likes', 8, 15), ('views', 2, 15);
--> statement-breakpoint
INSERT INTO "catalogue_packages" ("product", "amount", "price_cents", "popular", "perks") VALUES
	('followers', 200, 1690, false, '[]'),
	('followers', 500, 4590, false, '[]'),
	('followers', 1000, 8590, true, '[]'),
	('followers', 2000, 13590, false, '["Suporte prioritário"]'),
	('followers', 3000, 19590, false, '["Suporte prioritário"]'),
	('followers', 4000, 25590, false, '["Suporte VIP"]'),
	('followers', 5000, 32590, false, '["Suporte VIP"]'),
	('followers', 10000, 62590, false, '["Suporte VIP", "Entrega expressa"]'),
	('likes', 500, 2690, false, '[]'),
	('likes', 1000, 3990, false, '[]'),
	('likes', 2000, 7590, true, '[]'),
	('likes', 4000, 13990, false, '[]'),
	('views', 1000, 1090, false, '[]'),
	('views', 2000, 2090, false, '[]'),
	('views', 3000, 3090, true, '[]'),
	('views', 4000, 4090, false, '[]');
--> statement-breakpoint
INSERT INTO "catalogue_plans" ("id", "price_cents", "popular", "badge", "features", "benefits", "daily_min", "daily_max") VALUES
	('iniciante', 9700, false, NULL, '[]',
		'["Crescimento diário e gradual", "Público brasileiro", "Cancele quando quiser pelo WhatsApp"]', 16, 25),
	('simples', 19700, true, 'Mais escolhido',
		'["40 curtidas por publicação", "35 visualizações de story", "150 visualizações de vídeo"]',
		'["Tudo do Iniciante", "Engajamento em cada publicação", "Suporte prioritário"]', 25, 50),
	('avancado', 39700, false, NULL,
		'["100 curtidas por publicação", "70 visualizações de story", "250 visualizações de vídeo"]',
		'["Tudo do Simples", "Máximo alcance mensal", "Suporte VIP"]', 50, 75);
--> statement-breakpoint
INSERT INTO "shop_settings" ("key", "value") VALUES ('catalogue_version', 1) ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
-- Deliveries made before this migration keep the guarantee they were sold with.
UPDATE "deliveries" SET "guarantee_days" = CASE WHEN "product" = 'followers' THEN 30 ELSE 15 END;
