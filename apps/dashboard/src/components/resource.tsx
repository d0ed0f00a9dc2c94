/**
 * A plain merchant resource (shipping rates, pickup locations, coupons, webhook endpoints,
 * roles): its server-paginated list, a form to create one and to edit one, and removal with a
 * confirmation. Described by its path, fields and columns, so every such screen behaves alike.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { API_BASE, api, newIdempotencyKey, unwrap, writeHeaders } from '../api/client';
import type { Field, Row } from '../lib/fields';
import { resourceKeys } from '../lib/queries';
import { can } from '../lib/scopes';
import { RecordForm, type Saved } from './forms';
import { useMe } from './layout';
import { PagedTable, usePaged } from './paged';
import { ConfirmDialog, ErrorNotice, Notice } from './ui';

type Call = (
  path: string,
  init?: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
/** The typed client seen through a path chosen at run time (the resource's own). */
export const loose = api as unknown as Record<'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', Call>;

type Item = Row & { id: string; version?: number };
type List = { data: Item[]; has_more: boolean };

export type ResourceConfig = {
  /** The collection's path under the merchant API, e.g. `/shipping-rates`. */
  path: string;
  /** Where one record is read, changed and removed; `${path}/${id}` by default. */
  itemPath?: (id: string) => string;
  singular: string;
  plural: string;
  /** Heading level of the list's title: 1 on a screen of its own, 2 inside another. */
  level?: 1 | 2;
  fields: readonly Field[];
  /** Fields only a new record takes (e.g. a coupon's code never changes). */
  createOnly?: readonly string[];
  defaults?: Row;
  columns: readonly { label: string; value: (row: Item, currency: string) => ReactNode }[];
  name: (row: Item) => string;
  writeScope: string;
  removable?: boolean | ((row: Item) => boolean);
  /** The verb of removal ("Revoke" for a key); "Remove" by default. */
  removeLabel?: string;
  /** False for what cannot change once made (a key). */
  editable?: boolean;
  /** More per row: a link, a toggle. */
  actions?: (row: Item, refresh: () => void) => ReactNode;
  /** Called after every write, for screens that show the resource elsewhere too. */
  onChange?: () => void;
  /** Shown once after a create (a secret the API will not show again). */
  afterCreate?: (created: Row) => ReactNode;
  intro?: ReactNode;
  /** The record as the form edits it, when it differs from the API's (a coupon's value). */
  prepare?: (record: Item) => Row;
  /** The body as the API takes it; throws an ApiError naming the fields in error. */
  finish?: (body: Row) => Row;
  /** Send every field on edit, for a `finish` that needs them all. */
  patchAll?: boolean;
};

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Editing = { mode: 'new' } | { mode: 'edit'; item: Item } | null;

