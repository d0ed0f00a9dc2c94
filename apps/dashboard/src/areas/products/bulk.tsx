import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, newIdempotencyKey, type Schema, unwrap, writeHeaders } from '../../api/client';
import { ConfirmDialog, ErrorNotice } from '../../components/ui';
import { countOf } from '../../lib/text';
import { BulkEditDialog } from './bulk-edit';
import { productKeys } from './queries';

type Product = Schema<'Product'>;
type Action = 'published' | 'archived' | 'delete';

const plural = (n: number) => countOf(n, 'product');

/** One product's bulk status change or deletion. */
async function writeOne(product: Product, change: Action) {
  const headers = writeHeaders(newIdempotencyKey(), product.version);
  const path = { id: product.id };
  if (change === 'delete') {
    await unwrap(api.DELETE('/products/{id}', { params: { path }, headers }));
  } else {
    await unwrap(
      api.PATCH('/products/{id}', { params: { path }, headers, body: { status: change } }),
    );
  }
}

/**
 * The bulk actions over the products selected on the list: publish, archive, delete (each
 * confirmed) and a price and/or stock change, previewed per variant before it is applied.
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

  const run = useMutation({
    mutationFn: async (change: Action) => {
      for (const product of chosen) await writeOne(product, change);
      return chosen.length;
    },
    onSuccess: (n, change) => {
      const what =
        change === 'delete' ? 'deleted' : change === 'published' ? 'published' : 'archived';
      setConfirm(null);
      onDone(`${plural(n)} ${what}.`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all() }),
  });
  const open = (what: Action | 'edit') => {
    run.reset();
    if (what === 'edit') setEditing(true);
    else setConfirm(what);
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
      {!confirm ? <ErrorNotice error={run.error} /> : null}
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
      {editing ? (
        <BulkEditDialog
          open
          ids={chosen.map((p) => p.id)}
          currency={currency}
          onCancel={() => {
            setEditing(false);
            void queryClient.invalidateQueries({ queryKey: productKeys.all() });
          }}
          onDone={(message) => {
            setEditing(false);
            void queryClient.invalidateQueries({ queryKey: productKeys.all() });
            onDone(message);
          }}
        />
      ) : null}
    </>
  );
}
