-- An order's write batch calls two functions, each planned once per connection, where the
-- same statements sent over SQL-over-HTTP were planned at every order (about 0.4 and 0.65 ms,
-- more than running the first):
-- - order_stock_short: the needs whose committed stock is already too low, read lock-free at
--   the start of the batch (a sold-out refusal stops there);
-- - order_settle: the batch's contended end, which takes the stock, numbers the order,
--   inserts its lines and queues its emails and its order.created event.
-- Rendered from stockShortQuery and settleOrderSql (npx tsx scripts/db/rendered-sql.ts stock,
-- settle). Decision: docs/decisions/orders.md ("An order's statements plan once per connection").
CREATE OR REPLACE FUNCTION public.order_stock_short(in_shop uuid, in_products jsonb, in_variants jsonb, in_all jsonb)
  RETURNS TABLE (short_ids text)
  LANGUAGE plpgsql STABLE
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  with enough as (
    select p.id from products p
    join jsonb_to_recordset(in_products) as w(id uuid, quantity int) on p.id = w.id
    where p.shop_id = in_shop and p.track_stock and p.stock >= w.quantity
    union all
    select v.id from product_variants v
    join jsonb_to_recordset(in_variants) as w(id uuid, quantity int) on v.id = w.id
    where v.shop_id = in_shop and v.track_stock and v.stock >= w.quantity
  ), short as (
    select w.id from jsonb_to_recordset(in_all) as w(id uuid)
    where w.id not in (select id from enough)
  )
  select string_agg(s.id::text, ',') as short_ids from short s having count(*) > 0;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.order_settle(in_shop uuid, in_order uuid, in_products jsonb, in_variants jsonb, in_all jsonb,
    in_lines jsonb, in_emails jsonb, in_placeholder text, in_event jsonb)
  RETURNS TABLE (refused bigint, "orderNumber" text, emails json, ids json)
  LANGUAGE plpgsql VOLATILE
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  with products_taken as (
      update products p set stock = p.stock - w.quantity, updated_at = now()
      from jsonb_to_recordset(in_products) as w(id uuid, quantity int)
      where p.shop_id = in_shop and p.id = w.id and p.track_stock and p.stock >= w.quantity
      returning p.id
    ), variants_taken as (
      update product_variants v set stock = v.stock - w.quantity, updated_at = now()
      from jsonb_to_recordset(in_variants) as w(id uuid, quantity int)
      where v.shop_id = in_shop and v.id = w.id and v.track_stock and v.stock >= w.quantity
      returning v.id
    ), short as (
      select w.id from jsonb_to_recordset(in_all) as w(id uuid)
      where w.id not in (select id from products_taken union all select id from variants_taken)
    ), refused as (select public.order_refuse('stock-short'::text, (select string_agg(id::text, ',') from short)) where exists (select 1 from short)), counter as (
      insert into order_counters (shop_id, last_number)
      select in_shop, 1001 where not exists (select 1 from short)
      on conflict (shop_id) do update set last_number = order_counters.last_number + 1
      returning last_number::text as number
    ), numbered as (
      update orders o set order_number = c.number from counter c
      where o.shop_id = in_shop and o.id = in_order
      returning o.order_number
    ), lines as (
      insert into order_lines (shop_id, order_id, product_id, variant_id, title, variation_key,
        sku, quantity, unit_price_minor, total_minor, is_digital, stock_taken, position)
      select in_shop, in_order, l.product_id, l.variant_id, l.title,
        l.variation_key, l.sku, l.quantity, l.unit_price_minor, l.total_minor, l.is_digital,
        l.stock_taken, l.position
      from jsonb_to_recordset(in_lines) as l(product_id uuid,
        variant_id uuid, title text, variation_key text, sku text, quantity integer,
        unit_price_minor integer, total_minor bigint, is_digital boolean, stock_taken boolean,
        position integer)
      order by l.position
      returning id
    ), "queued" as (
    insert into email_outbox (shop_id, kind, "to", subject, html, "text")
    select e.shop_id, e.kind, e."to", replace(e.subject, in_placeholder, v.value), replace(e.html, in_placeholder, v.value),
      replace(e."text", in_placeholder, v.value)
    from jsonb_to_recordset(in_emails)
      as e(shop_id uuid, kind text, "to" text, subject text, html text, "text" text)
    cross join (select value::text as value from (select number as value from counter) f) v
    returning id, "to", subject, html, "text", attempts
  ), 
    "emit_targets" as (
      select e.id from webhook_endpoints e
      where e.shop_id = in_shop::uuid and e.enabled and 'order.created'::text = any(e.events)
    ),
    "emit_events" as (
      insert into webhook_events (shop_id, type, data)
      select in_shop::uuid, 'order.created'::text, d.data from (select jsonb_set(in_event, '{order_number}', to_jsonb(c.number)) as data from counter c) d
      where exists (select 1 from "emit_targets")
      returning id
    ),
    "emit_deliveries" as (
      insert into webhook_deliveries (shop_id, event_id, endpoint_id)
      select in_shop::uuid, ev.id, t.id from "emit_events" ev cross join "emit_targets" t
      returning id
    )
    select (select count(*) from refused) as refused,
      (select order_number from numbered) as "orderNumber",
      (select coalesce(json_agg(q), '[]'::json) from queued q) as emails,
      (select coalesce(json_agg(id), '[]'::json) from "emit_deliveries") as ids;
END
$$;