export function ResourceList({ config: c }: { config: ResourceConfig }) {
  const me = useMe();
  const currency = me.shop.currency;
  const queryClient = useQueryClient();
  const writable = can(me.scopes, c.writeScope);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Item | null>(null);
  const [removeError, setRemoveError] = useState<unknown>();
  const [done, setDone] = useState<string>();
  const [created, setCreated] = useState<Row>();
  const queryKey = resourceKeys.list(c.path);
  const list = usePaged<Item>(
    queryKey,
    (cursor) =>
      unwrap(loose.GET(c.path, { params: { query: { limit: 25, ...cursor } } })) as Promise<List>,
  );
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey });
    c.onChange?.();
  };
  const Title = c.level === 2 ? 'h2' : 'h1';
  const Sub = c.level === 2 ? 'h3' : 'h2';
  const one = c.itemPath ?? ((id: string) => `${c.path}/${id}`);
  const removeLabel = c.removeLabel ?? 'Remove';

  const shown = (item: Item): Saved => ({
    record: c.prepare ? { ...item, ...c.prepare(item) } : item,
    version: item.version,
  });
  const save = async (typed: Row, headers: Record<string, string>): Promise<Saved> => {
    const body = c.finish ? c.finish(typed) : typed;
    if (editing?.mode === 'edit') {
      return shown((await unwrap(loose.PATCH(one(editing.item.id), { body, headers }))) as Item);
    }
    return shown(
      (await unwrap(loose.POST(c.path, { body: { ...c.defaults, ...body }, headers }))) as Item,
    );
  };
  const latest = async (): Promise<Saved> => {
    if (editing?.mode !== 'edit') throw new Error('nothing to reload');
    return shown((await unwrap(loose.GET(one(editing.item.id)))) as Item);
  };
  const remove = async () => {
    if (!removing) return;
    setRemoveError(undefined);
    try {
      await unwrap(
        loose.DELETE(one(removing.id), {
          headers: writeHeaders(newIdempotencyKey(), removing.version),
        }),
      );
      setDone(`${c.name(removing)} ${removeLabel.toLowerCase()}d.`);
      setRemoving(null);
      setCreated(undefined);
      refresh();
    } catch (caught) {
      setRemoveError(caught);
    }
  };
  const fields =
    editing?.mode === 'edit' ? c.fields.filter((f) => !c.createOnly?.includes(f.name)) : c.fields;

  return (
    <section aria-labelledby={`list-${c.path}`}>
      <div className="title-row">
        <Title id={`list-${c.path}`}>{sentence(c.plural)}</Title>
        {writable ? (
          <button
            type="button"
            className="primary"
            onClick={() => {
              setEditing({ mode: 'new' });
              setDone(undefined);
              setCreated(undefined);
            }}
          >
            New {c.singular}
          </button>
        ) : null}
      </div>
      {c.intro}
      {done ? <Notice tone="success">{done}</Notice> : null}
      {created && c.afterCreate ? c.afterCreate(created) : null}
      {editing ? (
        <section className="card" aria-labelledby={`form-${c.path}`}>
          <Sub id={`form-${c.path}`}>
            {editing.mode === 'new' ? `New ${c.singular}` : `Edit ${c.name(editing.item)}`}
          </Sub>
          <RecordForm
            key={editing.mode === 'edit' ? editing.item.id : 'new'}
            fields={fields}
            record={editing.mode === 'edit' ? shown(editing.item).record : c.defaults}
            version={editing.mode === 'edit' ? editing.item.version : undefined}
            currency={currency}
            patch={editing.mode === 'edit' && !c.patchAll}
            save={save}
            latest={editing.mode === 'edit' ? latest : undefined}
            submitLabel={editing.mode === 'new' ? `Create ${c.singular}` : 'Save changes'}
            savedMessage="Saved."
            onSaved={(saved) => {
              refresh();
              const item = saved.record as Item;
              if (editing.mode === 'new') setCreated(saved.record);
              setDone(`${c.name(item)} ${editing.mode === 'new' ? 'created' : 'saved'}.`);
              setEditing(null);
            }}
          >
            <button type="button" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </RecordForm>
        </section>
      ) : null}
      <PagedTable
        list={list}
        caption={c.plural}
        what={c.plural}
        empty={`No ${c.plural} yet.`}
        columns={c.columns.map((col) => ({
          label: col.label,
          value: (row: Item) => col.value(row, currency),
        }))}
        actions={(row) => (
          <>
            {c.actions?.(row, refresh)}
            {writable && c.editable !== false ? (
              <button type="button" onClick={() => setEditing({ mode: 'edit', item: row })}>
                Edit<span className="sr-only"> {c.name(row)}</span>
              </button>
            ) : null}
            {writable && (typeof c.removable === 'function' ? c.removable(row) : c.removable) ? (
              <button type="button" className="danger" onClick={() => setRemoving(row)}>
                {removeLabel}
                <span className="sr-only"> {c.name(row)}</span>
              </button>
            ) : null}
          </>
        )}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`${removeLabel} ${removing ? c.name(removing) : ''}?`}
        confirmLabel={`${removeLabel} ${c.singular}`}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>This cannot be undone.</p>
        <ErrorNotice error={removeError} />
      </ConfirmDialog>
    </section>
  );
}

/** The merchant API's address of a download (exports), same-origin with the session. */
export const apiUrl = (path: string) => `${API_BASE}${path}`;
