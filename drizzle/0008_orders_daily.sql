CREATE TABLE "orders_daily" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "orders_daily_day_status_payment_status_payment_method_pk" PRIMARY KEY("day","status","payment_status","payment_method")
);
--> statement-breakpoint
CREATE TABLE "rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"rolled_until" date
);
--> statement-breakpoint
INSERT INTO "rollup_state" ("name", "rolled_until") VALUES ('orders_daily', NULL);
--> statement-breakpoint
-- Keeps rolled-up days exact: an order inserted into, changed in or deleted from a day that
-- orders_daily already holds moves its count and total. The shared advisory lock (key 7405001, taken
-- exclusively by the rollup pass in src/server/admin/orders-rollup.ts) makes "is this day rolled up?"
-- and the pass's snapshot agree: whichever commits first, the other sees it.
CREATE FUNCTION "orders_daily_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rolled date;
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.status = NEW.status AND OLD.payment_status = NEW.payment_status
     AND OLD.payment_method = NEW.payment_method AND OLD.total_cents = NEW.total_cents
     AND OLD.created_at = NEW.created_at THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7405001);
  SELECT rolled_until INTO rolled FROM rollup_state WHERE name = 'orders_daily';
  IF rolled IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND (OLD.created_at AT TIME ZONE 'America/Sao_Paulo')::date <= rolled THEN
    UPDATE orders_daily
      SET orders = orders - 1, total_cents = total_cents - OLD.total_cents
      WHERE day = (OLD.created_at AT TIME ZONE 'America/Sao_Paulo')::date
        AND status = OLD.status AND payment_status = OLD.payment_status
        AND payment_method = OLD.payment_method;
  END IF;
  IF TG_OP <> 'DELETE' AND (NEW.created_at AT TIME ZONE 'America/Sao_Paulo')::date <= rolled THEN
    INSERT INTO orders_daily (day, status, payment_status, payment_method, orders, total_cents)
      VALUES ((NEW.created_at AT TIME ZONE 'America/Sao_Paulo')::date, NEW.status, NEW.payment_status,
              NEW.payment_method, 1, NEW.total_cents)
      ON CONFLICT (day, status, payment_status, payment_method) DO UPDATE
        SET orders = orders_daily.orders + 1,
            total_cents = orders_daily.total_cents + EXCLUDED.total_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_daily_apply" AFTER INSERT OR UPDATE OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_daily_apply"();
