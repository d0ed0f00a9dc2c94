/** GET /collections/:slug: a category's products (with its descendants') and its description. */
import { Listing, loadListing } from '../components/listing';
import { readShopQuery } from '../components/shop-filters';
import type { ThemeContext } from '../env';
import { safeMarkup } from '../lib/html';
import { ctxOf, prefetchMeta, renderPage } from '../render';
import { notFound } from './not-found';

type Collection = Exclude<Awaited<ReturnType<typeof load>>, Response>;

export async function load(c: ThemeContext) {
  const slug = c.req.param('slug') ?? '';
  prefetchMeta(c, '/collections/:id', slug);
  const api = c.get('api');
  const { data, error } = await api.GET('/categories/{id}', { params: { path: { id: slug } } });
  if (error || !data) return notFound(c);
  const category = data.data;
  const query = { ...readShopQuery((n) => c.req.query(n)), categories: category.slug };
  const [page, description] = await Promise.all([
    loadListing(c, query),
    category.description ? safeMarkup(category.description) : '',
  ]);
  return { category, query, page, description };
}

export function render(c: ThemeContext, { category, query, page, description }: Collection) {
  return renderPage(
    c,
    { url: '/collections/:id', param: category.slug, fallbackTitle: category.name },
    <>
      <h1>{category.name}</h1>
      {description ? <div class="prose" dangerouslySetInnerHTML={{ __html: description }} /> : null}
      <Listing
        ctx={ctxOf(c)}
        query={query}
        page={page}
        base={`/collections/${encodeURIComponent(category.slug)}`}
        categories={null}
      />
    </>,
  );
}
