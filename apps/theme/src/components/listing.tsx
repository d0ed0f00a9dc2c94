/** A product listing with its filters, as the shop and a collection show it. */
import type { ThemeContext } from '../env';
import type { ctxOf } from '../render';
import { Pager, ProductGrid } from './catalogue';
import { Filters, type flatten, type ShopQuery, shopHref } from './shop-filters';

/** One page of the products `query` finds (null when the API could not list them). */
export async function loadListing(c: ThemeContext, query: ShopQuery) {
  const { featured, onSale, ...rest } = query;
  const { data } = await c.get('api').GET('/products', {
    params: {
      query: {
        ...rest,
        ...(featured ? { featured: 'true' as const } : {}),
        ...(onSale ? { onSale: 'true' as const } : {}),
        limit: 18,
      },
    },
  });
  return data?.data ?? null;
}

type ListingPage = Awaited<ReturnType<typeof loadListing>>;

/** The filters beside the products they found, the count announced, and the pages. */
export function Listing({
  ctx,
  query,
  page,
  base,
  categories,
}: {
  ctx: ReturnType<typeof ctxOf>;
  query: ShopQuery;
  page: ListingPage;
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
        <ProductGrid items={page?.data ?? []} ctx={ctx} eager={4} priority />
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
