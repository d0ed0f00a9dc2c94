import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { api, type Schema, unwrap } from '../../api/client';
import { useEditor } from '../../components/editor';
import { fieldErrors } from '../../components/forms';
import { useMe } from '../../components/layout';
import { RichTextField } from '../../components/rich-text';
import { Checkbox, ErrorNotice, Loading, SelectField, TextField } from '../../components/ui';
import { categoriesQuery, categoryPaths } from '../../lib/categories';
import { can } from '../../lib/scopes';
import { bodyOf, draftOf, emptyDraft, type ProductDraft } from './form';
import { Media } from './media';
import { Options } from './options';
import { productKeys } from './queries';

type Product = Schema<'Product'>;

const read = (id: string) => unwrap(api.GET('/products/{id}', { params: { path: { id } } }));

/** The product editor: details, price in the shop's currency, stock, options and variants, media. */
export function ProductEditor({ id }: { id: string | null }) {
  const me = useMe();
  const currency = me.shop.currency;
  const navigate = useNavigate();
  const writable = can(me.scopes, 'catalogue:write');
  const product = useQuery({
    queryKey: productKeys.detail(id),
    queryFn: () => read(id ?? ''),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const editor = useEditor<ProductDraft, Product>({
    what: 'product',
    id,
    record: product.data,
    empty: emptyDraft,
    draftOf: (p) => draftOf(p, currency),
    read,
    detailKey: productKeys.detail,
    listKey: productKeys.lists(),
    send: (draft, opened, headers) => {
      const { body, errors } = bodyOf(draft, currency);
      if (draft.options.length === 0 && opened.options.length > 0) {
        body.options = [];
        body.variants = [];
      }
      const found = Object.entries(errors).map(([field, message]) => ({ field, message }));
      if (found.length > 0) throw fieldErrors(found);
      return id === null
        ? unwrap(api.POST('/products', { body, headers }))
        : unwrap(api.PATCH('/products/{id}', { params: { path: { id } }, body, headers }));
    },
    onCreated: (fresh) =>
      navigate({
        to: '/products/$id',
        params: { id: fresh.id },
        replace: true,
        ignoreBlocker: true,
      }),
  });
  const { opened, draft, set, errors } = editor;

  if (id !== null && product.isPending) return <Loading what="the product" />;
  if (id !== null && product.error) {
    return (
      <>
        <h1>Product</h1>
        <ErrorNotice error={product.error} />
      </>
    );
  }
  if (!opened) return <Loading what="the product" />;

  const err = (field: string) => errors[field];
  const storefrontUrl =
    id !== null && me.shop.storefront_url && opened.draft.status === 'published'
      ? `${me.shop.storefront_url.replace(/\/$/, '')}/products/${opened.draft.slug}`
      : null;

  return (
    <>
      <p>
        <Link to="/products">← Products</Link>
      </p>
      <h1>{id === null ? 'New product' : opened.draft.title || 'Product'}</h1>
      {storefrontUrl ? (
        <p>
          <a href={storefrontUrl} target="_blank" rel="noreferrer">
            View on the storefront
          </a>
        </p>
      ) : null}
      {editor.notices}
      <form onSubmit={editor.submit} noValidate className="editor">
        <fieldset disabled={!writable}>
          <section aria-labelledby="details">
            <h2 id="details">Details</h2>
            <TextField
              label="Title"
              required
              value={draft.title}
              onChange={(e) => set('title', e.target.value)}
              error={err('title')}
            />
            <TextField
              label="URL handle"
              hint="Lowercase letters, digits and dashes; made from the title when empty"
              value={draft.slug}
              onChange={(e) => set('slug', e.target.value)}
              error={err('slug')}
            />
            <RichTextField
              label="Description"
              value={draft.description}
              onChange={(html) => set('description', html)}
              error={err('description')}
            />
            <SelectField
              label="Status"
              value={draft.status}
              onChange={(e) => set('status', e.target.value as ProductDraft['status'])}
              error={err('status')}
            >
              <option value="draft">Draft (hidden from the storefront)</option>
              <option value="published">Published</option>
              <option value="archived">Archived</option>
            </SelectField>
            <Categories chosen={draft.category_ids} onChange={(ids) => set('category_ids', ids)} />
            <TextField
              label="Tags"
              hint="Separate tags with commas; only you see them, and they make no categories"
              value={draft.tags}
              onChange={(e) => set('tags', e.target.value)}
              error={
                err('tags') ?? Object.entries(errors).find(([k]) => k.startsWith('tags.'))?.[1]
              }
            />
          </section>
          <section aria-labelledby="pricing">
            <h2 id="pricing">Price and stock</h2>
            <div className="grid">
              <TextField
                label={`Price (${currency})`}
                inputMode="decimal"
                placeholder="28.00"
                value={draft.price}
                onChange={(e) => set('price', e.target.value)}
                error={err('price')}
                hint="Leave empty if not for sale"
              />
              <TextField
                label={`Sale price (${currency})`}
                inputMode="decimal"
                value={draft.sale_price}
                onChange={(e) => set('sale_price', e.target.value)}
                error={err('sale_price')}
              />
              <TextField
                label="Sale starts"
                type="datetime-local"
                value={draft.sale_starts_at}
                onChange={(e) => set('sale_starts_at', e.target.value)}
                error={err('sale_starts_at')}
              />
              <TextField
                label="Sale ends"
                type="datetime-local"
                value={draft.sale_ends_at}
                onChange={(e) => set('sale_ends_at', e.target.value)}
                error={err('sale_ends_at')}
              />
              <TextField
                label="SKU"
                value={draft.sku}
                onChange={(e) => set('sku', e.target.value)}
                error={err('sku')}
              />
              {draft.options.length === 0 ? (
                <TextField
                  label="Stock"
                  inputMode="numeric"
                  value={draft.stock}
                  onChange={(e) => set('stock', e.target.value)}
                  error={err('stock')}
                />
              ) : null}
            </div>
            <Checkbox
              label="Track stock"
              checked={draft.track_stock}
              onChange={(e) => set('track_stock', e.target.checked)}
            />
          </section>
          <Options draft={draft} set={set} errors={errors} currency={currency} />
        </fieldset>
        {writable ? <Media draft={draft} set={set} /> : null}
        {writable ? (
          <div className="actions save">
            <button
              type="submit"
              className="primary"
              disabled={editor.busy || (!editor.dirty && id !== null)}
            >
              {id === null ? 'Create product' : 'Save'}
            </button>
            {editor.dirty ? <span className="muted">Unsaved changes</span> : null}
          </div>
        ) : null}
      </form>
    </>
  );
}

function Categories({ chosen, onChange }: { chosen: string[]; onChange: (ids: string[]) => void }) {
  const categories = useQuery(categoriesQuery);
  const list = categories.data ? categoryPaths(categories.data) : [];
  if (list.length === 0) return null;
  return (
    <fieldset className="choices">
      <legend>Categories</legend>
      {list.map(({ category: c, path }) => (
        <Checkbox
          key={c.id}
          label={path}
          checked={chosen.includes(c.id)}
          onChange={(e) =>
            onChange(e.target.checked ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))
          }
        />
      ))}
    </fieldset>
  );
}
