import type { Schema } from '@storefront-api/client';
import { type ImageLoading, imageUrl } from '../lib/images';
import { formatPrice } from '../lib/money';
import { Image, SIZES } from './image';

type ListItem = Schema<'ProductListItem'>;

export type Ctx = { media: string; currency: string };

export function Price({
  p,
  currency,
}: {
  p: Pick<
    ListItem,
    'actualPrice' | 'price' | 'onSale' | 'minPrice' | 'maxPrice' | 'hasVariantions'
  >;
  currency: string;
}) {
  if (p.hasVariantions || p.actualPrice === null) {
    if (p.minPrice === null) return null;
    return (
      <span class="price">
        {p.minPrice === p.maxPrice
          ? formatPrice(p.minPrice, currency)
          : `From ${formatPrice(p.minPrice, currency)}`}
      </span>
    );
  }
  return (
    <span class="price">
      <span class={p.onSale ? 'sale' : undefined}>{formatPrice(p.actualPrice, currency)}</span>
      {p.onSale && p.price !== null && p.price > p.actualPrice ? (
        <s>
          <span class="sr">was </span>
          {formatPrice(p.price, currency)}
        </s>
      ) : null}
    </span>
  );
}

export function Stars({ average, count }: { average: number; count: number }) {
  if (!count) return null;
  const label = `Rated ${average} out of 5, ${count} review${count === 1 ? '' : 's'}`;
  return (
    <span class="stars" role="img" aria-label={label}>
      {'★'.repeat(Math.round(average))}
      {'☆'.repeat(5 - Math.round(average))} <small>({count})</small>
    </span>
  );
}

export function ProductCard({
  p,
  ctx,
  loading = 'lazy',
}: {
  p: ListItem;
  ctx: Ctx;
  loading?: ImageLoading;
}) {
  const src = imageUrl(ctx.media, p.primaryImage);
  return (
    <li class="card">
      <a href={`/product/${encodeURIComponent(p.slug)}`}>
        {src ? (
          <Image src={src} alt="" width={400} height={400} sizes={SIZES.card} loading={loading} />
        ) : (
          <div style="aspect-ratio:1;background:#f5f4f1" />
        )}
        <h3>{p.title}</h3>
      </a>
      <Price p={p} currency={ctx.currency} />
      {p.status === 'out-of-stock' ? <div class="out">Sold out</div> : null}
      <div>
        <Stars average={p.averageRating} count={p.reviewCount} />
      </div>
    </li>
  );
}

export function ProductGrid({
  items,
  ctx,
  label,
  eager = 0,
  priority = false,
}: {
  items: ListItem[];
  ctx: Ctx;
  label?: string;
  /** How many cards, from the first, are above the fold: their images load at once. */
  eager?: number;
  /** Whether the first card's image is the page's largest (LCP) image. */
  priority?: boolean;
}) {
  if (items.length === 0) return <p>No products found.</p>;
  return (
    <ul class="grid" aria-label={label}>
      {items.map((p, i) => (
        <ProductCard
          p={p}
          ctx={ctx}
          loading={i === 0 && priority ? 'priority' : i < eager ? 'eager' : 'lazy'}
        />
      ))}
    </ul>
  );
}

/** Pages of a list, as links that keep the rest of the query string. */
export function Pager({
  page,
  totalPages,
  href,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav class="pager" aria-label="Pages">
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev">
          Previous
        </a>
      ) : null}
      <span aria-current="page">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <a href={href(page + 1)} rel="next">
          Next
        </a>
      ) : null}
    </nav>
  );
}
