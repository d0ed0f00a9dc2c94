-- The card refresh plans its statements once per connection (plan_cache_mode =
-- force_generic_plan): its DELETE of unpublished cards was planned again at every call, about
-- 0.25 ms of each order's stock change. The builder of many cards keeps choosing its plan
-- (auto), as before. Rendered from cardSelect (npx tsx scripts/db/rendered-sql.ts cards).
-- Decision: docs/decisions/orders.md ("An order's statements plan once per connection").
CREATE OR REPLACE FUNCTION public.product_cards_build(ids uuid[])
  RETURNS SETOF public.product_cards
  LANGUAGE plpgsql STABLE
  SET search_path = public
  SET plan_cache_mode = auto
  AS $$
BEGIN
  RETURN QUERY
  select p.id, p.shop_id, p.created_at,
    public.f_unaccent(lower(p.title)) as sort_title, p.featured,
    coalesce(ps.min_price, ps.actual_price) as low_price,
    coalesce(ps.max_price, ps.actual_price) as high_price,
    ps.on_sale, ps.in_stock,
    (select min(b.at) from (
      select unnest(array[p.sale_starts_at, p.sale_ends_at]) as at
      where p.sale_price_minor is not null
      union all
      select unnest(array[bv.sale_starts_at, bv.sale_ends_at]) from product_variants bv
      where bv.shop_id = p.shop_id and bv.product_id = p.id
        and bv.sale_price_minor is not null
    ) b where b.at > now()) as fresh_until, p.search_vector,
    (select json_build_object(
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
  ) rs) as item
  from products p cross join lateral (
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
  ) ps
  WHERE p.id = ANY (ids) AND p.status = 'published'
  ORDER BY p.id;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.product_cards_build_few(ids uuid[])
  RETURNS SETOF public.product_cards
  LANGUAGE plpgsql STABLE
  SET search_path = public
  SET plan_cache_mode = force_generic_plan
  AS $$
BEGIN
  RETURN QUERY
  select p.id, p.shop_id, p.created_at,
    public.f_unaccent(lower(p.title)) as sort_title, p.featured,
    coalesce(ps.min_price, ps.actual_price) as low_price,
    coalesce(ps.max_price, ps.actual_price) as high_price,
    ps.on_sale, ps.in_stock,
    (select min(b.at) from (
      select unnest(array[p.sale_starts_at, p.sale_ends_at]) as at
      where p.sale_price_minor is not null
      union all
      select unnest(array[bv.sale_starts_at, bv.sale_ends_at]) from product_variants bv
      where bv.shop_id = p.shop_id and bv.product_id = p.id
        and bv.sale_price_minor is not null
    ) b where b.at > now()) as fresh_until, p.search_vector,
    (select json_build_object(
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
  ) rs) as item
  from products p cross join lateral (
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
  ) ps
  WHERE p.id = ANY (ids) AND p.status = 'published'
  ORDER BY p.id;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.product_cards_refresh(ids uuid[]) RETURNS void
  LANGUAGE plpgsql VOLATILE
  SET plan_cache_mode = force_generic_plan
  AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(ids) <= 32 THEN
    INSERT INTO public.product_cards AS c (id, shop_id, created_at, sort_title, featured, low_price, high_price, on_sale, in_stock, fresh_until, search_vector, item)
    SELECT b.* FROM public.product_cards_build_few(ids) b
    WHERE EXISTS (SELECT 1 FROM public.shops sh WHERE sh.id = b.shop_id)
    ORDER BY b.id
    ON CONFLICT (id) DO UPDATE SET shop_id = excluded.shop_id, created_at = excluded.created_at, sort_title = excluded.sort_title, featured = excluded.featured, low_price = excluded.low_price, high_price = excluded.high_price, on_sale = excluded.on_sale, in_stock = excluded.in_stock, fresh_until = excluded.fresh_until, search_vector = excluded.search_vector, item = excluded.item
    WHERE (c.shop_id, c.created_at, c.sort_title, c.featured, c.low_price, c.high_price, c.on_sale, c.in_stock, c.fresh_until, c.search_vector, c.item::text)
      IS DISTINCT FROM (excluded.shop_id, excluded.created_at, excluded.sort_title, excluded.featured, excluded.low_price, excluded.high_price, excluded.on_sale, excluded.in_stock, excluded.fresh_until, excluded.search_vector, excluded.item::text);
  ELSE
    INSERT INTO public.product_cards AS c (id, shop_id, created_at, sort_title, featured, low_price, high_price, on_sale, in_stock, fresh_until, search_vector, item)
    SELECT b.* FROM public.product_cards_build(ids) b
    WHERE EXISTS (SELECT 1 FROM public.shops sh WHERE sh.id = b.shop_id)
    ORDER BY b.id
    ON CONFLICT (id) DO UPDATE SET shop_id = excluded.shop_id, created_at = excluded.created_at, sort_title = excluded.sort_title, featured = excluded.featured, low_price = excluded.low_price, high_price = excluded.high_price, on_sale = excluded.on_sale, in_stock = excluded.in_stock, fresh_until = excluded.fresh_until, search_vector = excluded.search_vector, item = excluded.item
    WHERE (c.shop_id, c.created_at, c.sort_title, c.featured, c.low_price, c.high_price, c.on_sale, c.in_stock, c.fresh_until, c.search_vector, c.item::text)
      IS DISTINCT FROM (excluded.shop_id, excluded.created_at, excluded.sort_title, excluded.featured, excluded.low_price, excluded.high_price, excluded.on_sale, excluded.in_stock, excluded.fresh_until, excluded.search_vector, excluded.item::text);
  END IF;
  DELETE FROM public.product_cards c
  WHERE c.id = ANY (ids) AND NOT EXISTS (
    SELECT 1 FROM public.products p WHERE p.id = c.id AND p.status = 'published');
END
$$;
