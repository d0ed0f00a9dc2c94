/**
 * The shop's filters as a GET form and a query string (they work without JavaScript): what the
 * query says, the links that keep it across pages, and the form.
 */
import type { Schema } from '@storefront-api/client';

type MenuCollection = Schema<'MenuCollection'>;

const SORTS = [
  ['RECENT', 'Newest'],
  ['OLD', 'Oldest'],
  ['A-Z', 'Name, A to Z'],
  ['Z-A', 'Name, Z to A'],
] as const;

export type ShopQuery = {
  page: number;
  sort?: (typeof SORTS)[number][0];
  categories?: string;
  minPrice?: number;
  maxPrice?: number;
  featured?: boolean;
  onSale?: boolean;
  term?: string;
};

export const num = (v: string | undefined) => {
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

export function shopHref(base: string, query: ShopQuery, page: number) {
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

export function flatten(
  list: MenuCollection[],
  depth = 0,
): Array<{ slug: string; name: string; depth: number }> {
  return list.flatMap((col) => [
    { slug: col.slug, name: col.name, depth },
    ...flatten((col.children ?? []) as MenuCollection[], depth + 1),
  ]);
}

export function Filters({
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
