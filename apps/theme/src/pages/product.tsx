/** GET /product/:slug: gallery, the variant picker (with its island), stock, reviews, similar products. */
import { Price, ProductCard, Stars } from '../components/catalogue';
import { Image, SIZES } from '../components/image';
import type { ThemeContext } from '../env';
import { safeMarkup, unescapeHtml } from '../lib/html';
import { imageUrl } from '../lib/images';
import { formatPrice } from '../lib/money';
import { defaultChoice, variantKey } from '../lib/variants';
import { ctxOf, prefetchMeta, renderPage } from '../render';
import { notFound } from './not-found';

type Product = Exclude<Awaited<ReturnType<typeof load>>, Response>;

export async function load(c: ThemeContext) {
  const slug = c.req.param('slug') ?? '';
  prefetchMeta(c, '/product/:id', slug);
  const api = c.get('api');
  const settings = c.get('settings');
  const { data, error } = await api.GET('/products/{id}', { params: { path: { id: slug } } });
  if (error || !data) return notFound(c);
  const p = data.data;
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
  const description = p.description ? await safeMarkup(unescapeHtml(p.description)) : '';
  return {
    p,
    options,
    chosen,
    summary: summary?.data?.data ?? null,
    reviews: reviews?.data?.data ?? [],
    similar: similar.data?.data.data ?? [],
    price,
    wasPrice,
    inStock,
    sellable,
    media,
    refused,
    reviewPage,
    description,
  };
}

export function render(c: ThemeContext, data: Product) {
  const {
    p,
    options,
    chosen,
    summary,
    reviews,
    similar,
    price,
    wasPrice,
    inStock,
    sellable,
    media,
    refused,
    reviewPage,
    description,
  } = data;
  const ctx = ctxOf(c);
  const settings = c.get('settings');
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
              <Image
                src={src}
                alt={m.title || p.title}
                width={600}
                height={600}
                sizes={i === 0 ? SIZES.gallery : SIZES.thumb}
                loading={i === 0 ? 'priority' : 'lazy'}
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
          {summary ? <Stars average={summary.average} count={summary.count} /> : null}
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
          {summary && summary.count > 0 ? (
            <p>
              Average {summary.average} out of 5 from {summary.count} review
              {summary.count === 1 ? '' : 's'}.
            </p>
          ) : (
            <p>No reviews yet.</p>
          )}
          <ul style="list-style:none;padding:0">
            {reviews.map((r) => (
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
            {reviews.length === 5 ? (
              <a href={`/product/${p.slug}?reviews=${reviewPage + 1}#reviews`}>Older reviews</a>
            ) : null}
          </nav>
        </section>
      ) : null}
      {similar.length > 0 ? (
        <section aria-labelledby="similar">
          <h2 id="similar">You may also like</h2>
          <ul class="grid">
            {similar.map((s) => (
              <ProductCard p={s} ctx={ctx} />
            ))}
          </ul>
        </section>
      ) : null}
    </>,
  );
}
