/** GET /shop: every product, with every filter. */
import { Listing, loadListing } from '../components/listing';
import { flatten, readShopQuery } from '../components/shop-filters';
import type { ThemeContext } from '../env';
import { ctxOf, prefetchMeta, renderPage } from '../render';

type Shop = Awaited<ReturnType<typeof load>>;

export async function load(c: ThemeContext) {
  prefetchMeta(c, '/shop');
  const query = readShopQuery((n) => c.req.query(n));
  return { query, page: await loadListing(c, query) };
}

export function render(c: ThemeContext, { query, page }: Shop) {
  return renderPage(
    c,
    { url: '/shop', fallbackTitle: 'Shop' },
    <>
      <h1>Shop</h1>
      <Listing
        ctx={ctxOf(c)}
        query={query}
        page={page}
        base="/shop"
        categories={flatten(c.get('settings').headerTopbar.menuCollections)}
      />
    </>,
  );
}
