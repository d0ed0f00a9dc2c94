import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api, newIdempotencyKey, type Schema, unwrap, writeHeaders } from '../api/client';
import { useMe } from '../components/Layout';
import {
  Checkbox,
  ErrorNotice,
  Loading,
  Notice,
  SelectField,
  TextArea,
  TextField,
} from '../components/ui';
import { categoriesQuery, flattenTree } from '../lib/categories';
import { flash, takeFlash } from '../lib/flash';
import { uploadImage } from '../lib/media';
import {
  bodyOf,
  draftOf,
  emptyDraft,
  type FormErrors,
  generateVariants,
  type ProductDraft,
} from '../lib/product-form';
import { rebase } from '../lib/rebase';
import { can } from '../lib/scopes';

type Product = Schema<'Product'>;

/** The product editor: details, price in the shop's currency, stock, options and variants, media. */
export function ProductEditor({ id }: { id: string | null }) {
  const me = useMe();
  const currency = me.shop.currency;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const writable = can(me.scopes, 'catalogue:write');
  const product = useQuery({
    queryKey: ['product', id],
    queryFn: () => unwrap(api.GET('/products/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [opened, setOpened] = useState<{ draft: ProductDraft; version?: number } | null>(
    id === null ? { draft: emptyDraft() } : null,
  );
  const [draft, setDraft] = useState<ProductDraft>(emptyDraft());
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<unknown>();
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState<string | undefined>(takeFlash);
  const [busy, setBusy] = useState(false);
  const key = useRef(newIdempotencyKey());

  useEffect(() => {
    if (product.data && opened === null) {
      const d = draftOf(product.data, currency);
      setOpened({ draft: d, version: product.data.version });
      setDraft(d);
    }
  }, [product.data, opened, currency]);

  const dirty = opened !== null && JSON.stringify(draft) !== JSON.stringify(opened.draft);
  useBlocker({
    shouldBlockFn: () =>
      dirty && !window.confirm('You have unsaved changes. Leave without saving?'),
    enableBeforeUnload: () => dirty,
  });

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

  const set = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setSaved(undefined);
  };
  const err = (field: string) => errors[field];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = bodyOf(draft, currency);
    if (draft.options.length === 0 && opened.draft.options.length > 0) {
      body.options = [];
      body.variants = [];
    }
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result =
        id === null
          ? await unwrap(api.POST('/products', { body, headers: writeHeaders(key.current) }))
          : await unwrap(
              api.PATCH('/products/{id}', {
                params: { path: { id } },
                body,
                headers: writeHeaders(key.current, opened.version),
              }),
            );
      key.current = newIdempotencyKey();
      const fresh: Product = result;
      const d = draftOf(fresh, currency);
      setOpened({ draft: d, version: fresh.version });
      setDraft(d);
      queryClient.setQueryData(['product', fresh.id], fresh);
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      if (id === null) {
        flash('Product created.');
        await navigate({
          to: '/products/$id',
          params: { id: fresh.id },
          replace: true,
          ignoreBlocker: true,
        });
      } else setSaved('Changes saved.');
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 412) setStale(true);
      else if (caught instanceof ApiError && caught.details.length > 0) {
        setErrors(Object.fromEntries(caught.details.map((d) => [d.field, d.message])));
        setFailure(caught);
      } else setFailure(caught);
    } finally {
      setBusy(false);
    }
  };

  const reloadLatest = async () => {
    const latest = await unwrap(api.GET('/products/{id}', { params: { path: { id: id ?? '' } } }));
    const latestDraft = draftOf(latest, currency);
    setDraft(rebase(opened.draft, draft, latestDraft));
    setOpened({ draft: latestDraft, version: latest.version });
    setStale(false);
  };

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
      {stale ? (
        <Notice tone="warning">
          <p>This product was changed by someone else since you opened it, so it was not saved.</p>
          <button type="button" onClick={() => void reloadLatest()}>
            Load their changes and keep mine
          </button>
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {failure && !(failure instanceof ApiError && failure.details.length > 0) ? (
        <ErrorNotice error={failure} />
      ) : null}
      {Object.keys(errors).length > 0 ? (
        <Notice tone="error">Some fields need attention: see the messages beside them.</Notice>
      ) : null}
      <form onSubmit={save} noValidate className="editor">
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
            <TextArea
              label="Description"
              rows={5}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
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
            <button type="submit" className="primary" disabled={busy || (!dirty && id !== null)}>
              {id === null ? 'Create product' : 'Save'}
            </button>
            {dirty ? <span className="muted">Unsaved changes</span> : null}
          </div>
        ) : null}
      </form>
    </>
  );
}

function Categories({ chosen, onChange }: { chosen: string[]; onChange: (ids: string[]) => void }) {
  const categories = useQuery(categoriesQuery);
  const list = categories.data ? flattenTree(categories.data).map((c) => c.category) : [];
  if (list.length === 0) return null;
  return (
    <fieldset className="choices">
      <legend>Categories</legend>
      {list.map((c) => (
        <Checkbox
          key={c.id}
          label={c.title}
          checked={chosen.includes(c.id)}
          onChange={(e) =>
            onChange(e.target.checked ? [...chosen, c.id] : chosen.filter((x) => x !== c.id))
          }
        />
      ))}
    </fieldset>
  );
}

type SetField = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => void;

