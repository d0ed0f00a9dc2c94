-- product_sales: the units of each product sold in orders that count as sales, kept by
-- Postgres so best sellers read a ranking instead of summing every order line of the shop.
-- The rule is the one best sellers always had: an order counts unless it is cancelled or
-- refunded (status `refunded` or a completed refund); its lines' quantities are summed.
CREATE OR REPLACE FUNCTION public.order_counts_as_sale(status order_status, refund refund_state)
  RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT status NOT IN ('cancelled', 'refunded') AND refund <> 'refunded' $$;--> statement-breakpoint

-- Adds each (shop, product, units) delta, summed per product first; rows are written in
-- product order so concurrent writers lock them in the same order.
CREATE OR REPLACE FUNCTION public.product_sales_add(sale_shops uuid[], sale_products uuid[], sale_units integer[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.product_sales AS s (shop_id, product_id, units, product_created_at)
  SELECT d.shop_id, d.product_id, d.units, p.created_at
  FROM (
    SELECT u.shop_id, u.product_id, sum(u.units)::integer AS units
    FROM unnest(sale_shops, sale_products, sale_units) AS u(shop_id, product_id, units)
    WHERE u.product_id IS NOT NULL
    GROUP BY u.shop_id, u.product_id
    HAVING sum(u.units) <> 0
  ) d
  JOIN public.products p ON p.id = d.product_id AND p.shop_id = d.shop_id
  ORDER BY d.shop_id, d.product_id
  ON CONFLICT (shop_id, product_id) DO UPDATE SET units = s.units + excluded.units
$$;--> statement-breakpoint

-- Lines written, removed or changed (product, quantity) in an order that counts.
CREATE OR REPLACE FUNCTION public.order_lines_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.product_sales_add(array_agg(n.shop_id), array_agg(n.product_id), array_agg(n.quantity))
    FROM new_rows n JOIN public.orders o ON o.id = n.order_id AND o.shop_id = n.shop_id
    WHERE n.product_id IS NOT NULL AND public.order_counts_as_sale(o.status, o.refund_state);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.product_sales_add(array_agg(d.shop_id), array_agg(d.product_id), array_agg(-d.quantity))
    FROM old_rows d JOIN public.orders o ON o.id = d.order_id AND o.shop_id = d.shop_id
    WHERE d.product_id IS NOT NULL AND public.order_counts_as_sale(o.status, o.refund_state);
  ELSE
    PERFORM public.product_sales_add(array_agg(c.shop_id), array_agg(c.product_id), array_agg(c.units))
    FROM (
      SELECT d.shop_id, d.order_id, d.product_id, -d.quantity AS units FROM old_rows d
      UNION ALL SELECT n.shop_id, n.order_id, n.product_id, n.quantity FROM new_rows n
    ) c
    JOIN public.orders o ON o.id = c.order_id AND o.shop_id = c.shop_id
    WHERE c.product_id IS NOT NULL AND public.order_counts_as_sale(o.status, o.refund_state);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Orders that start or stop counting (cancelled, refunded, or back): all their lines' units.
CREATE OR REPLACE FUNCTION public.orders_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM public.product_sales_add(array_agg(l.shop_id), array_agg(l.product_id),
    array_agg(l.quantity * c.sign))
  FROM (
    SELECT n.id, n.shop_id,
      CASE WHEN public.order_counts_as_sale(n.status, n.refund_state) THEN 1 ELSE -1 END AS sign
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE public.order_counts_as_sale(o.status, o.refund_state)
      <> public.order_counts_as_sale(n.status, n.refund_state)
  ) c
  JOIN public.order_lines l ON l.shop_id = c.shop_id AND l.order_id = c.id
  WHERE l.product_id IS NOT NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER order_lines_sales_insert AFTER INSERT ON public.order_lines
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.order_lines_sales();--> statement-breakpoint
CREATE TRIGGER order_lines_sales_update AFTER UPDATE ON public.order_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.order_lines_sales();--> statement-breakpoint
CREATE TRIGGER order_lines_sales_delete AFTER DELETE ON public.order_lines
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.order_lines_sales();--> statement-breakpoint
CREATE TRIGGER orders_sales_update AFTER UPDATE ON public.orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.orders_sales();--> statement-breakpoint

INSERT INTO public.product_sales (shop_id, product_id, units, product_created_at)
SELECT l.shop_id, l.product_id, sum(l.quantity)::integer, p.created_at
FROM public.order_lines l
JOIN public.orders o ON o.id = l.order_id AND o.shop_id = l.shop_id
JOIN public.products p ON p.id = l.product_id AND p.shop_id = l.shop_id
WHERE public.order_counts_as_sale(o.status, o.refund_state)
GROUP BY l.shop_id, l.product_id, p.created_at;
