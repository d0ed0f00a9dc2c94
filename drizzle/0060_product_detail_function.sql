-- product_detail: GET /products/:id's statement as a function, planned once per connection.
-- Sent as a statement it was planned at every call: on the demo shop 1.9 ms of planning
-- against 0.1 ms of running (pg_stat_statements). Rendered from productDetailQuery
-- (npx tsx scripts/db/rendered-sql.ts detail). Decision: docs/decisions/catalogue.md
-- ("A product's detail is read by a function").
CREATE OR REPLACE FUNCTION public.product_detail(in_shop uuid, in_ref text, in_ref_id uuid)
  RETURNS TABLE (product jsonb)
  LANGUAGE plpgsql STABLE
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
