import type { Context } from 'hono';
import type { AppEnv } from '../../../app-env';
import { roleRef } from '../../../identity/staff-roles';
import { selectShopAddress } from '../queries';
import { sessionMemberships, toMemberships } from './sign-in';

/**
 * GET /me: the caller (a key or a staff member), its shop with the storefront's address
 * (its domain, else its platform subdomain), its scopes, and a member's role and shops.
 */
export async function describeCaller(c: Context<AppEnv>) {
  const services = c.get('services');
  const db = services.database.db;
  const shop = c.get('shop');
  const merchant = c.get('merchant');
  const address = await selectShopAddress(db, shop.id);
  const handle = address?.handle ?? '';
  const suffix = services.config.SHOP_DOMAIN_SUFFIX?.replace(/^\./, '');
  const storefrontUrl = address?.hostname
    ? `https://${address.hostname}`
    : suffix
      ? `https://${handle}.${suffix}`
      : null;
  const staff = merchant.actor.type === 'staff' ? c.get('staff') : null;
  const memberships = staff ? await sessionMemberships(db, staff) : null;
  return {
    object: 'me' as const,
    actor: merchant.actor,
    shop: {
      id: shop.id,
      handle,
      name: shop.name,
      currency: shop.currency,
      storefront_url: storefrontUrl,
    },
    role: staff?.role ? roleRef(staff.role) : null,
    scopes: merchant.scopes,
    ...(memberships ? { memberships: toMemberships(memberships) } : {}),
  };
}
