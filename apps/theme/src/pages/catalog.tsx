import type { Schema } from '@storefront-api/client';
import type { Context } from 'hono';
import { Pager, Price, ProductCard, ProductGrid, Stars } from '../components';
import type { ThemeEnv } from '../env';
import { safeMarkup, unescapeHtml } from '../lib/html';
import { imageUrl } from '../lib/images';
import { formatPrice } from '../lib/money';
import { defaultChoice, variantKey } from '../lib/variants';
import { ctxOf, renderPage } from '../render';
import { notFound } from './misc';

type C = Context<ThemeEnv>;
type MenuCollection = Schema<'MenuCollection'>;

export async function home(c: C) {
  const api = c.get('api');
  const [featured, best, hero] = await Promise.all([
    api.GET('/products', { params: { query: { featured: 'true', limit: 8 } } }),
    api.GET('/products/best-sellers', { params: { query: { limit: 8 } } }),
    api.GET('/content/{modelSlug}', { params: { path: { modelSlug: 'home-hero' } } }),
  ]);
  const ctx = ctxOf(c);
  const entry =
    hero.data && !('currentPage' in (hero.data.data ?? {}))
      ? (hero.data.data as Record<string, unknown> | null)
      : null;
  const text = (k: string) => (typeof entry?.[k] === 'string' ? (entry[k] as string) : '');
  const heroImage = entry
    ? imageUrl(ctx.media, entry.image as { uploadUrl?: string } | null)
    : null;
  return renderPage(
    c,
    { url: '/', fallbackTitle: c.get('shop').name },
    <>
      {entry ? (
        <section class="hero" aria-labelledby="hero-title">
          <h1 id="hero-title">{text('headline') || c.get('shop').name}</h1>
          {text('subheadline') ? <p>{text('subheadline')}</p> : null}
          {text('ctaUrl') ? (
            <a class="button" href={text('ctaUrl')}>
              {text('ctaLabel') || 'Shop now'}
            </a>
          ) : null}
          {heroImage ? (
            <img
              src={heroImage}
              alt=""
              width="1200"
              height="500"
              style="margin-top:16px;border-radius:6px"
            />
          ) : null}
        </section>
      ) : (
        <h1>{c.get('shop').name}</h1>
      )}
      <section aria-labelledby="featured">
        <h2 id="featured">Featured</h2>
        <ProductGrid items={featured.data?.data.data ?? []} ctx={ctx} eager={entry ? 0 : 4} />
      </section>
      <section aria-labelledby="best">
        <h2 id="best">Best sellers</h2>
        <ProductGrid items={best.data?.data.data ?? []} ctx={ctx} />
      </section>
      <CollectionsStrip collections={c.get('settings').headerTopbar.menuCollections} />
    </>,
  );
}

