-- Every change of a charge's state and of an order's status or payment status in the order's history
-- (order_audit, the panel's "Histórico"), in the transaction that makes it (issue 46 §5, ADR 056). Who: the
-- operator the transaction names (set_config('impulso.actor', …, true), src/server/orders/order-history.repo.ts),
-- else the charge's provider or "loja". When: the row's own updated_at, the clock of the code that wrote it.
CREATE FUNCTION "order_history_actor"(fallback text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('impulso.actor', true), ''), fallback)
$$;
--> statement-breakpoint
CREATE FUNCTION "payments_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An attempt being created is not yet a charge: its first state after the provider's answer is.
  IF TG_OP = 'INSERT' AND NEW.status = 'creating' THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN RETURN NEW; END IF;
  INSERT INTO "order_audit" ("order_id", "actor", "field", "old_value", "new_value", "created_at")
  VALUES (
    NEW.order_id,
    order_history_actor(NEW.provider),
    'cobrança ' || NEW.method,
    CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END,
    NEW.status,
    CASE WHEN TG_OP = 'UPDATE' AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN now()
      ELSE NEW.updated_at END
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_history" AFTER INSERT OR UPDATE OF "status" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_history"();
--> statement-breakpoint
CREATE FUNCTION "orders_history"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := CASE WHEN NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN now() ELSE NEW.updated_at END;
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO "order_audit" ("order_id", "actor", "field", "old_value", "new_value", "created_at")
    VALUES (NEW.id, order_history_actor('loja'), 'status', OLD.status, NEW.status, at);
  END IF;
  IF NEW.payment_status IS DISTINCT FROM OLD.payment_status THEN
    INSERT INTO "order_audit" ("order_id", "actor", "field", "old_value", "new_value", "created_at")
    VALUES (NEW.id, order_history_actor('loja'), 'payment_status', OLD.payment_status, NEW.payment_status, at);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_history" AFTER UPDATE OF "status", "payment_status" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_history"();
--> statement-breakpoint
-- A refund's request is written by the code that records it (src/server/payments/refunds.ts), with its
-- amount and reason; where it ends (sent, refunded, failed…) by the database.
CREATE FUNCTION "refunds_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS NOT DISTINCT FROM OLD.status THEN RETURN NEW; END IF;
  INSERT INTO "order_audit" ("order_id", "actor", "field", "old_value", "new_value", "created_at")
  VALUES (NEW.order_id, order_history_actor('loja'), 'reembolso', OLD.status, NEW.status, now());
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "refunds_history" AFTER UPDATE OF "status" ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "refunds_history"();
