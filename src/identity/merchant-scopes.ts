/** The areas of a shop a merchant key may be allowed to read or change. */
export const MERCHANT_AREAS = [
  'catalogue',
  'content',
  'settings',
  'orders',
  'customers',
  'reviews',
  'marketing',
  'staff',
] as const;

export type MerchantArea = (typeof MERCHANT_AREAS)[number];

/**
 * `<area>:read`, `<area>:write` (which includes read), `orders:refund`, or `admin`: manage
 * merchant keys and read the audit log. `admin` grants nothing else. `staff:write` manages
 * staff members, invites and roles. `orders:refund` moves money back to a buyer (a refund,
 * or cancelling an order that is paid); it grants nothing else, and `orders:write` does not
 * include it, so a fulfilment role can ship without refunding.
 */
export type MerchantScope =
  | `${MerchantArea}:read`
  | `${MerchantArea}:write`
  | 'orders:refund'
  | 'admin';

/** Scopes beyond an area's read and write, listed after the area's own. */
const EXTRA_SCOPES: Partial<Record<MerchantArea, MerchantScope[]>> = {
  orders: ['orders:refund'],
};

/** Every scope, in the order documents and listings show them. */
export const MERCHANT_SCOPES: readonly MerchantScope[] = [
  ...MERCHANT_AREAS.flatMap((area): MerchantScope[] => [
    `${area}:read`,
    `${area}:write`,
    ...(EXTRA_SCOPES[area] ?? []),
  ]),
  'admin',
];

export const isMerchantScope = (value: string): value is MerchantScope =>
  (MERCHANT_SCOPES as readonly string[]).includes(value);

/** Whether keys holding `held` may do what `needed` allows (write includes read). */
export function grants(held: readonly MerchantScope[], needed: MerchantScope): boolean {
  if (held.includes(needed)) return true;
  return needed.endsWith(':read') && held.includes(needed.replace(/:read$/, ':write') as never);
}

/**
 * The smallest equivalent list, in canonical order: duplicates go, and `x:read` goes
 * when `x:write` is there.
 */
export function normaliseScopes(scopes: readonly MerchantScope[]): MerchantScope[] {
  return MERCHANT_SCOPES.filter(
    (scope) =>
      scopes.includes(scope) &&
      !(scope.endsWith(':read') && scopes.includes(scope.replace(/:read$/, ':write') as never)),
  );
}

/** Scopes read back from storage; anything no longer known is ignored. */
export const knownScopes = (stored: readonly string[]): MerchantScope[] =>
  normaliseScopes(stored.filter(isMerchantScope));

/** Every scope: what the demo key and an operator's full-access key hold. */
export const ALL_SCOPES: MerchantScope[] = normaliseScopes(MERCHANT_SCOPES);
