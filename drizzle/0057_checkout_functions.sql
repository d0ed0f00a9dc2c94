-- Checkout's reads as functions: every order and every priced checkout reads the cart's
-- catalogue lines (cart_catalog), the coupon it names (checkout_coupon) and, for an order,
-- its context (order_context). Sent as statements they were parsed and planned at every
-- call; plpgsql keeps each connection's plan. Rendered from their one definition in
-- TypeScript (npx tsx scripts/db/rendered-sql.ts checkout). Decision: docs/decisions/orders.md
-- ("Checkout's reads are planned once per connection").
CREATE OR REPLACE FUNCTION public.cart_catalog(in_shop uuid, in_lines jsonb)
  RETURNS TABLE (i integer, quantity integer, variation_key text, product_id uuid, variant_id uuid,
    state text, unit_price_minor integer, track_stock boolean, stock integer, title text,
    sku text, is_digital boolean, needs_shipping boolean, category_ids text[])
  LANGUAGE plpgsql STABLE
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  with lines as (
  select it.i, it.quantity, it.variation_key, p.id as product_id, v.id as variant_id,
    case
      when p.id is null then 'unavailable'
      when cv.variants > 0 and it.variation_key = '' then 'variation-required'
      when cv.variants > 0 and v.id is null then 'unavailable'
      when cv.variants = 0 and it.variation_key <> '' then 'unavailable'
      when coalesce((case when (v.sale_price_minor is not null and v.price_minor is not null
    and v.sale_price_minor < v.price_minor
    and (v.sale_starts_at is null or v.sale_starts_at <= now())
    and (v.sale_ends_at is null or now() < v.sale_ends_at)) then v.sale_price_minor else v.price_minor end), (case when (p.sale_price_minor is not null and p.price_minor is not null
    and p.sale_price_minor < p.price_minor
    and (p.sale_starts_at is null or p.sale_starts_at <= now())
    and (p.sale_ends_at is null or now() < p.sale_ends_at)) then p.sale_price_minor else p.price_minor end)) is null then 'unavailable'
      else 'ok'
    end as state,
    case when v.id is null then (case when (p.sale_price_minor is not null and p.price_minor is not null
    and p.sale_price_minor < p.price_minor
    and (p.sale_starts_at is null or p.sale_starts_at <= now())
    and (p.sale_ends_at is null or now() < p.sale_ends_at)) then p.sale_price_minor else p.price_minor end) else (case when (v.sale_price_minor is not null and v.price_minor is not null
    and v.sale_price_minor < v.price_minor
    and (v.sale_starts_at is null or v.sale_starts_at <= now())
    and (v.sale_ends_at is null or now() < v.sale_ends_at)) then v.sale_price_minor else v.price_minor end) end
      as unit_price_minor,
    coalesce(v.track_stock, p.track_stock) as track_stock,
    coalesce(v.stock, p.stock) as stock,
    p.title,
    coalesce(nullif(v.sku, ''), p.sku) as sku,
    p.is_digital,
    (coalesce(v.has_shipping, p.has_shipping) is true and p.is_digital is not true)
      as needs_shipping
  from jsonb_to_recordset(in_lines)
    as it(i int, product_id uuid, variation_key text, quantity int)
  left join products p
    on p.shop_id = in_shop and p.id = it.product_id and p.status = 'published'
  left join lateral (
    select count(*)::int as variants from product_variants cv
    where cv.shop_id = p.shop_id and cv.product_id = p.id
  ) cv on true
  left join product_variants v
    on v.shop_id = p.shop_id and v.product_id = p.id and v.key = it.variation_key and v.active)
    select l.*,
      array_remove(array(select pc.category_id::text from product_categories pc
        where pc.shop_id = p.shop_id and pc.product_id = p.id) || p.primary_category_id::text, null)
        as category_ids
    from lines l
    left join products p on p.shop_id = in_shop and p.id = l.product_id
    order by l.i;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.checkout_coupon(in_shop uuid, in_code text, in_email text)
  RETURNS TABLE (id uuid, code text, kind public.coupon_kind, value integer, "minTotalMinor" integer,
    open boolean, "usesLeft" boolean, "customerUsesLeft" boolean, "productIds" text[],
    "categoryIds" text[])
  LANGUAGE plpgsql STABLE
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  select c.id, c.code, c.kind, c.value, c.min_total_minor as "minTotalMinor",
      (c.active and (c.starts_at is null or c.starts_at <= now())
    and (c.ends_at is null or c.ends_at > now())) as open,
      (c.usage_limit is null or c.used_count < c.usage_limit) as "usesLeft",
      (c.per_customer_limit is null or (select count(*) from coupon_redemptions r
    where r.shop_id = c.shop_id and r.coupon_id = c.id and r.email = in_email)
    < c.per_customer_limit) as "customerUsesLeft",
      c.product_ids::text[] as "productIds",
      array(
        with recursive scope(id) as (
          select unnest(c.category_ids)
          union
          select child.id from categories child join scope on child.parent_id = scope.id
          where child.shop_id = c.shop_id
        )
        select scope.id::text from scope
      ) as "categoryIds"
    from coupons c
    where c.shop_id = in_shop and upper(c.code) = in_code
    limit 1;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.order_context(in_shop uuid, in_rate uuid, in_pickup uuid, in_idempotency_key text)
  RETURNS TABLE (document jsonb, provider json, host json, rate json, pickup json, replay json)
  LANGUAGE plpgsql STABLE
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  select
      (select s.document from shop_settings s where s.shop_id = in_shop) as document,
      (
  select json_build_object('id', pp.id, 'provider', pp.provider, 'secretKey', pp.secret_key,
      'webhookSecret', pp.webhook_secret)
  from payment_providers pp
  where pp.shop_id = in_shop and pp.active
  order by pp.active desc, pp.created_at desc, pp.id desc
  limit 1) as provider,
      (
  select json_build_object(
    'handle', sh.handle,
    'primary', (select d.hostname from shop_domains d where d.shop_id = sh.id and d.is_primary limit 1),
    'other', (select d.hostname from shop_domains d where d.shop_id = sh.id
      order by d.created_at, d.hostname limit 1))
  from shops sh where sh.id = in_shop::uuid) as host,
      (
  select json_build_object('id', r.id, 'title', r.title, 'priceMinor', r.price_minor,
      'minOrderMinor', r.min_order_minor)
  from shipping_rates r
  where r.shop_id = in_shop and r.id = in_rate and r.active) as rate,
      (
  select json_build_object('id', p.id, 'name', p.name, 'feeMinor', p.fee_minor)
  from pickup_locations p
  where p.shop_id = in_shop and p.id = in_pickup and p.active) as pickup,
      (select json_build_object('id', o.id, 'requestHash', o.request_hash)
        from orders o where o.shop_id = in_shop and o.idempotency_key = in_idempotency_key)
        as replay;
END
$$;
