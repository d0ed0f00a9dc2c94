import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { api, type Schema, unwrap } from '../../api/client';
import { useMe } from '../../components/layout';
import { ListFilters } from '../../components/list-filters';
import { type Column, PagedTable, usePaged } from '../../components/paged';
import { TagChips, TagFilter } from '../../components/tags';
import { Notice } from '../../components/ui';
import { categoriesQuery, categoryPaths } from '../../lib/categories';
import { filtered } from '../../lib/list';
import { formatMoney } from '../../lib/money';
import { can } from '../../lib/scopes';
import { ProductsBulk } from './bulk';
import { productKeys } from './queries';

export type ProductsSearch = {
  q?: string | undefined;
  status?: string | undefined;
  category?: string | undefined;
  tag?: string | undefined;
};
type Product = Schema<'Product'>;
type Status = Product['status'];

/** Products: a server-paginated list with search, status and category filters, and bulk actions. */
export function Products() {
  const me = useMe();
  const search = useSearch({ from: '/app/products' });
  const navigate = useNavigate({ from: '/products' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [done, setDone] = useState<string>();
  const writable = can(me.scopes, 'catalogue:write');
  const list = usePaged(productKeys.list(search), (cursor) =>
    unwrap(
      api.GET('/products', {
        params: {
          query: {
            limit: 25,
            ...cursor,
            ...(search.q ? { query: search.q } : {}),
            ...(search.status ? { status: search.status as Status } : {}),
            ...(search.category ? { category: search.category } : {}),
            ...(search.tag ? { tag: search.tag } : {}),
          },
        },
      }),
    ),
  );
  const categories = useQuery(categoriesQuery);

  const rows = list.rows;
  const allChosen = rows.length > 0 && rows.every((p) => selected.has(p.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const choose: Column<Product> = {
    label: 'Selected',
    header: (
      <input
        type="checkbox"
        aria-label="Select all on this page"
        checked={allChosen}
        onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((p) => p.id)))}
      />
    ),
    value: (p) => (
      <input
        type="checkbox"
        aria-label={`Select ${p.title}`}
        checked={selected.has(p.id)}
        onChange={() => toggle(p.id)}
      />
    ),
  };

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
      <ListFilters
        search={{ label: 'Search products', hint: 'Title, SKU or tag' }}
        filters={[
          { name: 'status', label: 'Status', any: 'Any status', options: STATUSES },
          {
            name: 'category',
            label: 'Category',
            any: 'Any category',
            options: categoryPaths(categories.data ?? []).map(
              (c) => [c.category.id, c.path] as const,
            ),
          },
        ]}
        values={search}
        onChange={(next) => {
          setSelected(new Set());
          void navigate({ search: next });
        }}
      />
      <TagFilter
        value={search.tag}
        onChange={(tag) => {
          setSelected(new Set());
          void navigate({ search: { ...search, tag } });
        }}
      />
      {done ? <Notice tone="success">{done}</Notice> : null}
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
      <PagedTable
        list={list}
        caption="Products"
        what="products"
        empty={filtered(search) ? 'No product matches these filters.' : 'No products yet.'}
        columns={[...(writable ? [choose] : []), ...productColumns(me.shop.currency)]}
      />
    </>
  );
}

const STATUSES = [
  ['published', 'Published'],
  ['draft', 'Draft'],
  ['archived', 'Archived'],
] as const;

const productColumns = (currency: string): Column<Product>[] => [
  {
    label: 'Product',
    value: (p) => (
      <>
        <Link to="/products/$id" params={{ id: p.id }}>
          {p.title}
        </Link>
        {p.variants.length > 0 ? (
          <span className="muted"> · {p.variants.length} variants</span>
        ) : null}
        <TagChips tags={p.tags} />
      </>
    ),
  },
  { label: 'Status', value: (p) => <span className={`badge badge-${p.status}`}>{p.status}</span> },
  { label: 'Price', value: (p) => priceOf(p, currency) },
  { label: 'Stock', value: (p) => (p.track_stock ? stockOf(p) : 'Not tracked') },
];

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
