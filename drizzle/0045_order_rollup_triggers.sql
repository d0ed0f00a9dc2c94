-- order_days and order_product_days (src/db/schema/order-rollups.ts): the Home report's daily
-- figures, kept by Postgres in the transaction that changes an order or its lines (order_days
-- as it commits), so they are never half-written and need no statement from the application. Each path adds the changed
-- rows' new share and takes away their old one: placing (insert), paying, cancelling,
-- refunding in part or in full, any status change, a line changed or removed, a product
-- deleted (its lines lose the product), an order deleted. Shares are summed per key first and
-- written in key order, so ON CONFLICT meets a key once and concurrent writers lock shared
-- rows in the same order. Keys of a shop being deleted are skipped (its rollups go with it).
-- Decisions: docs/decisions/marketing.md ("Home report from daily rollups").

-- Whether an order's lines count towards the Home report's best sellers: paid, and neither
-- cancelled nor refunded (status `refunded` or a completed refund).
CREATE OR REPLACE FUNCTION public.order_counts_as_paid_sale(status order_status, payment payment_status, refund refund_state)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT payment = 'fully-paid' AND status NOT IN ('cancelled', 'refunded') AND refund <> 'refunded' $$;--> statement-breakpoint

-- Adds (shop, day, orders, paid orders, net sales) shares to order_days.
CREATE OR REPLACE FUNCTION public.order_days_add(d_shops uuid[], d_days date[], d_orders integer[],
  d_paid integer[], d_sales bigint[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.order_days AS t (shop_id, day, orders, paid_orders, sales_minor)
  SELECT u.shop_id, u.day, sum(u.orders)::integer, sum(u.paid)::integer, sum(u.sales)::bigint
  FROM unnest(d_shops, d_days, d_orders, d_paid, d_sales) AS u(shop_id, day, orders, paid, sales)
  WHERE EXISTS (SELECT 1 FROM public.shops s WHERE s.id = u.shop_id)
  GROUP BY u.shop_id, u.day
  HAVING sum(u.orders) <> 0 OR sum(u.paid) <> 0 OR sum(u.sales) <> 0
  ORDER BY u.shop_id, u.day
  ON CONFLICT (shop_id, day) DO UPDATE SET orders = t.orders + excluded.orders,
    paid_orders = t.paid_orders + excluded.paid_orders,
    sales_minor = t.sales_minor + excluded.sales_minor
$$;--> statement-breakpoint

-- Adds (shop, day, product, units, line totals) shares to order_product_days.
CREATE OR REPLACE FUNCTION public.order_product_days_add(d_shops uuid[], d_days date[],
  d_products uuid[], d_units integer[], d_sales bigint[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.order_product_days AS t (shop_id, day, product_id, units, sales_minor)
  SELECT u.shop_id, u.day, u.product_id, sum(u.units)::integer, sum(u.sales)::bigint
  FROM unnest(d_shops, d_days, d_products, d_units, d_sales) AS u(shop_id, day, product_id, units, sales)
  WHERE u.product_id IS NOT NULL AND EXISTS (SELECT 1 FROM public.shops s WHERE s.id = u.shop_id)
  GROUP BY u.shop_id, u.day, u.product_id
  HAVING sum(u.units) <> 0 OR sum(u.sales) <> 0
  ORDER BY u.shop_id, u.day, u.product_id
  ON CONFLICT (shop_id, day, product_id) DO UPDATE SET units = t.units + excluded.units,
    sales_minor = t.sales_minor + excluded.sales_minor
$$;--> statement-breakpoint

-- An order placed, changed or deleted: its share of order_days (an order counts on the UTC
-- day it was placed unless cancelled; its sale is paid less refunded, never below zero, once
-- fully paid). Its old share out and its new one in, written at COMMIT (the triggers below are
-- deferred): the shop's row of the day is the one row every order of the shop writes, so it
-- is locked only while the transaction commits, never while it waits on stock or coupons.
CREATE OR REPLACE FUNCTION public.orders_days_share() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.order_days_add(array_agg(c.shop_id), array_agg(c.day), array_agg(c.sign),
    array_agg(c.sign * c.paid), array_agg(c.sign * c.sales))
  FROM (
    SELECT -1 AS sign, OLD.shop_id AS shop_id, (OLD.created_at AT TIME ZONE 'UTC')::date AS day,
      (OLD.payment_status = 'fully-paid')::integer AS paid,
      CASE WHEN OLD.payment_status = 'fully-paid'
        THEN greatest(OLD.paid_total_minor - OLD.refunded_total_minor, 0) ELSE 0 END AS sales
    WHERE TG_OP <> 'INSERT' AND OLD.status <> 'cancelled'
    UNION ALL
    SELECT 1, NEW.shop_id, (NEW.created_at AT TIME ZONE 'UTC')::date,
      (NEW.payment_status = 'fully-paid')::integer,
      CASE WHEN NEW.payment_status = 'fully-paid'
        THEN greatest(NEW.paid_total_minor - NEW.refunded_total_minor, 0) ELSE 0 END
    WHERE TG_OP <> 'DELETE' AND NEW.status <> 'cancelled'
  ) c;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Orders changed: a change of state or placing day moves their lines' share of
-- order_product_days (placing and deleting are the lines' triggers' and the row trigger's).
CREATE OR REPLACE FUNCTION public.orders_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.order_product_days_add(array_agg(l.shop_id), array_agg(c.day),
    array_agg(l.product_id), array_agg(c.sign * l.quantity), array_agg(c.sign * l.total_minor))
  FROM (
    SELECT o.id, o.shop_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, -1 AS sign
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE public.order_counts_as_paid_sale(o.status, o.payment_status, o.refund_state)
      AND (NOT public.order_counts_as_paid_sale(n.status, n.payment_status, n.refund_state)
        OR (o.created_at, o.shop_id) IS DISTINCT FROM (n.created_at, n.shop_id))
    UNION ALL
    SELECT n.id, n.shop_id, (n.created_at AT TIME ZONE 'UTC')::date, 1
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE public.order_counts_as_paid_sale(n.status, n.payment_status, n.refund_state)
      AND (NOT public.order_counts_as_paid_sale(o.status, o.payment_status, o.refund_state)
        OR (o.created_at, o.shop_id) IS DISTINCT FROM (n.created_at, n.shop_id))
  ) c
  JOIN public.order_lines l ON l.shop_id = c.shop_id AND l.order_id = c.id
  WHERE l.product_id IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- An order about to be deleted takes its lines' share away while they can still be read with
-- it (its lines are deleted after it, by their foreign key, when it can no longer be read).
CREATE OR REPLACE FUNCTION public.orders_rollups_delete_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nothing to do for the orders of a shop being deleted: its rollups go with it.
  IF public.order_counts_as_paid_sale(OLD.status, OLD.payment_status, OLD.refund_state)
    AND EXISTS (SELECT 1 FROM public.shops s WHERE s.id = OLD.shop_id) THEN
    PERFORM public.order_product_days_add(array_agg(l.shop_id),
      array_agg((OLD.created_at AT TIME ZONE 'UTC')::date), array_agg(l.product_id),
      array_agg(-l.quantity), array_agg(-l.total_minor))
    FROM public.order_lines l
    WHERE l.shop_id = OLD.shop_id AND l.order_id = OLD.id AND l.product_id IS NOT NULL;
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint

-- Lines written, removed or changed (order, product, quantity, total) in an order that counts:
-- the shares of those of the lines whose order counts, on the order's day.
CREATE OR REPLACE FUNCTION public.order_lines_rollups_add(c_shops uuid[], c_orders uuid[],
  c_products uuid[], c_units integer[], c_sales bigint[])
  RETURNS void LANGUAGE sql AS $$
  SELECT public.order_product_days_add(array_agg(c.shop_id),
    array_agg((o.created_at AT TIME ZONE 'UTC')::date), array_agg(c.product_id),
    array_agg(c.units), array_agg(c.sales))
  FROM unnest(c_shops, c_orders, c_products, c_units, c_sales) AS c(shop_id, order_id, product_id, units, sales)
  JOIN public.orders o ON o.id = c.order_id AND o.shop_id = c.shop_id
  WHERE c.product_id IS NOT NULL
    AND public.order_counts_as_paid_sale(o.status, o.payment_status, o.refund_state)
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.order_lines_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.order_lines_rollups_add(array_agg(n.shop_id), array_agg(n.order_id),
      array_agg(n.product_id), array_agg(n.quantity), array_agg(n.total_minor))
    FROM new_rows n WHERE n.product_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.order_lines_rollups_add(array_agg(d.shop_id), array_agg(d.order_id),
      array_agg(d.product_id), array_agg(-d.quantity), array_agg(-d.total_minor))
    FROM old_rows d WHERE d.product_id IS NOT NULL;
  ELSE
    PERFORM public.order_lines_rollups_add(array_agg(x.shop_id), array_agg(x.order_id),
      array_agg(x.product_id), array_agg(x.units), array_agg(x.sales))
    FROM old_rows d JOIN new_rows n ON n.id = d.id
    CROSS JOIN LATERAL (VALUES
      (d.shop_id, d.order_id, d.product_id, -d.quantity, -d.total_minor),
      (n.shop_id, n.order_id, n.product_id, n.quantity, n.total_minor)
    ) x(shop_id, order_id, product_id, units, sales)
    WHERE (d.shop_id, d.order_id, d.product_id, d.quantity, d.total_minor)
      IS DISTINCT FROM (n.shop_id, n.order_id, n.product_id, n.quantity, n.total_minor);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE CONSTRAINT TRIGGER orders_days_share_insert AFTER INSERT ON public.orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.orders_days_share();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_days_share_update AFTER UPDATE ON public.orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN ((OLD.shop_id, OLD.created_at, OLD.status, OLD.payment_status,
    OLD.paid_total_minor, OLD.refunded_total_minor) IS DISTINCT FROM (NEW.shop_id,
    NEW.created_at, NEW.status, NEW.payment_status, NEW.paid_total_minor,
    NEW.refunded_total_minor))
  EXECUTE FUNCTION public.orders_days_share();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_days_share_delete AFTER DELETE ON public.orders
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION public.orders_days_share();--> statement-breakpoint
CREATE TRIGGER orders_rollups_update AFTER UPDATE ON public.orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.orders_rollups();--> statement-breakpoint
CREATE TRIGGER orders_rollups_delete_lines BEFORE DELETE ON public.orders
  FOR EACH ROW EXECUTE FUNCTION public.orders_rollups_delete_lines();--> statement-breakpoint
CREATE TRIGGER order_lines_rollups_insert AFTER INSERT ON public.order_lines
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.order_lines_rollups();--> statement-breakpoint
CREATE TRIGGER order_lines_rollups_update AFTER UPDATE ON public.order_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.order_lines_rollups();--> statement-breakpoint
CREATE TRIGGER order_lines_rollups_delete AFTER DELETE ON public.order_lines
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.order_lines_rollups();--> statement-breakpoint

-- The figures of the orders already there.
INSERT INTO public.order_days (shop_id, day, orders, paid_orders, sales_minor)
SELECT o.shop_id, (o.created_at AT TIME ZONE 'UTC')::date, count(*)::integer,
  (count(*) FILTER (WHERE o.payment_status = 'fully-paid'))::integer,
  coalesce(sum(greatest(o.paid_total_minor - o.refunded_total_minor, 0))
    FILTER (WHERE o.payment_status = 'fully-paid'), 0)::bigint
FROM public.orders o
WHERE o.status <> 'cancelled'
GROUP BY 1, 2;--> statement-breakpoint

INSERT INTO public.order_product_days (shop_id, day, product_id, units, sales_minor)
SELECT l.shop_id, (o.created_at AT TIME ZONE 'UTC')::date, l.product_id, sum(l.quantity)::integer,
  sum(l.total_minor)::bigint
FROM public.order_lines l
JOIN public.orders o ON o.id = l.order_id AND o.shop_id = l.shop_id
WHERE l.product_id IS NOT NULL
  AND public.order_counts_as_paid_sale(o.status, o.payment_status, o.refund_state)
GROUP BY 1, 2, 3;
