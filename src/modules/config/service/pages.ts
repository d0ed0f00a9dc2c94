import { type PathSegment, withoutQuery } from './url';

/**
 * Titles of the storefront's own static pages (contract table), shown as
 * `<title> | <site>`. `*` matches any one segment.
 */
const STATIC_PAGES: ReadonlyArray<readonly [pattern: string, title: string]> = [
  ['shop', 'Shop'],
  ['contact-us', 'Contact us'],
  ['bag', 'Bag'],
  ['wish-list', 'Wish list'],
  ['checkout', 'Checkout'],
  ['checkout/success', 'Order confirmed'],
  ['dashboard', 'My account'],
  ['dashboard/orders', 'My orders'],
  ['dashboard/orders/*', 'Order details'],
  ['newsletter/verify', 'Confirm your subscription'],
  ['newsletter/unsubscribe', 'Unsubscribe'],
];

const normalisePath = (url: string) => withoutQuery(url).replace(/(.)\/+$/, '$1');

/**
 * The title of a static page: a known storefront page, else one of the merchant's
 * own pages (settings `pages`) by its URL, else null (the site title alone).
 */
export function staticPageTitle(
  segments: PathSegment[],
  path: string,
  merchantPages: ReadonlyArray<{ name: string; url: string }>,
): string | null {
  for (const [pattern, title] of STATIC_PAGES) {
    const parts = pattern.split('/');
    if (
      parts.length === segments.length &&
      parts.every(
        (part, i) => part === '*' || (!segments[i]?.placeholder && segments[i]?.value === part),
      )
    ) {
      return title;
    }
  }
  if (path === '/') return null;
  const page = merchantPages.find((p) => p.name && normalisePath(p.url) === path);
  return page?.name ?? null;
}

/** `terms-of-service` → `Terms of service`, for a policy without a merchant title. */
export const humanize = (slug: string) => {
  const words = slug.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
