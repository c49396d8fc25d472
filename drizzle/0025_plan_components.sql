-- Issue 26: each engagement component of a monthly plan (likes per post, story views, video views) with its
-- quantity and panel service, and the deliveries that carry them as subscription-type panel orders
-- (docs/decisions/032-plan-components.md).
CREATE TABLE "catalogue_plan_components" (
	"plan_id" text NOT NULL,
	"component" text NOT NULL,
	"quantity" integer NOT NULL,
	"panel_service_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_plan_components_plan_id_component_pk" PRIMARY KEY("plan_id","component")
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "component" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "stop_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "left_to_expire" boolean DEFAULT false NOT NULL;--> statement-breakpoint
INSERT INTO "catalogue_plan_components" ("plan_id", "component", "quantity") VALUES
	('simples', 'likes_per_post', 40),
	('simples', 'story_views', 35),
	('simples', 'video_views', 150),
	('avancado', 'likes_per_post', 100),
	('avancado', 'story_views', 70),
	('avancado', 'video_views', 250)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The cards' engagement lines are written from the components from now on (ADR 032).
UPDATE "catalogue_plans" SET "features" = "features" - '40 curtidas por publicação' - '35 visualizações de story' - '150 visualizações de vídeo' WHERE "id" = 'simples';
--> statement-breakpoint
UPDATE "catalogue_plans" SET "features" = "features" - '100 curtidas por publicação' - '70 visualizações de story' - '250 visualizações de vídeo' WHERE "id" = 'avancado';
