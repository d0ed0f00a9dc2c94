import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, newIdempotencyKey, type Schema, unwrap, writeHeaders } from '../api/client';
import { ConfirmDialog, ErrorNotice, Notice, TextField } from '../components/ui';
import { parseMajor } from '../lib/money';
import { type FormErrors, stockOf } from '../lib/product-form';

type Product = Schema<'Product'>;
type Action = 'published' | 'archived' | 'delete';

const plural = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/** One product's bulk write: status, deletion, or new price and/or stock on it or each variant. */
async function writeOne(product: Product, change: Action | { price?: number; stock?: number }) {
  const headers = writeHeaders(newIdempotencyKey(), product.version);
  const path = { id: product.id };
  if (change === 'delete') {
    await unwrap(api.DELETE('/products/{id}', { params: { path }, headers }));
  } else if (typeof change === 'string') {
    await unwrap(
      api.PATCH('/products/{id}', { params: { path }, headers, body: { status: change } }),
    );
  } else if (product.variants.length === 0) {
    await unwrap(api.PATCH('/products/{id}', { params: { path }, headers, body: change }));
  } else {
    // Each variant write raises the product's version: the next one sends the new ETag.
    let version = product.version;
    for (const variant of product.variants) {
      const written = await unwrap(
        api.PATCH('/products/{id}/variants/{variant_id}', {
          params: { path: { id: product.id, variant_id: variant.id } },
          headers: writeHeaders(newIdempotencyKey(), version),
          body: change,
        }),
      );
      version = written.version;
    }
  }
}

/**
 * The bulk actions over the products selected on the list: publish, archive, delete (each
 * confirmed) and a new price and/or stock for all of them (every variant of a product with
 * variants), in the shop's currency.
 */
export function ProductsBulk({
  chosen,
  currency,
  onDone,
}: {
  chosen: Product[];
  currency: string;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<Action | null>(null);
  const [editing, setEditing] = useState(false);
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});

  const run = useMutation({
    mutationFn: async (change: Action | { price?: number; stock?: number }) => {
      for (const product of chosen) await writeOne(product, change);
      return chosen.length;
    },
    onSuccess: (n, change) => {
      const what =
        change === 'delete'
          ? 'deleted'
          : change === 'published'
            ? 'published'
            : change === 'archived'
              ? 'archived'
              : 'updated';
      setConfirm(null);
      setEditing(false);
      setPrice('');
      setStock('');
      onDone(`${plural(n)} ${what}.`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
  const open = (what: Action | 'edit') => {
    run.reset();
    setErrors({});
    if (what === 'edit') setEditing(true);
    else setConfirm(what);
  };
  const error = run.error instanceof ApiError ? run.error : null;
  const stale = error?.status === 412;

  const submitEdit = () => {
    const found: FormErrors = {};
    const change: { price?: number; stock?: number } = {};
    if (price.trim() !== '') {
      const parsed = parseMajor(price, currency);
      if (parsed.ok) change.price = parsed.minor;
      else found.price = parsed.message;
    }
    if (stock.trim() !== '') change.stock = stockOf(stock, 'stock', found);
    if (Object.keys(found).length === 0 && change.price === undefined && change.stock === undefined)
      found.price = 'Enter a new price, a new stock, or both';
    setErrors(found);
    if (Object.keys(found).length === 0) run.mutate(change);
  };

  return (
    <>
      <fieldset className="bulk">
        <legend>{chosen.length} selected</legend>
        <button type="button" onClick={() => open('published')}>
          Publish
        </button>
        <button type="button" onClick={() => open('archived')}>
          Archive
        </button>
        <button type="button" onClick={() => open('edit')}>
          Edit price and stock
        </button>
        <button type="button" className="danger" onClick={() => open('delete')}>
          Delete
        </button>
      </fieldset>
      {!editing && !confirm ? <ErrorNotice error={run.error} /> : null}
      <ConfirmDialog
        open={confirm !== null}
        title={`${confirm === 'delete' ? 'Delete' : confirm === 'published' ? 'Publish' : 'Archive'} ${plural(chosen.length)}?`}
        confirmLabel={
          confirm === 'delete' ? 'Delete' : confirm === 'published' ? 'Publish' : 'Archive'
        }
        danger={confirm === 'delete'}
        busy={run.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && run.mutate(confirm)}
      >
        <p>
          {confirm === 'delete'
            ? `Deleted products leave the storefront and cannot be restored: ${chosen.map((p) => p.title).join(', ')}. Past orders keep their lines.`
            : confirm === 'published'
              ? 'They will be shown on the storefront.'
              : 'They leave the storefront but stay here.'}
        </p>
        {confirm ? <ErrorNotice error={run.error} /> : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={editing}
        title={`Edit price and stock of ${plural(chosen.length)}`}
        confirmLabel="Apply"
        busy={run.isPending}
        onCancel={() => setEditing(false)}
        onConfirm={submitEdit}
      >
        <p>
          Leave a field empty to keep what each product has. Products with variants get the new
          values on every variant.
        </p>
        <TextField
          label={`New price (${currency})`}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errors.price ?? error?.fieldMessage('price')}
        />
        <TextField
          label="New stock"
          inputMode="numeric"
          value={stock}
          onChange={(e) => setStock(e.target.value)}
          error={errors.stock ?? error?.fieldMessage('stock')}
        />
        {stale ? (
          <Notice tone="warning">
            A product changed since the list was loaded. The list has been reloaded; apply again to
            save these values on top.
          </Notice>
        ) : editing ? (
          <ErrorNotice error={error && error.details.length > 0 ? null : run.error} />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
