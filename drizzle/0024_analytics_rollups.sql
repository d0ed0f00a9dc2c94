CREATE TABLE "analytics_product_days" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_id" text,
	"views" integer DEFAULT 0 NOT NULL,
	"add_to_cart" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_product_days_key" UNIQUE NULLS NOT DISTINCT("shop_id","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_session_days" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"session_id" text NOT NULL,
	"visitor_id" text NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"product_view" boolean DEFAULT false NOT NULL,
	"add_to_cart" boolean DEFAULT false NOT NULL,
	"begin_checkout" boolean DEFAULT false NOT NULL,
	"complete_checkout" boolean DEFAULT false NOT NULL,
	"referrer_hosts" text[] DEFAULT '{}' NOT NULL,
	"utm_sources" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "analytics_session_days_shop_id_day_session_id_visitor_id_pk" PRIMARY KEY("shop_id","day","session_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_product_days" ADD CONSTRAINT "analytics_product_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_session_days" ADD CONSTRAINT "analytics_session_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- The rollups the merchant reports read (src/db/schema/analytics-rollups.ts), kept by Postgres:
-- a statement-level trigger on analytics_events aggregates the inserted rows (its transition
-- table) by key and merges them into the rollups, inside the inserting statement. Every insert
-- path (the Queue consumer's batch, the direct insert, seeds, SQL) keeps them exact and current
-- at its commit, with no extra statement from the application. Rows are grouped by key before
-- the upsert, so ON CONFLICT never meets the same key twice in one statement, and inserted in
-- key order, so concurrent batches lock shared rows in the same order. analytics_events is
-- append-only (rows leave only with their shop, and so do the rollups').
-- The host is extracted exactly as the live referrers report did:
-- lower(substring(referrer_url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#:]+)')).
-- Decisions: docs/decisions.md ("Analytics reports").
CREATE OR REPLACE FUNCTION public.analytics_rollups_add() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = public
  AS $$
BEGIN
  INSERT INTO analytics_session_days AS d (shop_id, day, session_id, visitor_id, page_views,
    product_view, add_to_cart, begin_checkout, complete_checkout, referrer_hosts, utm_sources)
  SELECT n.shop_id, (n.created_at AT TIME ZONE 'UTC')::date, n.session_id, n.visitor_id,
    count(*) FILTER (WHERE n.event = 'page_view'),
    bool_or(n.event = 'product_view'), bool_or(n.event = 'add_to_cart'),
    bool_or(n.event = 'begin_checkout'), bool_or(n.event = 'complete_checkout'),
    coalesce(array_agg(DISTINCT h.host ORDER BY h.host) FILTER (WHERE h.host IS NOT NULL), '{}'),
    coalesce(array_agg(DISTINCT n.metadata->>'utm_source' ORDER BY n.metadata->>'utm_source')
      FILTER (WHERE n.event = 'social_referral' AND n.metadata->>'utm_source' IS NOT NULL), '{}')
  FROM new_events n
  CROSS JOIN LATERAL (SELECT lower(substring(n.referrer_url
    FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#:]+)')) AS host) h
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (shop_id, day, session_id, visitor_id) DO UPDATE SET
    page_views = d.page_views + excluded.page_views,
    product_view = d.product_view OR excluded.product_view,
    add_to_cart = d.add_to_cart OR excluded.add_to_cart,
    begin_checkout = d.begin_checkout OR excluded.begin_checkout,
    complete_checkout = d.complete_checkout OR excluded.complete_checkout,
    referrer_hosts = CASE WHEN excluded.referrer_hosts <@ d.referrer_hosts THEN d.referrer_hosts
      ELSE ARRAY(SELECT DISTINCT u FROM unnest(d.referrer_hosts || excluded.referrer_hosts) u
        ORDER BY u) END,
    utm_sources = CASE WHEN excluded.utm_sources <@ d.utm_sources THEN d.utm_sources
      ELSE ARRAY(SELECT DISTINCT u FROM unnest(d.utm_sources || excluded.utm_sources) u
        ORDER BY u) END;

  INSERT INTO analytics_product_days AS p (shop_id, day, product_id, views, add_to_cart, quantity)
  SELECT n.shop_id, (n.created_at AT TIME ZONE 'UTC')::date, n.metadata->>'productId',
    count(*) FILTER (WHERE n.event = 'product_view'),
    count(*) FILTER (WHERE n.event = 'add_to_cart'),
    coalesce(sum(coalesce((n.metadata->>'quantity')::int, 1))
      FILTER (WHERE n.event = 'add_to_cart'), 0)
  FROM new_events n
  WHERE n.event IN ('product_view', 'add_to_cart')
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (shop_id, day, product_id) DO UPDATE SET
    views = p.views + excluded.views,
    add_to_cart = p.add_to_cart + excluded.add_to_cart,
    quantity = p.quantity + excluded.quantity;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER analytics_events_rollups AFTER INSERT ON public.analytics_events
  REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION public.analytics_rollups_add();--> statement-breakpoint

-- Existing events: the same aggregation as the trigger, over the whole table (the rollups are
-- empty here, so no merge is needed). The migrations run in one transaction and CREATE TRIGGER
-- holds a lock that makes inserts wait for its commit, so no event is missed or counted twice.
INSERT INTO public.analytics_session_days (shop_id, day, session_id, visitor_id, page_views,
  product_view, add_to_cart, begin_checkout, complete_checkout, referrer_hosts, utm_sources)
SELECT n.shop_id, (n.created_at AT TIME ZONE 'UTC')::date, n.session_id, n.visitor_id,
  count(*) FILTER (WHERE n.event = 'page_view'),
  bool_or(n.event = 'product_view'), bool_or(n.event = 'add_to_cart'),
  bool_or(n.event = 'begin_checkout'), bool_or(n.event = 'complete_checkout'),
  coalesce(array_agg(DISTINCT h.host ORDER BY h.host) FILTER (WHERE h.host IS NOT NULL), '{}'),
  coalesce(array_agg(DISTINCT n.metadata->>'utm_source' ORDER BY n.metadata->>'utm_source')
    FILTER (WHERE n.event = 'social_referral' AND n.metadata->>'utm_source' IS NOT NULL), '{}')
FROM public.analytics_events n
CROSS JOIN LATERAL (SELECT lower(substring(n.referrer_url
  FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#:]+)')) AS host) h
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO public.analytics_product_days (shop_id, day, product_id, views, add_to_cart, quantity)
SELECT n.shop_id, (n.created_at AT TIME ZONE 'UTC')::date, n.metadata->>'productId',
  count(*) FILTER (WHERE n.event = 'product_view'),
  count(*) FILTER (WHERE n.event = 'add_to_cart'),
  coalesce(sum(coalesce((n.metadata->>'quantity')::int, 1))
    FILTER (WHERE n.event = 'add_to_cart'), 0)
FROM public.analytics_events n
WHERE n.event IN ('product_view', 'add_to_cart')
GROUP BY 1, 2, 3;
