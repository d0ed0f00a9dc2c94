/**
 * An editor screen of one record (a product, a category) on the shared save flow
 * (save-flow.tsx): loads the draft once the record is read, refreshes its queries after a
 * save, moves to a new record's own editor, and its notices.
 */
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../api/client';
import { flash, takeFlash } from '../lib/flash';
import { useSaveFlow, type WriteHeaders } from './save-flow';
import { ErrorNotice, Notice } from './ui';

type Versioned = { id: string; version: number };
export type Headers = WriteHeaders;

export type EditorOptions<Draft, Record extends Versioned> = {
  /** What the record is called in messages: "product". */
  what: string;
  /** The record's id; null for a new one. */
  id: string | null;
  /** The record as read, once it is (undefined while loading, and for a new one). */
  record: Record | undefined;
  empty: () => Draft;
  draftOf: (record: Record) => Draft;
  /** The latest record, after a 412. */
  read: (id: string) => Promise<Record>;
  /**
   * Sends the draft (creating without, or changing with If-Match in `headers`); throws an
   * ApiError with details naming the fields at fault for what is wrong before sending.
   */
  send: (draft: Draft, opened: Draft, headers: Headers) => Promise<Record>;
  /** Query keys (the area's factory): the record's and its lists', refreshed after a save. */
  detailKey: (id: string) => QueryKey;
  listKey: QueryKey;
  /** Where a new record goes once created (its own editor). */
  onCreated: (record: Record) => Promise<void>;
};

export function useEditor<Draft extends object, Record extends Versioned>(
  o: EditorOptions<Draft, Record>,
) {
  const queryClient = useQueryClient();
  const flow = useSaveFlow<Draft, Record>({
    opened: o.id === null ? { draft: o.empty() } : null,
    blank: o.empty,
    send: o.send,
    draftOf: o.draftOf,
    latest: o.id === null ? undefined : () => o.read(o.id as string),
    savedAtStart: takeFlash,
    onSaved: async (fresh) => {
      queryClient.setQueryData(o.detailKey(fresh.id), fresh);
      await queryClient.invalidateQueries({ queryKey: o.listKey });
      if (o.id !== null) return 'Changes saved.';
      flash(`${o.what.charAt(0).toUpperCase()}${o.what.slice(1)} created.`);
      await o.onCreated(fresh);
      return undefined;
    },
  });
  const { record, draftOf } = o;
  const { opened, open } = flow;

  useEffect(() => {
    if (record && opened === null) open(draftOf(record), record.version);
  }, [record, opened, draftOf, open]);

  /** Changes one field of the draft; its error goes, as the merchant is fixing it. */
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) =>
    flow.edit((d) => ({ ...d, [field]: value }), field as string);
  const setFieldError = (field: string, message: string | undefined) =>
    flow.setErrors(({ [field]: _, ...rest }) => (message ? { ...rest, [field]: message } : rest));

  const { stale, saved, failure, errors } = flow;
  const hasFieldErrors = Object.keys(errors).length > 0;
  const notices = (
    <>
      {stale ? (
        <Notice tone="warning">
          <p>This {o.what} was changed by someone else since you opened it, so it was not saved.</p>
          <button type="button" onClick={() => void flow.reloadLatest()}>
            Load their changes and keep mine
          </button>
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {failure && !(failure instanceof ApiError && failure.details.length > 0) ? (
        <ErrorNotice error={failure} />
      ) : null}
      {hasFieldErrors ? (
        <Notice tone="error">Some fields need attention: see the messages beside them.</Notice>
      ) : null}
    </>
  );

  return {
    opened,
    draft: flow.draft,
    set,
    errors,
    setFieldError,
    busy: flow.busy,
    setBusy: flow.setBusy,
    dirty: flow.dirty,
    submit: flow.submit,
    notices,
  };
}
