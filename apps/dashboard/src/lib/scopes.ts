/**
 * What the signed-in member may see and do, from `GET /me`'s scopes. The rule itself (write
 * includes read) has one owner, the platform's scope table.
 */
import {
  grants,
  MERCHANT_SCOPES,
  type MerchantScope,
} from '../../../../src/identity/merchant-scopes';

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
  { path: '/content', label: 'Content', scope: 'content:read' },
  { path: '/marketing', label: 'Marketing', scope: 'marketing:read' },
  { path: '/imports', label: 'Imports', scope: 'catalogue:read' },
  { path: '/settings', label: 'Settings', scope: 'settings:read' },
  { path: '/staff', label: 'Staff', scope: 'staff:read' },
  { path: '/developers', label: 'Developers', scope: 'admin' },
] as const;

export type Section = (typeof SECTIONS)[number];

export const visibleSections = (scopes: readonly string[]): Section[] =>
  SECTIONS.filter((s) => s.scope === null || can(scopes, s.scope));

/** A scope as a person reads it: `orders:write` is "Orders: view and change". */
export function scopeLabel(scope: string): string {
  if (scope === 'admin') return 'Keys, webhooks and audit log';
  if (scope === 'orders:refund') return 'Orders: refund and cancel paid';
  const [area = '', verb] = scope.split(':');
  const name = area.charAt(0).toUpperCase() + area.slice(1);
  return `${name}: ${verb === 'write' ? 'view and change' : 'view'}`;
}

/** Every scope a key or role can hold, labelled for a checkbox ("Catalogue: view and change"). */
export const SCOPE_OPTIONS = MERCHANT_SCOPES.map((scope) => ({
  value: scope,
  label: scopeLabel(scope),
}));
