import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, type Schema, unwrap } from '../api/client';
import { useMe } from '../components/Layout';
import { ErrorNotice, Loading, Notice, Pager, SelectField, TextField } from '../components/ui';
import { categoriesQuery } from '../lib/categories';
import { useCursor } from '../lib/list';
import { formatMoney } from '../lib/money';
import { can } from '../lib/scopes';
import { ProductsBulk } from './ProductsBulk';

export type ProductsSearch = {
  q?: string | undefined;
  status?: string | undefined;
  category?: string | undefined;
};
type Product = Schema<'Product'>;
type Status = Product['status'];

const PAGE = 25;

/** Products: a server-paginated list with search, status and category filters, and bulk actions. */
export function Products() {
  const me = useMe();
  const search = useSearch({ from: '/app/products' });
  const navigate = useNavigate({ from: '/products' });
  const pager = useCursor();
  const [query, setQuery] = useState(search.q ?? '');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [done, setDone] = useState<string>();
  const writable = can(me.scopes, 'catalogue:write');

  const list = useQuery({
    queryKey: ['products', search, pager.cursor],
    queryFn: () =>
      unwrap(
        api.GET('/products', {
          params: {
            query: {
              limit: PAGE,
              ...pager.cursor,
              ...(search.q ? { query: search.q } : {}),
              ...(search.status ? { status: search.status as Status } : {}),
              ...(search.category ? { category: search.category } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const categories = useQuery(categoriesQuery);

  const filter = (next: ProductsSearch) => {
    pager.reset();
    setSelected(new Set());
    void navigate({ search: { ...search, ...next } });
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    filter({ q: query.trim() || undefined });
  };

  const rows = list.data?.data ?? [];
  const allChosen = rows.length > 0 && rows.every((p) => selected.has(p.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <div className="title-row">
        <h1>Products</h1>
        {writable ? (
          <Link to="/products/new" className="button primary">
            Add product
          </Link>
        ) : null}
      </div>
      <div className="filters">
        <search className="search">
          <form onSubmit={submitSearch}>
            <TextField
              label="Search products"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              hint="Title or SKU"
            />
            <button type="submit">Search</button>
          </form>
        </search>
        <SelectField
          label="Status"
          value={search.status ?? ''}
          onChange={(e) => filter({ status: e.target.value || undefined })}
        >
          <option value="">Any status</option>
          <option value="published">Published</option>
          <option value="draft">Draft</option>
          <option value="archived">Archived</option>
        </SelectField>
        <SelectField
          label="Category"
          value={search.category ?? ''}
          onChange={(e) => filter({ category: e.target.value || undefined })}
        >
          <option value="">Any category</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
      </div>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ErrorNotice error={list.error} />
      {writable && selected.size > 0 ? (
        <ProductsBulk
          chosen={rows.filter((p) => selected.has(p.id))}
          currency={me.shop.currency}
          onDone={(message) => {
            setDone(message);
            setSelected(new Set());
          }}
        />
      ) : null}
      {list.isPending ? <Loading what="products" /> : null}
      {list.data && rows.length === 0 ? (
        <p>
          {search.q || search.status || search.category
            ? 'No product matches these filters.'
            : 'No products yet.'}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table aria-busy={list.isFetching}>
            <caption className="sr-only">Products, page {pager.page + 1}</caption>
            <thead>
              <tr>
                {writable ? (
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select all on this page"
                      checked={allChosen}
                      onChange={() =>
                        setSelected(allChosen ? new Set() : new Set(rows.map((p) => p.id)))
                      }
                    />
                  </th>
                ) : null}
                <th scope="col">Product</th>
                <th scope="col">Status</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  {writable ? (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select ${p.title}`}
                        checked={selected.has(p.id)}
                        onChange={() => toggle(p.id)}
                      />
                    </td>
                  ) : null}
                  <td>
                    <Link to="/products/$id" params={{ id: p.id }}>
                      {p.title}
                    </Link>
                    {p.variants.length > 0 ? (
                      <span className="muted"> · {p.variants.length} variants</span>
                    ) : null}
                  </td>
                  <td>
                    <span className={`badge badge-${p.status}`}>{p.status}</span>
                  </td>
                  <td>{priceOf(p, me.shop.currency)}</td>
                  <td>{p.track_stock ? stockOf(p) : 'Not tracked'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        hasPrevious={pager.page > 0}
        hasNext={pager.hasNext(list.data?.has_more ?? false)}
        onPrevious={() => pager.previous(rows[0]?.id)}
        onNext={() => pager.next(rows.at(-1)?.id)}
      />
    </>
  );
}

function priceOf(p: Product, currency: string) {
  const prices =
    p.variants.length > 0
      ? p.variants.map((v) => v.price).filter((x): x is number => x !== null)
      : [p.price];
  const known = prices.filter((x): x is number => x !== null);
  if (known.length === 0) return 'Not for sale';
  const low = Math.min(...known);
  const high = Math.max(...known);
  return low === high
    ? formatMoney(low, currency)
    : `${formatMoney(low, currency)} – ${formatMoney(high, currency)}`;
}

const stockOf = (p: Product) =>
  p.variants.length > 0 ? String(p.variants.reduce((sum, v) => sum + v.stock, 0)) : String(p.stock);