/** Up to three options and the variant matrix generated from their values. */
function Options({
  draft,
  set,
  errors,
  currency,
}: {
  draft: ProductDraft;
  set: SetField;
  errors: FormErrors;
  currency: string;
}) {
  const setOption = (i: number, patch: Partial<ProductDraft['options'][number]>) =>
    set(
      'options',
      draft.options.map((o, j) => (j === i ? { ...o, ...patch } : o)),
    );
  const setVariant = (i: number, patch: Partial<ProductDraft['variants'][number]>) =>
    set(
      'variants',
      draft.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)),
    );
  return (
    <section aria-labelledby="variants">
      <h2 id="variants">Options and variants</h2>
      {draft.options.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place, by position
        <fieldset key={i} className="option">
          <legend>Option {i + 1}</legend>
          <TextField
            label={`Option ${i + 1} name`}
            placeholder="Size"
            value={o.name}
            onChange={(e) => setOption(i, { name: e.target.value })}
            error={errors[`options.${i}.name`]}
          />
          <TextField
            label={`Option ${i + 1} values`}
            hint="Separated by commas, e.g. S, M, L"
            value={o.values}
            onChange={(e) => setOption(i, { values: e.target.value })}
            error={errors[`options.${i}.values`]}
          />
          <button
            type="button"
            onClick={() =>
              set(
                'options',
                draft.options.filter((_, j) => j !== i),
              )
            }
          >
            Remove option {i + 1}
          </button>
        </fieldset>
      ))}
      <div className="actions">
        {draft.options.length < 3 ? (
          <button
            type="button"
            onClick={() => set('options', [...draft.options, { name: '', values: '' }])}
          >
            Add option
          </button>
        ) : null}
        {draft.options.length > 0 ? (
          <button type="button" onClick={() => set('variants', generateVariants(draft))}>
            Generate variants
          </button>
        ) : null}
      </div>
      {errors.variants ? <p className="field-error">{errors.variants}</p> : null}
      {draft.variants.length > 0 ? (
        <div className="table-wrap">
          <table className="matrix">
            <caption>Variants</caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">Price ({currency})</th>
                <th scope="col">Sale price ({currency})</th>
                <th scope="col">Stock</th>
                <th scope="col">SKU</th>
              </tr>
            </thead>
            <tbody>
              {draft.variants.map((v, i) => {
                const name = v.option_values.join(' / ');
                return (
                  <tr key={v.option_values.join('\u0000')}>
                    <th scope="row">{name}</th>
                    <td>
                      <CellInput
                        label={`Price of ${name}`}
                        value={v.price}
                        inputMode="decimal"
                        onChange={(value) => setVariant(i, { price: value })}
                        error={errors[`variants.${i}.price`]}
                      />
                    </td>
                    <td>
                      <CellInput
                        label={`Sale price of ${name}`}
                        value={v.sale_price}
                        inputMode="decimal"
                        onChange={(value) => setVariant(i, { sale_price: value })}
                        error={errors[`variants.${i}.sale_price`]}
                      />
                    </td>
                    <td>
                      <CellInput
                        label={`Stock of ${name}`}
                        value={v.stock}
                        inputMode="numeric"
                        onChange={(value) => setVariant(i, { stock: value })}
                        error={errors[`variants.${i}.stock`]}
                      />
                    </td>
                    <td>
                      <CellInput
                        label={`SKU of ${name}`}
                        value={v.sku}
                        onChange={(value) => setVariant(i, { sku: value })}
                        error={errors[`variants.${i}.sku`]}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function CellInput({
  label,
  value,
  onChange,
  error,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <span className="cell">
      <input
        aria-label={label}
        value={value}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? <span className="field-error">{error}</span> : null}
    </span>
  );
}

/** The product's images: upload by picking or dropping files, reorder, remove. */
function Media({ draft, set }: { draft: ProductDraft; set: SetField }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const items = useQueries({
    queries: draft.media.map((m) => ({
      queryKey: ['media', m.media_id],
      queryFn: () => unwrap(api.GET('/media/{id}', { params: { path: { id: m.media_id } } })),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  const upload = async (files: FileList | File[]) => {
    setBusy(true);
    setError(undefined);
    const added: { media_id: string }[] = [];
    try {
      for (const file of Array.from(files)) {
        const media = await uploadImage(file);
        added.push({ media_id: media.id });
      }
    } catch (caught) {
      setError(caught);
    } finally {
      set('media', [...draft.media, ...added]);
      setBusy(false);
    }
  };
  const move = (from: number, to: number) => {
    const next = [...draft.media];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    set('media', next);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) void upload(event.dataTransfer.files);
  };
  return (
    <section aria-labelledby="media">
      <h2 id="media">Images</h2>
      <ErrorNotice error={error} />
      <ol className="media">
        {draft.media.map((m, i) => {
          const media = items[i]?.data;
          return (
            <li key={m.media_id}>
              {media ? (
                <img src={media.url} alt={media.alt} width={96} height={96} />
              ) : (
                <span className="thumb">…</span>
              )}
              <span className="media-actions">
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`Move image ${i + 1} earlier`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={i === draft.media.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`Move image ${i + 1} later`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  onClick={() =>
                    set(
                      'media',
                      draft.media.filter((_, j) => j !== i),
                    )
                  }
                  aria-label={`Remove image ${i + 1}`}
                >
                  ✕
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds to the file button beside it, which keyboards use */}
      <div
        className={over ? 'dropzone over' : 'dropzone'}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p>Drop images here, or</p>
        <label className="button" htmlFor="media-file">
          Choose images
        </label>
        <input
          ref={input}
          id="media-file"
          className="sr-only"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          multiple
          disabled={busy}
          onChange={(e) => {
            if (e.target.files) void upload(e.target.files);
            e.target.value = '';
          }}
        />
        {busy ? <p role="status">Uploading…</p> : null}
      </div>
    </section>
  );
}
