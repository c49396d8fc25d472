CREATE TABLE "analytics_daily" (
	"day" text NOT NULL,
	"etapa" text NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_etapa_pk" PRIMARY KEY("day","etapa")
);
--> statement-breakpoint
CREATE INDEX "analytics_created_at_idx" ON "analytics" USING btree ("created_at","etapa");