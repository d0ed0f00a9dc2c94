-- Product cards (product_cards, 0016) kept current by Postgres: every table a storefront list
-- item is built from has triggers that rebuild the cards of the products a write touched,
-- inside the writing transaction, so no write path (storefront, merchant API, payment
-- webhooks, review moderation, seed, SQL) can leave the lists behind the catalogue. Orders
-- change only stock (through products and variants); units sold are summed by best sellers.
-- public.product_cards_build is rendered from src/modules/products/queries/card.ts
-- (scripts/db/rendered-sql.ts; test/node/rendered-sql.test.ts checks they agree).
-- A card is written only when it changed, and is removed when its product is no longer
-- published. Decisions: docs/decisions.md ("Product cards").
CREATE OR REPLACE FUNCTION public.product_cards_build(ids uuid[])
  RETURNS SETOF public.product_cards
  LANGUAGE plpgsql STABLE
  SET search_path = public
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
  AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO public.product_cards AS c (id, shop_id, created_at, sort_title, featured, low_price, high_price, on_sale, in_stock, fresh_until, search_vector, item)
  SELECT b.* FROM public.product_cards_build(ids) b
  WHERE EXISTS (SELECT 1 FROM public.shops sh WHERE sh.id = b.shop_id)
  ORDER BY b.id
  ON CONFLICT (id) DO UPDATE SET shop_id = excluded.shop_id, created_at = excluded.created_at, sort_title = excluded.sort_title, featured = excluded.featured, low_price = excluded.low_price, high_price = excluded.high_price, on_sale = excluded.on_sale, in_stock = excluded.in_stock, fresh_until = excluded.fresh_until, search_vector = excluded.search_vector, item = excluded.item
  WHERE (c.shop_id, c.created_at, c.sort_title, c.featured, c.low_price, c.high_price, c.on_sale, c.in_stock, c.fresh_until, c.search_vector, c.item::text)
    IS DISTINCT FROM (excluded.shop_id, excluded.created_at, excluded.sort_title, excluded.featured, excluded.low_price, excluded.high_price, excluded.on_sale, excluded.in_stock, excluded.fresh_until, excluded.search_vector, excluded.item::text);
  DELETE FROM public.product_cards c
  WHERE c.id = ANY (ids) AND NOT EXISTS (
    SELECT 1 FROM public.products p WHERE p.id = c.id AND p.status = 'published');
END
$$;--> statement-breakpoint

-- Tables holding a product_id (variants, category links, images, reviews): the cards of the
-- products named before and after the write.
CREATE OR REPLACE FUNCTION public.product_cards_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.product_cards_refresh(array_agg(DISTINCT n.product_id ORDER BY n.product_id))
    FROM new_rows n WHERE n.product_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM public.product_cards_refresh(array_agg(DISTINCT o.product_id ORDER BY o.product_id))
    FROM old_rows o WHERE o.product_id IS NOT NULL;
  ELSE
    PERFORM public.product_cards_refresh(array_agg(DISTINCT x.product_id ORDER BY x.product_id))
    FROM (SELECT o.product_id FROM old_rows o UNION SELECT n.product_id FROM new_rows n) x
    WHERE x.product_id IS NOT NULL;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_variants_cards_insert AFTER INSERT ON public.product_variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER product_variants_cards_update AFTER UPDATE ON public.product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER product_variants_cards_delete AFTER DELETE ON public.product_variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER product_categories_cards_insert AFTER INSERT ON public.product_categories
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER product_categories_cards_update AFTER UPDATE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER product_categories_cards_delete AFTER DELETE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER product_media_cards_insert AFTER INSERT ON public.product_media
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER product_media_cards_update AFTER UPDATE ON public.product_media
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER product_media_cards_delete AFTER DELETE ON public.product_media
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER reviews_cards_insert AFTER INSERT ON public.reviews
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER reviews_cards_update AFTER UPDATE ON public.reviews
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint
CREATE TRIGGER reviews_cards_delete AFTER DELETE ON public.reviews
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow();--> statement-breakpoint

-- Products: a new row gets its card; a changed row (anything but updated_at, which every
-- write touches) has it rebuilt, which also follows the search document the search triggers
-- write. A deleted product's card goes with it (foreign key, on delete cascade).
CREATE OR REPLACE FUNCTION public.product_cards_follow_products() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM public.product_cards_refresh(array_agg(n.id ORDER BY n.id)) FROM new_rows n;
  ELSE
    PERFORM public.product_cards_refresh(array_agg(n.id ORDER BY n.id))
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE to_jsonb(n) - 'updated_at' IS DISTINCT FROM to_jsonb(o) - 'updated_at';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_cards_insert AFTER INSERT ON public.products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow_products();--> statement-breakpoint
CREATE TRIGGER products_cards_update AFTER UPDATE ON public.products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow_products();--> statement-breakpoint

-- A category renamed, re-slugged, published or hidden changes the cards of the products
-- linked to it or having it as primary category. (A deleted one reaches them through the
-- cascade on links and the primary_category_id it clears; a moved one changes only search
-- documents, which reach the cards through products.)
CREATE OR REPLACE FUNCTION public.product_cards_follow_categories() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM public.product_cards_refresh(array_agg(DISTINCT x.product_id ORDER BY x.product_id))
  FROM (
    WITH changed AS (
      SELECT n.shop_id, n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (n.name, n.slug, n.status, n.shop_id) IS DISTINCT FROM (o.name, o.slug, o.status, o.shop_id)
    )
    SELECT pc.product_id FROM public.product_categories pc
    JOIN changed ch ON pc.shop_id = ch.shop_id AND pc.category_id = ch.id
    UNION
    SELECT p.id FROM public.products p
    JOIN changed ch ON p.shop_id = ch.shop_id AND p.primary_category_id = ch.id
  ) x;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER categories_cards_update AFTER UPDATE ON public.categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow_categories();--> statement-breakpoint

-- An image's file, type, size or title changed: the cards showing it.
CREATE OR REPLACE FUNCTION public.product_cards_follow_media() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM public.product_cards_refresh(array_agg(DISTINCT pm.product_id ORDER BY pm.product_id))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  JOIN public.product_media pm ON pm.shop_id = n.shop_id AND pm.media_id = n.id
  WHERE (n.filename, n.mime_type, n.size_bytes, n.title, n.shop_id)
    IS DISTINCT FROM (o.filename, o.mime_type, o.size_bytes, o.title, o.shop_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER media_cards_update AFTER UPDATE ON public.media
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.product_cards_follow_media();--> statement-breakpoint

-- Existing products get their cards.
SELECT public.product_cards_refresh(array_agg(p.id ORDER BY p.id))
FROM public.products p WHERE p.status = 'published';
