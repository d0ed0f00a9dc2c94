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
