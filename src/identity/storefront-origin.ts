import { type SQL, sql } from 'drizzle-orm';

/** What decides a shop's canonical storefront host, as `storefrontHostJson` selects it. */
export type StorefrontHostRow = {
  handle: string;
  primary: string | null;
  /** The oldest of the shop's domains, used only when none is primary and no platform suffix is set. */
  other: string | null;
};

/**
 * SQL selecting a `StorefrontHostRow` (as JSON) for the shop whose id is `shopId`,
 * to be embedded in the statement that needs the storefront's links.
 */
export const storefrontHostJson = (shopId: string | SQL): SQL => sql`(
  select json_build_object(
    'handle', sh.handle,
    'primary', (select d.hostname from shop_domains d where d.shop_id = sh.id and d.is_primary limit 1),
    'other', (select d.hostname from shop_domains d where d.shop_id = sh.id
      order by d.created_at, d.hostname limit 1))
  from shops sh where sh.id = ${shopId}::uuid)`;

/**
 * The host of a storefront link for a shop with no host of its own (no domain and no
 * platform suffix): the configured origin of this worker, never a request's `Host` or
 * `X-Forwarded-Host`, so no request can point an emailed link elsewhere.
 */
export const configuredFallbackHost = (config: { DASHBOARD_ORIGIN: string }) =>
  new URL(config.DASHBOARD_ORIGIN).host;

/**
 * The storefront's canonical origin (`https://<host>`): the primary domain, else
 * `<handle>.<platformSuffix>`, else any domain of the shop, else `fallbackHost`
 * (configuredFallbackHost, for deployments without a platform suffix).
 */
export function storefrontOrigin(
  row: StorefrontHostRow | null,
  platformSuffix: string | undefined,
  fallbackHost: string,
): string {
  const host =
    row?.primary ??
    (row && platformSuffix ? `${row.handle}.${platformSuffix}` : null) ??
    row?.other ??
    fallbackHost;
  return `https://${host.toLowerCase()}`;
}
