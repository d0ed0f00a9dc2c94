/** Product listings: the shop with every filter, and a collection (a category with its descendants). */
import type { Context } from 'hono';
import { Pager, ProductGrid } from '../components/catalogue';
import type { ThemeEnv } from '../env';
import { safeMarkup } from '../lib/html';
import { ctxOf, prefetchMeta, renderPage } from '../render';
import { notFound } from './misc';
import { Filters, flatten, readShopQuery, type ShopQuery, shopHref } from './shop-filters';

type C = Context<ThemeEnv>;

async function listing(c: C, query: ShopQuery) {
  const { featured, onSale, ...rest } = query;
  const { data, error } = await c.get('api').GET('/products', {
    params: {
      query: {
        ...rest,
        ...(featured ? { featured: 'true' as const } : {}),
        ...(onSale ? { onSale: 'true' as const } : {}),
        limit: 18,
      },
    },
  });
  return { page: data?.data ?? null, error };
}

type Page = NonNullable<Awaited<ReturnType<typeof listing>>['page']>;

/** The filters beside the products they found, the count announced, and the pages. */
function Listing({
  c,
  query,
  page,
  base,
  categories,
}: {
  c: C;
  query: ShopQuery;
  page: Page | null;
  base: string;
  categories: ReturnType<typeof flatten> | null;
}) {
  return (
    <div class="layout">
      <Filters query={query} categories={categories} action={base} />
      <section aria-labelledby="products-heading">
        <h2 id="products-heading" class="sr">
          Products
        </h2>
        <p role="status">
          {page ? `${page.totalDocuments} products` : 'Products could not be loaded.'}
        </p>
        <ProductGrid items={page?.data ?? []} ctx={ctxOf(c)} eager={4} />
        {page ? (
          <Pager
            page={page.currentPage}
            totalPages={page.totalPages}
            href={(n) => shopHref(base, query, n)}
          />
        ) : null}
      </section>
    </div>
  );
}

export async function shop(c: C) {
  prefetchMeta(c, '/shop');
  const query = readShopQuery((n) => c.req.query(n));
  const { page } = await listing(c, query);
  return renderPage(
    c,
    { url: '/shop', fallbackTitle: 'Shop' },
    <>
      <h1>Shop</h1>
      <Listing
        c={c}
        query={query}
        page={page}
        base="/shop"
        categories={flatten(c.get('settings').headerTopbar.menuCollections)}
      />
    </>,
  );
}

export async function collection(c: C) {
  const slug = c.req.param('slug') ?? '';
  prefetchMeta(c, '/collections/:id', slug);
  const api = c.get('api');
  const { data, error } = await api.GET('/categories/{id}', { params: { path: { id: slug } } });
  if (error || !data) return notFound(c);
  const category = data.data;
  const query = { ...readShopQuery((n) => c.req.query(n)), categories: category.slug };
  const { page } = await listing(c, query);
  const description = category.description ? await safeMarkup(category.description) : '';
  return renderPage(
    c,
    { url: '/collections/:id', param: category.slug, fallbackTitle: category.name },
    <>
      <h1>{category.name}</h1>
      {description ? <div class="prose" dangerouslySetInnerHTML={{ __html: description }} /> : null}
      <Listing
        c={c}
        query={query}
        page={page}
        base={`/collections/${encodeURIComponent(category.slug)}`}
        categories={null}
      />
    </>,
  );
}
