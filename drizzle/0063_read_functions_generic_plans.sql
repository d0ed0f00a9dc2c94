-- The functions that read for a request (and the order's two write statements) run their
-- generic plan from a connection's first call: SET plan_cache_mode = force_generic_plan.
-- Left to choose (auto), plpgsql plans a query for the call's values at each of a
-- connection's first five calls, and keeps doing so when the generic plan's estimate looks
-- dearer. On the scale database (bench/SCALE.md) product_detail took 8.7-13.5 ms at calls 2
-- to 5 of a fresh connection, against 2.0-2.6 ms with the generic plan (psql, a new session
-- each, products of the 100,000-product shop); from the sixth call on both ran alike.
-- Each of these queries finds its rows by the shop and the ids or keys it is given, so one
-- plan serves every call. Rendered by scripts/db/rendered-sql.ts (checkout, stock, settle,
-- detail); the bodies are otherwise unchanged. Decision: docs/decisions/catalogue.md ("A
-- product's detail is read by a function").
CREATE OR REPLACE FUNCTION public.cart_catalog(in_shop uuid, in_lines jsonb)
  RETURNS TABLE (i integer, quantity integer, variation_key text, product_id uuid, variant_id uuid,
    state text, unit_price_minor integer, track_stock boolean, stock integer, title text,
    sku text, is_digital boolean, needs_shipping boolean, category_ids text[])
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
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
  SET plan_cache_mode = force_generic_plan
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
  SET plan_cache_mode = force_generic_plan
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.order_stock_short(in_shop uuid, in_products jsonb, in_variants jsonb, in_all jsonb)
  RETURNS TABLE (short_ids text)
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
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
  SET plan_cache_mode = force_generic_plan
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.product_detail(in_shop uuid, in_ref text, in_ref_id uuid)
  RETURNS TABLE (product jsonb)
  LANGUAGE plpgsql STABLE
  SET plan_cache_mode = force_generic_plan
  AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  with target as (
  select p.* from products p
  where p.shop_id = in_shop and p.status = 'published'
    and (p.id = in_ref_id or p.slug = in_ref or p.id = (select r.product_id
      from product_slug_redirects r where r.shop_id = in_shop and r.slug = in_ref))
  order by coalesce(p.id = in_ref_id, false) desc, (p.slug = in_ref) desc, p.id limit 1)
    select ((select json_build_object(
      '_id', p.id, 'title', p.title, 'slug', p.slug, 'featured', p.featured,
      'hasVariantions', ps.has_variants, 'date', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'categories', (select coalesce(json_agg(json_build_object('_id', pcc.id, 'name', pcc.name, 'slug', pcc.slug) order by pcl.position, pcc.name, pcc.id), '[]'::json)
    from product_categories pcl
    join categories pcc on pcc.id = pcl.category_id and pcc.shop_id = pcl.shop_id
      and pcc.status = 'published'
    where pcl.shop_id = p.shop_id and pcl.product_id = p.id), 'primaryCategory', coalesce(
    (select json_build_object('_id', pc1.id, 'name', pc1.name, 'slug', pc1.slug) from categories pc1
      where pc1.shop_id = p.shop_id and pc1.id = p.primary_category_id
        and pc1.status = 'published'),
    (select json_build_object('_id', pc2.id, 'name', pc2.name, 'slug', pc2.slug) from product_categories pcl2
      join categories pc2 on pc2.id = pcl2.category_id and pc2.shop_id = pcl2.shop_id
        and pc2.status = 'published'
      where pcl2.shop_id = p.shop_id and pcl2.product_id = p.id
      order by pcl2.position, pc2.name, pc2.id limit 1)),
      'primaryImage', (select case when pim.id is null then null else json_build_object(
    '_id', pim.id, 'type', pim.mime_type, 'size', pim.size_bytes::text, 'title', pim.title,
    'uploadUrl', pim.shop_id || '/media/' || pim.filename) end from product_media ppm
    join media pim on pim.id = ppm.media_id and pim.shop_id = ppm.shop_id
    where ppm.shop_id = p.shop_id and ppm.product_id = p.id
    order by ppm.position, ppm.media_id limit 1 offset 0), 'secondaryImage', (select case when pim.id is null then null else json_build_object(
    '_id', pim.id, 'type', pim.mime_type, 'size', pim.size_bytes::text, 'title', pim.title,
    'uploadUrl', pim.shop_id || '/media/' || pim.filename) end from product_media ppm
    join media pim on pim.id = ppm.media_id and pim.shop_id = ppm.shop_id
    where ppm.shop_id = p.shop_id and ppm.product_id = p.id
    order by ppm.position, ppm.media_id limit 1 offset 1),
      'price', ps.price, 'salePrice', ps.sale_price, 'onSale', ps.on_sale,
      'actualPrice', ps.actual_price, 'minPrice', ps.min_price, 'maxPrice', ps.max_price,
      'sku', p.sku, 'status', (case when ps.in_stock then 'in-stock' else 'out-of-stock' end), 'sellable', ps.sellable,
      'reviewAggregate', case when rs.count = 0 then '[]'::json else json_build_array(
        json_build_object('_id', p.id, 'count', rs.count, 'average', rs.average)) end,
      'reviewCount', rs.count, 'averageRating', rs.average)
    from (
    select sva.variants > 0 as has_variants,
      case when sva.variants = 0 then p.price_minor end as price,
      case when sva.variants = 0 and (p.sale_price_minor is not null and p.price_minor is not null
    and p.sale_price_minor < p.price_minor
    and (p.sale_starts_at is null or p.sale_starts_at <= now())
    and (p.sale_ends_at is null or now() < p.sale_ends_at)) then p.sale_price_minor end as sale_price,
      case when sva.variants = 0 then (case when (p.sale_price_minor is not null and p.price_minor is not null
    and p.sale_price_minor < p.price_minor
    and (p.sale_starts_at is null or p.sale_starts_at <= now())
    and (p.sale_ends_at is null or now() < p.sale_ends_at)) then p.sale_price_minor else p.price_minor end) end as actual_price,
      sva.min_price, sva.max_price,
      case when sva.variants > 0 then coalesce(sva.on_sale, false) else (p.sale_price_minor is not null and p.price_minor is not null
    and p.sale_price_minor < p.price_minor
    and (p.sale_starts_at is null or p.sale_starts_at <= now())
    and (p.sale_ends_at is null or now() < p.sale_ends_at)) end
        as on_sale,
      case when sva.variants = 0 then (case when p.track_stock then p.stock end)
        when sva.active = 0 then 0
        else sva.tracked_stock end as sellable,
      case when sva.variants > 0 then coalesce(sva.available, false)
        else not p.track_stock or p.stock > 0 end as in_stock
    from (
      select count(*)::int as variants,
        count(*) filter (where sv.active)::int as active,
        (sum(sv.stock) filter (where sv.active and sv.track_stock))::int as tracked_stock,
        min((case when (sv.sale_price_minor is not null and sv.price_minor is not null
    and sv.sale_price_minor < sv.price_minor
    and (sv.sale_starts_at is null or sv.sale_starts_at <= now())
    and (sv.sale_ends_at is null or now() < sv.sale_ends_at)) then sv.sale_price_minor else sv.price_minor end)) filter (where sv.active) as min_price,
        max((case when (sv.sale_price_minor is not null and sv.price_minor is not null
    and sv.sale_price_minor < sv.price_minor
    and (sv.sale_starts_at is null or sv.sale_starts_at <= now())
    and (sv.sale_ends_at is null or now() < sv.sale_ends_at)) then sv.sale_price_minor else sv.price_minor end)) filter (where sv.active) as max_price,
        bool_or((sv.sale_price_minor is not null and sv.price_minor is not null
    and sv.sale_price_minor < sv.price_minor
    and (sv.sale_starts_at is null or sv.sale_starts_at <= now())
    and (sv.sale_ends_at is null or now() < sv.sale_ends_at))) filter (where sv.active) as on_sale,
        bool_or(not sv.track_stock or sv.stock > 0) filter (where sv.active) as available
      from product_variants sv
      where sv.shop_id = p.shop_id and sv.product_id = p.id
    ) sva
  ) ps, (
    select count(*)::int as count, coalesce(round(avg(lr.rating), 1), 0) as average
    from reviews lr
    where lr.shop_id = p.shop_id and lr.product_id = p.id and (lr.status = 'approved' and not lr.hidden)
  ) rs))::jsonb || jsonb_build_object(
        'description', p.description,
        'media', (select coalesce(json_agg((case when pmm.id is null then null else json_build_object(
    '_id', pmm.id, 'type', pmm.mime_type, 'size', pmm.size_bytes::text, 'title', pmm.title,
    'uploadUrl', pmm.shop_id || '/media/' || pmm.filename) end)::jsonb || jsonb_build_object('position', pml.position) order by pml.position, pml.media_id), '[]'::json) from product_media pml
    join media pmm on pmm.id = pml.media_id and pmm.shop_id = pml.shop_id
    where pml.shop_id = p.shop_id and pml.product_id = p.id),
        'options', case when ps.has_variants then (select coalesce(json_agg(json_build_object('_id', ko.id, 'name', ko.name, 'position', ko.position,
      'values', (select coalesce(json_agg(json_build_object('_id', ov.id, 'value', ov.value) order by ov.position, ov.id), '[]'::json)
        from product_option_values ov where ov.shop_id = ko.shop_id and ov.option_id = ko.id)) order by ko.position, ko.id), '[]'::json) from product_options ko where ko.shop_id = p.shop_id and ko.product_id = p.id) end,
        'defaultOptions', case when ps.has_variants then (select coalesce(json_agg(json_build_object('_id', ko.id, 'name', ko.name, 'value', json_build_object('_id', kv.id, 'value', kv.value)) order by ko.position, ko.id), '[]'::json) from (
      select dv.key from product_variants dv
      where dv.shop_id = p.shop_id and dv.product_id = p.id
      order by (dv.active and dv.id = p.default_variant_id) is true desc,
        (dv.active and (not dv.track_stock or dv.stock > 0)) desc,
        dv.active desc, dv.position, dv.id
      limit 1
    ) dk, product_options ko
    join product_option_values kv on kv.shop_id = ko.shop_id and kv.option_id = ko.id
    where ko.shop_id = p.shop_id and ko.product_id = p.id
      and strpos(dk.key, kv.id::text) > 0) end,
        'hasShipping', p.has_shipping,
        'shipping', case when p.has_shipping then p.shipping end) as product
    from target p cross join lateral (
    select sva.variants > 0 as has_variants,
      case when sva.variants = 0 then p.price_minor end as price,
      case when sva.variants = 0 and (p.sale_price_minor is not null and p.price_minor is not null
    and p.sale_price_minor < p.price_minor
    and (p.sale_starts_at is null or p.sale_starts_at <= now())
    and (p.sale_ends_at is null or now() < p.sale_ends_at)) then p.sale_price_minor end as sale_price,
      case when sva.variants = 0 then (case when (p.sale_price_minor is not null and p.price_minor is not null
    and p.sale_price_minor < p.price_minor
    and (p.sale_starts_at is null or p.sale_starts_at <= now())
    and (p.sale_ends_at is null or now() < p.sale_ends_at)) then p.sale_price_minor else p.price_minor end) end as actual_price,
      sva.min_price, sva.max_price,
      case when sva.variants > 0 then coalesce(sva.on_sale, false) else (p.sale_price_minor is not null and p.price_minor is not null
    and p.sale_price_minor < p.price_minor
    and (p.sale_starts_at is null or p.sale_starts_at <= now())
    and (p.sale_ends_at is null or now() < p.sale_ends_at)) end
        as on_sale,
      case when sva.variants = 0 then (case when p.track_stock then p.stock end)
        when sva.active = 0 then 0
        else sva.tracked_stock end as sellable,
      case when sva.variants > 0 then coalesce(sva.available, false)
        else not p.track_stock or p.stock > 0 end as in_stock
    from (
      select count(*)::int as variants,
        count(*) filter (where sv.active)::int as active,
        (sum(sv.stock) filter (where sv.active and sv.track_stock))::int as tracked_stock,
        min((case when (sv.sale_price_minor is not null and sv.price_minor is not null
    and sv.sale_price_minor < sv.price_minor
    and (sv.sale_starts_at is null or sv.sale_starts_at <= now())
    and (sv.sale_ends_at is null or now() < sv.sale_ends_at)) then sv.sale_price_minor else sv.price_minor end)) filter (where sv.active) as min_price,
        max((case when (sv.sale_price_minor is not null and sv.price_minor is not null
    and sv.sale_price_minor < sv.price_minor
    and (sv.sale_starts_at is null or sv.sale_starts_at <= now())
    and (sv.sale_ends_at is null or now() < sv.sale_ends_at)) then sv.sale_price_minor else sv.price_minor end)) filter (where sv.active) as max_price,
        bool_or((sv.sale_price_minor is not null and sv.price_minor is not null
    and sv.sale_price_minor < sv.price_minor
    and (sv.sale_starts_at is null or sv.sale_starts_at <= now())
    and (sv.sale_ends_at is null or now() < sv.sale_ends_at))) filter (where sv.active) as on_sale,
        bool_or(not sv.track_stock or sv.stock > 0) filter (where sv.active) as available
      from product_variants sv
      where sv.shop_id = p.shop_id and sv.product_id = p.id
    ) sva
  ) ps;
END
$$;
