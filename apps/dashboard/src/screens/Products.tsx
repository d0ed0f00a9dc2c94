import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, newIdempotencyKey, type Schema, unwrap, writeHeaders } from '../api/client';
import { useMe } from '../components/Layout';
import {
  ConfirmDialog,
  ErrorNotice,
  Loading,
  Notice,
  Pager,
  SelectField,
  TextField,
} from '../components/ui';
import { useCursor } from '../lib/list';
import { formatMoney } from '../lib/money';
import { can } from '../lib/scopes';

export type ProductsSearch = {
  q?: string | undefined;
  status?: string | undefined;
  category?: string | undefined;
};
type Product = Schema<'Product'>;
type Status = Product['status'];
type BulkAction = 'published' | 'archived' | 'delete';

const PAGE = 25;

/** Products: a server-paginated list with search, status and category filters, and bulk actions. */
export function Products() {
  const me = useMe();
  const search = useSearch({ from: '/app/products' });
  const navigate = useNavigate({ from: '/products' });
  const queryClient = useQueryClient();
  const pager = useCursor();
  const [query, setQuery] = useState(search.q ?? '');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirm, setConfirm] = useState<BulkAction | null>(null);
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
  const categories = useQuery({
    queryKey: ['categories', 'all'],
    queryFn: () => unwrap(api.GET('/categories', { params: { query: { limit: 100 } } })),
    staleTime: 60_000,
  });

  const filter = (next: ProductsSearch) => {
    pager.reset();
    setSelected(new Set());
    void navigate({ search: { ...search, ...next } });
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    filter({ q: query.trim() || undefined });
  };

  const bulk = useMutation({
    mutationFn: async (action: BulkAction) => {
      const chosen = (list.data?.data ?? []).filter((p) => selected.has(p.id));
      for (const product of chosen) {
        const headers = writeHeaders(newIdempotencyKey(), product.version);
        if (action === 'delete') {
          await unwrap(
            api.DELETE('/products/{id}', { params: { path: { id: product.id } }, headers }),
          );
        } else {
          await unwrap(
            api.PATCH('/products/{id}', {
              params: { path: { id: product.id } },
              headers,
              body: { status: action },
            }),
          );
        }
      }
      return chosen.length;
    },
    onSuccess: (n, action) => {
      setDone(
        `${n} ${n === 1 ? 'product' : 'products'} ${action === 'delete' ? 'deleted' : action === 'published' ? 'published' : 'archived'}.`,
      );
      setSelected(new Set());
      setConfirm(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });

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
          {(categories.data?.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
      </div>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ErrorNotice error={list.error ?? bulk.error} />
      {writable && selected.size > 0 ? (
        <fieldset className="bulk">
          <legend>{selected.size} selected</legend>
          <button type="button" onClick={() => setConfirm('published')}>
            Publish
          </button>
          <button type="button" onClick={() => setConfirm('archived')}>
            Archive
          </button>
          <button type="button" className="danger" onClick={() => setConfirm('delete')}>
            Delete
          </button>
        </fieldset>
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
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm === 'delete'
            ? `Delete ${selected.size} products?`
            : confirm === 'published'
              ? `Publish ${selected.size} products?`
              : `Archive ${selected.size} products?`
        }
        confirmLabel={
          confirm === 'delete' ? 'Delete' : confirm === 'published' ? 'Publish' : 'Archive'
        }
        danger={confirm === 'delete'}
        busy={bulk.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && bulk.mutate(confirm)}
      >
        <p>
          {confirm === 'delete'
            ? 'Deleted products leave the storefront and cannot be restored. Past orders keep their lines.'
            : confirm === 'published'
              ? 'They will be shown on the storefront.'
              : 'They leave the storefront but stay here.'}
        </p>
      </ConfirmDialog>
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
