-- product_sales_windows (src/db/schema/order-rollups.ts): order_product_days summed over the 30
-- UTC days that end on the shop's sales_windows.window_end, so the Home report ranks its best
-- sellers from an index instead of adding up every product's days. Kept in the statement that
-- writes order_product_days (a change to a day inside the window is added to the window too),
-- and rolled forward a day at a time by the cron (sales_windows_roll). The report reads it
-- only when the window ends on the report's day.
-- Decisions: docs/decisions/marketing.md ("The 30 days' best sellers are kept").
--
-- Writers and the roll meet on the shop's sales_windows row: a writer takes it FOR KEY SHARE
-- (many at once) until it commits, the roll FOR UPDATE. So the roll waits for every writer that
-- read the old end to commit, then reads order_product_days with their changes in; a writer
-- that comes after the roll reads the new end.

-- Adds (shop, day, product, units, line totals) shares to order_product_days, and those on a
-- day of the shop's window to product_sales_windows.
CREATE OR REPLACE FUNCTION public.order_product_days_add(d_shops uuid[], d_days date[],
  d_products uuid[], d_units integer[], d_sales bigint[])
  RETURNS void LANGUAGE sql AS $$
  WITH shares AS (
    SELECT u.shop_id, u.day, u.product_id, sum(u.units)::integer AS units, sum(u.sales)::bigint AS sales
    FROM unnest(d_shops, d_days, d_products, d_units, d_sales) AS u(shop_id, day, product_id, units, sales)
    WHERE u.product_id IS NOT NULL AND EXISTS (SELECT 1 FROM public.shops s WHERE s.id = u.shop_id)
    GROUP BY u.shop_id, u.day, u.product_id
    HAVING sum(u.units) <> 0 OR sum(u.sales) <> 0
  ), days AS (
    INSERT INTO public.order_product_days AS t (shop_id, day, product_id, units, sales_minor)
    SELECT s.shop_id, s.day, s.product_id, s.units, s.sales FROM shares s
    ORDER BY s.shop_id, s.day, s.product_id
    ON CONFLICT (shop_id, day, product_id) DO UPDATE SET units = t.units + excluded.units,
      sales_minor = t.sales_minor + excluded.sales_minor
  ), windows AS (
    SELECT w.shop_id, w.window_end FROM public.sales_windows w
    WHERE w.shop_id IN (SELECT s.shop_id FROM shares s)
    ORDER BY w.shop_id
    FOR KEY SHARE
  )
  INSERT INTO public.product_sales_windows AS t (shop_id, product_id, units, sales_minor)
  SELECT s.shop_id, s.product_id, sum(s.units)::integer, sum(s.sales)::bigint
  FROM shares s JOIN windows w ON w.shop_id = s.shop_id
  WHERE s.day > w.window_end - 30 AND s.day <= w.window_end
  GROUP BY s.shop_id, s.product_id
  HAVING sum(s.units) <> 0 OR sum(s.sales) <> 0
  ORDER BY s.shop_id, s.product_id
  ON CONFLICT (shop_id, product_id) DO UPDATE SET units = t.units + excluded.units,
    sales_minor = t.sales_minor + excluded.sales_minor
$$;--> statement-breakpoint

-- Rolls the windows of `shop_ids` forward to end on `to_day`: the days that leave are taken away
-- and the days that come in are added (all of it summed again when the window was never rolled
-- or moves by 30 days or more). A window already at or past `to_day` is left alone. A shop whose
-- row is held by writers for longer than `wait` is skipped, to be rolled next time. Returns the
-- number of windows rolled.
CREATE OR REPLACE FUNCTION public.sales_windows_roll(to_day date, shop_ids uuid[],
  wait text DEFAULT '2s')
  RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  shop uuid;
  old_end date;
  rolled integer := 0;
  lock_wait text := current_setting('lock_timeout');
BEGIN
  PERFORM set_config('lock_timeout', wait, true);
  FOREACH shop IN ARRAY shop_ids LOOP
    BEGIN
      SELECT w.window_end INTO old_end FROM public.sales_windows w
      WHERE w.shop_id = shop AND (w.window_end IS NULL OR w.window_end < to_day)
      FOR UPDATE;
      CONTINUE WHEN NOT FOUND;
      IF old_end IS NULL OR to_day - old_end >= 30 THEN
        DELETE FROM public.product_sales_windows t WHERE t.shop_id = shop;
        INSERT INTO public.product_sales_windows (shop_id, product_id, units, sales_minor)
        SELECT shop, d.product_id, sum(d.units)::integer, sum(d.sales_minor)::bigint
        FROM public.order_product_days d
        WHERE d.shop_id = shop AND d.day > to_day - 30 AND d.day <= to_day
        GROUP BY d.product_id
        HAVING sum(d.units) <> 0 OR sum(d.sales_minor) <> 0;
      ELSE
        INSERT INTO public.product_sales_windows AS t (shop_id, product_id, units, sales_minor)
        SELECT shop, d.product_id,
          sum(CASE WHEN d.day > old_end THEN d.units ELSE -d.units END)::integer,
          sum(CASE WHEN d.day > old_end THEN d.sales_minor ELSE -d.sales_minor END)::bigint
        FROM public.order_product_days d
        WHERE d.shop_id = shop
          AND ((d.day > old_end - 30 AND d.day <= to_day - 30) OR (d.day > old_end AND d.day <= to_day))
        GROUP BY d.product_id
        HAVING sum(CASE WHEN d.day > old_end THEN d.units ELSE -d.units END) <> 0
          OR sum(CASE WHEN d.day > old_end THEN d.sales_minor ELSE -d.sales_minor END) <> 0
        ORDER BY d.product_id
        ON CONFLICT (shop_id, product_id) DO UPDATE SET units = t.units + excluded.units,
          sales_minor = t.sales_minor + excluded.sales_minor;
        DELETE FROM public.product_sales_windows t
        WHERE t.shop_id = shop AND t.units = 0 AND t.sales_minor = 0;
      END IF;
      UPDATE public.sales_windows w SET window_end = to_day WHERE w.shop_id = shop;
      rolled := rolled + 1;
    EXCEPTION WHEN lock_not_available THEN
      NULL;
    END;
  END LOOP;
  PERFORM set_config('lock_timeout', lock_wait, true);
  RETURN rolled;
END
$$;--> statement-breakpoint

-- A new shop has sold nothing: its window is empty and ends today.
CREATE OR REPLACE FUNCTION public.shops_sales_window() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.sales_windows (shop_id, window_end)
  SELECT n.id, (now() AT TIME ZONE 'UTC')::date FROM new_rows n;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE TRIGGER shops_sales_window AFTER INSERT ON public.shops
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.shops_sales_window();--> statement-breakpoint

-- The shops already there: each window summed for today.
INSERT INTO public.sales_windows (shop_id) SELECT s.id FROM public.shops s;--> statement-breakpoint
SELECT public.sales_windows_roll((now() AT TIME ZONE 'UTC')::date,
  array(SELECT w.shop_id FROM public.sales_windows w ORDER BY w.shop_id));