function CollectionsStrip({ collections }: { collections: MenuCollection[] }) {
  if (collections.length === 0) return null;
  return (
    <section aria-labelledby="collections">
      <h2 id="collections">Collections</h2>
      <ul class="inline" style="list-style:none;padding:0">
        {collections.map((col) => (
          <li>
            <a class="button ghost" href={`/collections/${encodeURIComponent(col.slug)}`}>
              {col.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

const SORTS = [
  ['RECENT', 'Newest'],
  ['OLD', 'Oldest'],
  ['A-Z', 'Name, A to Z'],
  ['Z-A', 'Name, Z to A'],
] as const;

type ShopQuery = {
  page: number;
  sort?: (typeof SORTS)[number][0];
  categories?: string;
  minPrice?: number;
  maxPrice?: number;
  featured?: boolean;
  onSale?: boolean;
  term?: string;
};

const num = (v: string | undefined) => {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/** The shop's filters from the query string: what a form without JavaScript submits. */
export function readShopQuery(q: (name: string) => string | undefined): ShopQuery {
  const sort = SORTS.find(([v]) => v === q('sort'))?.[0];
  const page = Math.max(1, Math.floor(num(q('page')) ?? 1));
  const term = q('term')?.trim().slice(0, 100);
  const categories = q('category')?.trim();
  return {
    page,
    ...(sort ? { sort } : {}),
    ...(categories ? { categories } : {}),
    ...(num(q('minPrice')) !== undefined ? { minPrice: num(q('minPrice')) } : {}),
    ...(num(q('maxPrice')) !== undefined ? { maxPrice: num(q('maxPrice')) } : {}),
    ...(q('featured') === 'true' ? { featured: true } : {}),
    ...(q('onSale') === 'true' ? { onSale: true } : {}),
    ...(term ? { term } : {}),
  };
}

function shopHref(base: string, query: ShopQuery, page: number) {
  const params = new URLSearchParams();
  if (query.sort) params.set('sort', query.sort);
  if (query.categories && !base.startsWith('/collections/'))
    params.set('category', query.categories);
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.featured) params.set('featured', 'true');
  if (query.onSale) params.set('onSale', 'true');
  if (query.term) params.set('term', query.term);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `${base}?${s}` : base;
}

function flatten(
  list: MenuCollection[],
  depth = 0,
): Array<{ slug: string; name: string; depth: number }> {
  return list.flatMap((col) => [
    { slug: col.slug, name: col.name, depth },
    ...flatten((col.children ?? []) as MenuCollection[], depth + 1),
  ]);
}

function Filters({
  query,
  categories,
  action,
}: {
  query: ShopQuery;
  categories: ReturnType<typeof flatten> | null;
  action: string;
}) {
  return (
    <form class="filters" method="get" action={action} aria-label="Filters">
      <fieldset>
        <legend>Sort</legend>
        <label>
          <span class="sr">Sort by</span>
          <select name="sort">
            {SORTS.map(([value, label]) => (
              <option value={value} selected={query.sort === value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      {categories ? (
        <fieldset>
          <legend>Category</legend>
          <label>
            <span class="sr">Category</span>
            <select name="category">
              <option value="">All categories</option>
              {categories.map((cat) => (
                <option value={cat.slug} selected={query.categories === cat.slug}>
                  {`${'\u2014 '.repeat(cat.depth)}${cat.name}`}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
      ) : null}
      <fieldset>
        <legend>Price</legend>
        <label>
          Minimum price
          <input
            type="number"
            name="minPrice"
            min="0"
            step="1"
            value={query.minPrice?.toString() ?? ''}
          />
        </label>
        <label>
          Maximum price
          <input
            type="number"
            name="maxPrice"
            min="0"
            step="1"
            value={query.maxPrice?.toString() ?? ''}
          />
        </label>
      </fieldset>
      <fieldset>
        <legend>Show</legend>
        <label>
          <input type="checkbox" name="featured" value="true" checked={query.featured} /> Featured
          only
        </label>
        <label>
          <input type="checkbox" name="onSale" value="true" checked={query.onSale} /> On sale only
        </label>
      </fieldset>
      <fieldset>
        <legend>Keyword</legend>
        <label>
          <span class="sr">Keyword</span>
          <input type="search" name="term" value={query.term ?? ''} />
        </label>
      </fieldset>
      <button type="submit">Apply filters</button> <a href={action}>Clear</a>
    </form>
  );
}

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

export async function shop(c: C) {
  const query = readShopQuery((n) => c.req.query(n));
  const { page } = await listing(c, query);
  const ctx = ctxOf(c);
  return renderPage(
    c,
    { url: '/shop', fallbackTitle: 'Shop' },
    <>
      <h1>Shop</h1>
      <div class="layout">
        <Filters
          query={query}
          categories={flatten(c.get('settings').headerTopbar.menuCollections)}
          action="/shop"
        />
        <section aria-labelledby="products-heading">
          <h2 id="products-heading" class="sr">
            Products
          </h2>
          <p role="status">
            {page ? `${page.totalDocuments} products` : 'Products could not be loaded.'}
          </p>
          <ProductGrid items={page?.data ?? []} ctx={ctx} eager={4} />
          {page ? (
            <Pager
              page={page.currentPage}
              totalPages={page.totalPages}
              href={(n) => shopHref('/shop', query, n)}
            />
          ) : null}
        </section>
      </div>
    </>,
  );
}

export async function collection(c: C) {
  const slug = c.req.param('slug') ?? '';
  const api = c.get('api');
  const { data, error } = await api.GET('/categories/{id}', { params: { path: { id: slug } } });
  if (error || !data) return notFound(c);
  const category = data.data;
  const query = { ...readShopQuery((n) => c.req.query(n)), categories: category.slug };
  const { page } = await listing(c, query);
  const ctx = ctxOf(c);
  const base = `/collections/${encodeURIComponent(category.slug)}`;
  return renderPage(
    c,
    { url: '/collections/:id', param: category.slug, fallbackTitle: category.name },
    <>
      <h1>{category.name}</h1>
      {category.description ? (
        <div class="prose" dangerouslySetInnerHTML={{ __html: safeMarkup(category.description) }} />
      ) : null}
      <div class="layout">
        <Filters query={query} categories={null} action={base} />
        <section aria-labelledby="products-heading">
          <h2 id="products-heading" class="sr">
            Products
          </h2>
          <p role="status">{page ? `${page.totalDocuments} products` : ''}</p>
          <ProductGrid items={page?.data ?? []} ctx={ctx} eager={4} />
          {page ? (
            <Pager
              page={page.currentPage}
              totalPages={page.totalPages}
              href={(n) => shopHref(base, query, n)}
            />
          ) : null}
        </section>
      </div>
    </>,
  );
}

export async function search(c: C) {
  const term = (c.req.query('term') ?? '').trim().slice(0, 100);
  const pageNo = Math.max(1, Math.floor(num(c.req.query('page')) ?? 1));
  const ctx = ctxOf(c);
  const result = term
    ? await c.get('api').GET('/search', { params: { query: { term, page: pageNo, limit: 20 } } })
    : null;
  const products = result?.data?.data.products;
  const categories = result?.data?.data.categories;
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
      {result?.error ? <p class="error">The search could not be run. Try another term.</p> : null}
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
          <ProductGrid items={products.data as never} ctx={ctx} eager={4} />
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

export async function product(c: C) {
  const slug = c.req.param('slug') ?? '';
  const api = c.get('api');
  const settings = c.get('settings');
  const { data, error } = await api.GET('/products/{id}', { params: { path: { id: slug } } });
  if (error || !data) return notFound(c);
  const p = data.data;
  const ctx = ctxOf(c);
  const options = (p.options ?? []).slice().sort((a, b) => a.position - b.position);
  // A variant asked for in the query (after a refused add without JavaScript), else the defaults.
  const requested = c.req.query('v');
  const chosen = defaultChoice(p.defaultOptions);
  if (requested) {
    const ids = requested.split('-');
    options.forEach((o, i) => {
      const id = ids[i];
      if (id && o.values.some((v) => v._id === id)) chosen[o._id] = id;
    });
  }
  const key = p.hasVariantions ? variantKey(options, chosen) : '';
  const [variant, summary, reviews, similar] = await Promise.all([
    key
      ? api.GET('/products/variant-details', {
          params: { query: { productId: p._id, variationKey: key } },
        })
      : Promise.resolve(null),
    settings.reviews.allowReviews
      ? api.GET('/reviews/{productId}/summary', { params: { path: { productId: p._id } } })
      : Promise.resolve(null),
    settings.reviews.allowReviews
      ? api.GET('/reviews/{productId}', {
          params: {
            path: { productId: p._id },
            query: { page: Math.max(1, Number(c.req.query('reviews')) || 1), limit: 5 },
          },
        })
      : Promise.resolve(null),
    api.GET('/products/similar/{id}', { params: { path: { id: p._id }, query: { limit: 4 } } }),
  ]);
  const v = variant?.data?.data ?? null;
  const price = v ? v.actualPrice : p.actualPrice;
  const wasPrice = v ? (v.onSale ? v.price : null) : p.onSale ? p.price : null;
  const inStock = v ? v.status === 'in-stock' : p.status === 'in-stock';
  const sellable = v ? v.sellable : p.sellable;
  const media = (v?.media?.length ? v.media : p.media)
    .slice()
    .sort((a, b) => a.position - b.position);
  const refused = c.req.query('error') === 'out-of-stock';
  const reviewPage = Math.max(1, Number(c.req.query('reviews')) || 1);
  const description = p.description ? safeMarkup(unescapeHtml(p.description)) : '';
  return renderPage(
    c,
    {
      url: '/product/:id',
      param: p.slug,
      fallbackTitle: p.title,
      events: [
        { event: 'product_view', metadata: { productId: p._id, url: `/product/${p.slug}` } },
      ],
      islands: ['product'],
    },
    <>
      <div class="product">
        <div class="gallery">
          {media.length === 0 ? (
            <div style="aspect-ratio:1;background:#f5f4f1;grid-column:1/-1" />
          ) : null}
          {media.map((m, i) => {
            const src = imageUrl(ctx.media, m);
            return src ? (
              <img
                src={src}
                alt={m.title || p.title}
                width="600"
                height="600"
                loading={i === 0 ? undefined : 'lazy'}
                data-gallery={i === 0 ? 'main' : undefined}
              />
            ) : null;
          })}
        </div>
        <div>
          <h1>{p.title}</h1>
          {p.primaryCategory ? (
            <p>
              <a href={`/collections/${encodeURIComponent(p.primaryCategory.slug)}`}>
                {p.primaryCategory.name}
              </a>
            </p>
          ) : null}
          {summary?.data ? (
            <Stars average={summary.data.data.average} count={summary.data.data.count} />
          ) : null}
          <form
            method="post"
            action="/bag/add"
            class="options"
            data-product-form
            data-product-id={p._id}
            data-slug={p.slug}
          >
            <input type="hidden" name="productId" value={p._id} />
            <input type="hidden" name="slug" value={p.slug} />
            {options.map((o) => (
              <fieldset>
                <legend>{o.name}</legend>
                <div class="chips">
                  {o.values.map((val) => (
                    <label>
                      <input
                        type="radio"
                        name={`option.${o._id}`}
                        value={val._id}
                        checked={chosen[o._id] === val._id}
                        required
                        data-option={o._id}
                        data-position={String(o.position)}
                      />
                      <span>{val.value}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
            <div data-variant-status>
              <p class="price" data-price>
                {price !== null ? (
                  <>
                    <span class={wasPrice ? 'sale' : undefined}>
                      {formatPrice(price, ctx.currency)}
                    </span>
                    {wasPrice && price !== null && wasPrice > price ? (
                      <s>
                        <span class="sr">was </span>
                        {formatPrice(wasPrice, ctx.currency)}
                      </s>
                    ) : null}
                  </>
                ) : (
                  <Price p={p} currency={ctx.currency} />
                )}
              </p>
              <p class="stock" data-stock>
                {inStock ? (
                  sellable !== null && sellable !== undefined && sellable <= 5 ? (
                    `In stock: only ${sellable} left`
                  ) : (
                    'In stock'
                  )
                ) : (
                  <span class="out">Out of stock</span>
                )}
              </p>
              {refused ? (
                <p class="error" role="alert">
                  This choice is out of stock and was not added to your bag.
                </p>
              ) : null}
            </div>
            <label>
              Quantity
              <input type="number" name="quantity" value="1" min="1" max="99" style="width:6em" />
            </label>
            <p class="inline">
              <button type="submit" disabled={!inStock} data-add>
                {inStock ? 'Add to bag' : 'Sold out'}
              </button>
            </p>
          </form>
          <form method="post" action="/wish-list/add">
            <input type="hidden" name="productId" value={p._id} />
            <button type="submit" class="ghost" data-wish={p._id}>
              Add to wish list
            </button>
          </form>
          {description ? (
            <section aria-labelledby="about" class="prose">
              <h2 id="about">Description</h2>
              <div dangerouslySetInnerHTML={{ __html: description }} />
            </section>
          ) : null}
        </div>
      </div>
      {settings.reviews.allowReviews ? (
        <section aria-labelledby="reviews">
          <h2 id="reviews">Reviews</h2>
          {summary?.data && summary.data.data.count > 0 ? (
            <p>
              Average {summary.data.data.average} out of 5 from {summary.data.data.count} review
              {summary.data.data.count === 1 ? '' : 's'}.
            </p>
          ) : (
            <p>No reviews yet.</p>
          )}
          <ul style="list-style:none;padding:0">
            {(reviews?.data?.data ?? []).map((r) => (
              <li style="border-bottom:1px solid #d9d9de;padding:8px 0">
                <Stars average={r.rating} count={1} /> <strong>{r.buyerName}</strong>
                {r.variationLabel ? <small> · {r.variationLabel}</small> : null}
                <p>{r.comment}</p>
              </li>
            ))}
          </ul>
          <nav class="pager" aria-label="Review pages">
            {reviewPage > 1 ? (
              <a href={`/product/${p.slug}?reviews=${reviewPage - 1}#reviews`}>Newer reviews</a>
            ) : null}
            {(reviews?.data?.data.length ?? 0) === 5 ? (
              <a href={`/product/${p.slug}?reviews=${reviewPage + 1}#reviews`}>Older reviews</a>
            ) : null}
          </nav>
        </section>
      ) : null}
      {similar.data && similar.data.data.data.length > 0 ? (
        <section aria-labelledby="similar">
          <h2 id="similar">You may also like</h2>
          <ul class="grid">
            {similar.data.data.data.map((s) => (
              <ProductCard p={s} ctx={ctx} />
            ))}
          </ul>
        </section>
      ) : null}
    </>,
  );
}
