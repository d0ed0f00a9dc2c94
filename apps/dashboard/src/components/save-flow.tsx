/**
 * The save flow of every form of one record, editor screens and settings forms alike: the
 * draft and what it was when opened, unsaved changes guarded on leaving, one Idempotency-Key
 * per intent, If-Match with the version opened, the API's field errors beside their inputs,
 * and a 412 that loads the latest record with what the merchant changed kept on top
 * (lib/rebase.ts).
 */
import { useBlocker } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, newIdempotencyKey, writeHeaders } from '../api/client';
import { errorsOf, type FormErrors } from '../lib/fields';
import { rebase } from '../lib/rebase';

export type WriteHeaders = ReturnType<typeof writeHeaders>;
type Opened<Draft> = { draft: Draft; version?: number | undefined };
type Versioned = { version?: number | undefined };

export type SaveFlowOptions<Draft, Saved extends Versioned> = {
  /** The draft and version as opened; null while the record is still being read. */
  opened: Opened<Draft> | null;
  /** The draft shown before the record is read. */
  blank: () => Draft;
  /**
   * Sends the draft (`opened` is what it was when opened, for a change of only what changed);
   * throws an ApiError whose details name the fields at fault for what is wrong before sending.
   */
  send: (draft: Draft, opened: Draft, headers: WriteHeaders) => Promise<Saved>;
  /** The draft a saved or latest record opens as. */
  draftOf: (saved: Saved) => Draft;
  /** The latest record, after a 412 (without it the 412 offers nothing to load). */
  latest?: (() => Promise<Saved>) | undefined;
  /** After a save: the confirmation to show, or nothing (when the caller moves on). */
  onSaved: (saved: Saved) => Promise<string | undefined> | string | undefined;
  /** A confirmation carried over from the screen before (a record just created), read once. */
  savedAtStart?: (() => string | undefined) | undefined;
};

export function useSaveFlow<Draft extends object, Saved extends Versioned>(
  o: SaveFlowOptions<Draft, Saved>,
) {
  const [opened, setOpened] = useState<Opened<Draft> | null>(o.opened);
  const [draft, setDraft] = useState<Draft>(() => o.opened?.draft ?? o.blank());
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<unknown>();
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState<string | undefined>(() => o.savedAtStart?.());
  const [busy, setBusy] = useState(false);
  const key = useRef(newIdempotencyKey());

  const dirty = opened !== null && JSON.stringify(draft) !== JSON.stringify(opened.draft);
  useBlocker({
    shouldBlockFn: () =>
      dirty && !window.confirm('You have unsaved changes. Leave without saving?'),
    enableBeforeUnload: () => dirty,
  });

  /** Opens the form on a record's draft, as read or as saved. */
  const open = (next: Draft, version: number | undefined) => {
    setOpened({ draft: next, version });
    setDraft(next);
  };

  /** Changes the draft; the named field's error goes, as the merchant is fixing it. */
  const edit = (change: (d: Draft) => Draft, field?: string) => {
    setDraft(change);
    if (field !== undefined) setErrors(({ [field]: _, ...rest }) => rest);
    setSaved(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!opened) return;
    setErrors({});
    setFailure(undefined);
    setBusy(true);
    try {
      const fresh = await o.send(draft, opened.draft, writeHeaders(key.current, opened.version));
      key.current = newIdempotencyKey();
      open(o.draftOf(fresh), fresh.version);
      setSaved(await o.onSaved(fresh));
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 412) setStale(true);
      else {
        if (caught instanceof ApiError) setErrors(errorsOf(caught.details));
        setFailure(caught);
      }
    } finally {
      setBusy(false);
    }
  };

  /** After a 412: the latest record, with what was changed here since opening kept on top. */
  const reloadLatest = async () => {
    if (!opened || !o.latest) return;
    try {
      const latest = await o.latest();
      const latestDraft = o.draftOf(latest);
      setDraft(rebase(opened.draft, draft, latestDraft));
      setOpened({ draft: latestDraft, version: latest.version });
      key.current = newIdempotencyKey();
      setStale(false);
    } catch (caught) {
      setFailure(caught);
    }
  };

  return {
    opened,
    draft,
    open,
    edit,
    errors,
    setErrors,
    failure,
    stale,
    saved,
    busy,
    setBusy,
    dirty,
    submit,
    reloadLatest,
  };
}
