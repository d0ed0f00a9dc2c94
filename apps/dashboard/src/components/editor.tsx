/**
 * The save flow of an editor screen of one record (a product, a category): the draft and what
 * it was when opened, unsaved changes guarded on leaving, one Idempotency-Key per intent,
 * If-Match with the version opened, the API's field errors beside their inputs, and a 412 that
 * loads the latest record with what the merchant changed kept on top (lib/rebase.ts).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, newIdempotencyKey, writeHeaders } from '../api/client';
import { flash, takeFlash } from '../lib/flash';
import { rebase } from '../lib/rebase';
import { ErrorNotice, Notice } from './ui';

type Versioned = { id: string; version: number };
type Opened<Draft> = { draft: Draft; version?: number | undefined };
export type Headers = ReturnType<typeof writeHeaders>;

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
  /** Query keys: the record's (`[key, id]`) and its list's, refreshed after a save. */
  queryKey: string;
  listKey: string;
  /** Where a new record goes once created (its own editor). */
  onCreated: (record: Record) => Promise<void>;
};

export function useEditor<Draft extends object, Record extends Versioned>(
  o: EditorOptions<Draft, Record>,
) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<Opened<Draft> | null>(() =>
    o.id === null ? { draft: o.empty() } : null,
  );
  const [draft, setDraft] = useState<Draft>(o.empty);
  const [errors, setErrors] = useState<globalThis.Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>();
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState<string | undefined>(takeFlash);
  const [busy, setBusy] = useState(false);
  const key = useRef(newIdempotencyKey());
  const { record, draftOf } = o;

  useEffect(() => {
    if (record && opened === null) {
      const d = draftOf(record);
      setOpened({ draft: d, version: record.version });
      setDraft(d);
    }
  }, [record, opened, draftOf]);

  const dirty = opened !== null && JSON.stringify(draft) !== JSON.stringify(opened.draft);
  useBlocker({
    shouldBlockFn: () =>
      dirty && !window.confirm('You have unsaved changes. Leave without saving?'),
    enableBeforeUnload: () => dirty,
  });

  /** Changes one field of the draft; its error goes, as the merchant is fixing it. */
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field as string]: _, ...rest }) => rest);
    setSaved(undefined);
  };
  const setFieldError = (field: string, message: string | undefined) =>
    setErrors(({ [field]: _, ...rest }) => (message ? { ...rest, [field]: message } : rest));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!opened) return;
    setErrors({});
    setFailure(undefined);
    setBusy(true);
    try {
      const fresh = await o.send(draft, opened.draft, writeHeaders(key.current, opened.version));
      key.current = newIdempotencyKey();
      const d = o.draftOf(fresh);
      setOpened({ draft: d, version: fresh.version });
      setDraft(d);
      queryClient.setQueryData([o.queryKey, fresh.id], fresh);
      await queryClient.invalidateQueries({ queryKey: [o.listKey] });
      if (o.id === null) {
        flash(`${o.what.charAt(0).toUpperCase()}${o.what.slice(1)} created.`);
        await o.onCreated(fresh);
      } else setSaved('Changes saved.');
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 412) setStale(true);
      else {
        if (caught instanceof ApiError) {
          setErrors(Object.fromEntries(caught.details.map((d) => [d.field, d.message])));
        }
        setFailure(caught);
      }
    } finally {
      setBusy(false);
    }
  };

  const reloadLatest = async () => {
    if (!opened || o.id === null) return;
    try {
      const latest = await o.read(o.id);
      const latestDraft = o.draftOf(latest);
      setDraft(rebase(opened.draft, draft, latestDraft));
      setOpened({ draft: latestDraft, version: latest.version });
      key.current = newIdempotencyKey();
      setStale(false);
    } catch (caught) {
      setFailure(caught);
    }
  };

  const hasFieldErrors = Object.keys(errors).length > 0;
  const notices = (
    <>
      {stale ? (
        <Notice tone="warning">
          <p>This {o.what} was changed by someone else since you opened it, so it was not saved.</p>
          <button type="button" onClick={() => void reloadLatest()}>
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

  return { opened, draft, set, errors, setFieldError, busy, setBusy, dirty, submit, notices };
}
