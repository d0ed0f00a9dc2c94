/**
 * What the signed-in member may see and do, from `GET /me`'s scopes. The rule itself (write
 * includes read) has one owner, the platform's scope table.
 */
import { grants, type MerchantScope } from '../../../../src/identity/merchant-scopes';

export const can = (scopes: readonly string[], needed: string): boolean =>
  grants(scopes as MerchantScope[], needed as MerchantScope);

/** The dashboard's sections and the scope each needs to be shown. */
export const SECTIONS = [
  { path: '/', label: 'Home', scope: null },
  { path: '/products', label: 'Products', scope: 'catalogue:read' },
  { path: '/categories', label: 'Categories', scope: 'catalogue:read' },
  { path: '/orders', label: 'Orders', scope: 'orders:read' },
  { path: '/customers', label: 'Customers', scope: 'customers:read' },
  { path: '/reviews', label: 'Reviews', scope: 'reviews:read' },
] as const;

export type Section = (typeof SECTIONS)[number];

export const visibleSections = (scopes: readonly string[]): Section[] =>
  SECTIONS.filter((s) => s.scope === null || can(scopes, s.scope));
