-- A product's tags as the merchant list's tag filter compares them (the whole tag, in any
-- case): lowercased, so one GIN index (products_shop_tag_keys_idx, the next migration) finds
-- a shop's products carrying a tag instead of reading every product of the shop.
CREATE OR REPLACE FUNCTION public.product_tag_keys(tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(lower(t)), '{}'::text[]) FROM unnest(tags) AS t $$;
