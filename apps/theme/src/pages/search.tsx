/** GET /search: products and categories for a term, with pages. */
import { Pager, ProductGrid } from '../components/catalogue';
import { num } from '../components/shop-filters';
import type { ThemeContext } from '../env';
import { ctxOf, prefetchMeta, renderPage } from '../render';

type Search = Awaited<ReturnType<typeof load>>;

export async function load(c: ThemeContext) {
  const term = (c.req.query('term') ?? '').trim().slice(0, 100);
  const pageNo = Math.max(1, Math.floor(num(c.req.query('page')) ?? 1));
  prefetchMeta(c, '/search', term || undefined);
  const result = term
    ? await c.get('api').GET('/search', { params: { query: { term, page: pageNo, limit: 20 } } })
    : null;
  return {
    term,
    failed: !!result?.error,
    products: result?.data?.data.products,
    categories: result?.data?.data.categories,
  };
}

export function render(c: ThemeContext, { term, failed, products, categories }: Search) {
  return renderPage(
    c,
    {
      url: '/search',
      ...(term ? { param: term } : {}),
      fallbackTitle: term ? `Search: ${term}` : 'Search',
      events: term ? [{ event: 'search', metadata: { term } }] : [],
    },
    <>
      <h1>{term ? `Results for “${term}”` : 'Search'}</h1>
      <search>
        <form method="get" action="/search" class="inline">
          <label>
            Search term
            <input type="search" name="term" value={term} required />
          </label>
          <button type="submit">Search</button>
        </form>
      </search>
      {failed ? <p class="error">The search could not be run. Try another term.</p> : null}
      {categories && categories.data.length > 0 ? (
        <section aria-labelledby="cat-results">
          <h2 id="cat-results">Categories</h2>
          <ul class="inline" style="list-style:none;padding:0">
            {categories.data.map((cat) => (
              <li>
                <a class="button ghost" href={`/collections/${encodeURIComponent(cat.slug)}`}>
                  {cat.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {products ? (
        <section aria-labelledby="product-results">
          <h2 id="product-results">
            {products.totalDocuments} product{products.totalDocuments === 1 ? '' : 's'}
          </h2>
          <ProductGrid items={products.data as never} ctx={ctxOf(c)} eager={4} />
          <Pager
            page={products.currentPage}
            totalPages={products.totalPages}
            href={(n) => `/search?${new URLSearchParams({ term, page: String(n) })}`}
          />
        </section>
      ) : null}
    </>,
  );
}
