/** Any URL the theme has no page for, and a page whose product, collection or policy does not exist. */
import type { ThemeContext } from '../env';
import { page, renderPage } from '../render';

export const load = (c: ThemeContext) => ({ path: new URL(c.req.url).pathname });

export function render(c: ThemeContext, { path }: { path: string }) {
  return renderPage(
    c,
    { url: path, fallbackTitle: 'Page not found', status: 404, noindex: true },
    <>
      <h1>Page not found</h1>
      <p>
        That page does not exist or is no longer available. <a href="/shop">Browse the shop</a> or
        use the search above.
      </p>
    </>,
  );
}

/** The not-found page, for a page whose load finds nothing to show. */
export const notFound = page({ load, render });
