-- Statement triggers that find nothing to do stop there. Every order's statements fire
-- statement-level triggers whose transition tables hold no row that matters (an update of no
-- variant, an order renumbered, a card upserted unchanged), and each still called its worker
-- function with empty arrays, which planned and ran statements over nothing; an update of no
-- variant even rebuilt no search document through an UPDATE of no product, firing that
-- table's statement triggers in turn. A PERFORM over array_agg now has HAVING count(*) > 0
-- (no row, no call), and product_variants_follow returns when no variant row moved. The
-- bodies are otherwise the latest ones. Decision: docs/decisions/orders.md ("Statement
-- triggers with nothing to do stop at once").

CREATE OR REPLACE FUNCTION public.product_cards_follow_products()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.product_cards_refresh(array_agg(n.id ORDER BY n.id)) FROM new_rows n
    HAVING count(*) > 0;
  ELSE
    PERFORM public.product_cards_refresh(array_agg(n.id ORDER BY n.id))
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE to_jsonb(n) - 'updated_at' IS DISTINCT FROM to_jsonb(o) - 'updated_at'
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_words_follow()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.search_words_count(array_agg(n.shop_id), array_agg(n.search_vector), array_agg(1))
    FROM new_rows n WHERE n.status = 'published'
    HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.search_words_count(array_agg(o.shop_id), array_agg(o.search_vector), array_agg(-1))
    FROM old_rows o WHERE o.status = 'published'
    HAVING count(*) > 0;
  ELSE
    PERFORM public.search_words_count(array_agg(c.shop_id), array_agg(c.search_vector), array_agg(c.sign))
    FROM (
      SELECT o.shop_id, o.search_vector, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status = 'published' AND (n.status <> 'published' OR n.shop_id <> o.shop_id
        OR n.search_vector IS DISTINCT FROM o.search_vector)
      UNION ALL
      SELECT n.shop_id, n.search_vector, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.status = 'published' AND (o.status <> 'published' OR n.shop_id <> o.shop_id
        OR n.search_vector IS DISTINCT FROM o.search_vector)
    ) c
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.orders_sales()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
  WHERE l.product_id IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.orders_rollups()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
  WHERE l.product_id IS NOT NULL
    HAVING count(*) > 0;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.order_lines_rollups()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.order_lines_rollups_add(array_agg(n.shop_id), array_agg(n.order_id),
      array_agg(n.product_id), array_agg(n.quantity), array_agg(n.total_minor))
    FROM new_rows n WHERE n.product_id IS NOT NULL
    HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.order_lines_rollups_add(array_agg(d.shop_id), array_agg(d.order_id),
      array_agg(d.product_id), array_agg(-d.quantity), array_agg(-d.total_minor))
    FROM old_rows d WHERE d.product_id IS NOT NULL
    HAVING count(*) > 0;
  ELSE
    PERFORM public.order_lines_rollups_add(array_agg(x.shop_id), array_agg(x.order_id),
      array_agg(x.product_id), array_agg(x.units), array_agg(x.sales))
    FROM old_rows d JOIN new_rows n ON n.id = d.id
    CROSS JOIN LATERAL (VALUES
      (d.shop_id, d.order_id, d.product_id, -d.quantity, -d.total_minor),
      (n.shop_id, n.order_id, n.product_id, n.quantity, n.total_minor)
    ) x(shop_id, order_id, product_id, units, sales)
    WHERE (d.shop_id, d.order_id, d.product_id, d.quantity, d.total_minor)
      IS DISTINCT FROM (n.shop_id, n.order_id, n.product_id, n.quantity, n.total_minor)
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.order_lines_sales()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.product_sales_add(array_agg(n.shop_id), array_agg(n.product_id), array_agg(n.quantity))
    FROM new_rows n JOIN public.orders o ON o.id = n.order_id AND o.shop_id = n.shop_id
    WHERE n.product_id IS NOT NULL AND public.order_counts_as_sale(o.status, o.refund_state)
    HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.product_sales_add(array_agg(d.shop_id), array_agg(d.product_id), array_agg(-d.quantity))
    FROM old_rows d JOIN public.orders o ON o.id = d.order_id AND o.shop_id = d.shop_id
    WHERE d.product_id IS NOT NULL AND public.order_counts_as_sale(o.status, o.refund_state)
    HAVING count(*) > 0;
  ELSE
    PERFORM public.product_sales_add(array_agg(c.shop_id), array_agg(c.product_id), array_agg(c.units))
    FROM (
      SELECT d.shop_id, d.order_id, d.product_id, -d.quantity AS units FROM old_rows d
      UNION ALL SELECT n.shop_id, n.order_id, n.product_id, n.quantity FROM new_rows n
    ) c
    JOIN public.orders o ON o.id = c.order_id AND o.shop_id = c.shop_id
    WHERE c.product_id IS NOT NULL AND public.order_counts_as_sale(o.status, o.refund_state)
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.product_cards_take_marks()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.best_seller_marks_take(array_agg(n.shop_id), array_agg(n.id), false)
    FROM new_rows n
    HAVING count(*) > 0;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM public.best_seller_marks_take(array_agg(o.shop_id), array_agg(o.id), true)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.in_stock IS DISTINCT FROM o.in_stock
    HAVING count(*) > 0;
  ELSE
    PERFORM public.best_seller_marks_take(array_agg(o.shop_id), array_agg(o.id), true)
    FROM old_rows o
    HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.product_cards_category_cards()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.category_cards_sync_rows(array_agg(n.shop_id), array_agg(n.id)) FROM new_rows n
    HAVING count(*) > 0;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.category_cards_sync_rows(array_agg(o.shop_id), array_agg(o.id)) FROM old_rows o
    HAVING count(*) > 0;
  ELSE
    -- A card's placing day changed (row trigger, below).
    PERFORM public.category_cards_sync_rows(array[NEW.shop_id], array[NEW.id]);
    RETURN NEW;
  END IF;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.product_sales_take_marks()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM public.best_seller_marks_take(array_agg(n.shop_id), array_agg(n.product_id), true)
  FROM new_rows n
    HAVING count(*) > 0;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.product_variants_follow()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  shops uuid[];
  products uuid[];
  touched uuid[];
  rebuilt uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.shop_id) FILTER (WHERE n.sku <> ''), array_agg(n.product_id) FILTER (WHERE n.sku <> ''),
      array_agg(n.product_id) INTO shops, products, touched FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.shop_id) FILTER (WHERE o.sku <> ''), array_agg(o.product_id) FILTER (WHERE o.sku <> ''),
      array_agg(o.product_id) INTO shops, products, touched FROM old_rows o;
  ELSE
    SELECT array_agg(c.shop_id), array_agg(c.product_id) INTO shops, products
    FROM (
      SELECT o.shop_id, o.product_id, n.shop_id AS new_shop_id, n.product_id AS new_product_id
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.sku IS DISTINCT FROM o.sku OR n.product_id <> o.product_id
    ) m
    CROSS JOIN LATERAL (VALUES (m.shop_id, m.product_id), (m.new_shop_id, m.new_product_id))
      AS c(shop_id, product_id);
    SELECT array_agg(x.product_id) INTO touched
    FROM (SELECT o.product_id FROM old_rows o UNION SELECT n.product_id FROM new_rows n) x;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  IF shops IS NOT NULL THEN
    SELECT array_agg(r.id) INTO rebuilt FROM public.products_search_refresh(shops, products) AS r(id);
  END IF;
  PERFORM public.product_cards_refresh_except(touched, rebuilt);
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.order_lines_rollups_add(c_shops uuid[], c_orders uuid[], c_products uuid[], c_units integer[], c_sales bigint[])
 RETURNS void
 LANGUAGE sql
AS $function$
  SELECT public.order_product_days_add(array_agg(c.shop_id),
    array_agg((o.created_at AT TIME ZONE 'UTC')::date), array_agg(c.product_id),
    array_agg(c.units), array_agg(c.sales))
  FROM unnest(c_shops, c_orders, c_products, c_units, c_sales) AS c(shop_id, order_id, product_id, units, sales)
  JOIN public.orders o ON o.id = c.order_id AND o.shop_id = c.shop_id
  WHERE c.product_id IS NOT NULL
    AND public.order_counts_as_paid_sale(o.status, o.payment_status, o.refund_state)
  HAVING count(*) > 0
$function$;
