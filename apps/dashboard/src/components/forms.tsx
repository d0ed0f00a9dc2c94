/**
 * The save flow every form of these screens shares: fields from their descriptions
 * (field-input.tsx), one Idempotency-Key per intent, If-Match, the API's field errors beside
 * their inputs, and a 412 that keeps what was typed.
 */
import { useBlocker } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { ApiError, newIdempotencyKey, writeHeaders } from '../api/client';
import { bodyOf, draftOf, errorsOf, type Field, type FormErrors, type Row } from '../lib/fields';
import { rebase } from '../lib/rebase';
import './forms.css';
import { FieldInput, type SetValue } from './field-input';
import { ErrorNotice, Notice } from './ui';

/** Problems found before sending, shown like the API's own: beside the fields they name. */
export const fieldErrors = (details: { field: string; message: string }[]) =>
  new ApiError(422, 'VALIDATION_FAILED', 'Check the highlighted fields.', details);

export type Saved = { record: Row; version?: number | undefined };

/**
 * The form of one record: its fields, a save that sends only a valid body (with `patch`, only
 * the fields changed since it was opened), field errors from the API beside their inputs, and
 * a 412 that offers the latest record with what was typed kept on top.
 */
export function RecordForm({
  fields,
  record,
  version,
  currency,
  save,
  latest,
  onSaved,
  patch,
  submitLabel,
  savedMessage,
  disabled,
  preview,
  children,
}: {
  fields: readonly Field[];
  record: Row | undefined;
  version?: number | undefined;
  currency: string;
  save: (body: Row, headers: Record<string, string>) => Promise<Saved>;
  latest?: () => Promise<Saved>;
  onSaved?: (saved: Saved) => void;
  patch?: boolean;
  submitLabel: string;
  savedMessage: string;
  disabled?: boolean;
  /** What the record will look like where it is shown, from the values as typed. */
  preview?: ((draft: Row) => ReactNode) | undefined;
  children?: ReactNode;
}) {
  const [opened, setOpened] = useState(() => ({
    draft: draftOf(fields, record, currency),
    version,
  }));
  const [draft, setDraft] = useState(opened.draft);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<unknown>();
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string>();
  const key = useRef(newIdempotencyKey());
  const dirty = JSON.stringify(draft) !== JSON.stringify(opened.draft);
  useBlocker({
    shouldBlockFn: () =>
      dirty && !window.confirm('You have unsaved changes. Leave without saving?'),
    enableBeforeUnload: () => dirty,
  });
  const set: SetValue = (name, value) => {
    setDraft((d) => ({ ...d, [name]: value }));
    setSaved(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = bodyOf(
      fields,
      draft,
      currency,
      patch ? opened.draft : undefined,
    );
    setErrors(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await save(body, writeHeaders(key.current, opened.version));
      key.current = newIdempotencyKey();
      const fresh = draftOf(fields, result.record, currency);
      setOpened({ draft: fresh, version: result.version });
      setDraft(fresh);
      setSaved(savedMessage);
      onSaved?.(result);
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

  const reloadLatest = async () => {
    if (!latest) return;
    try {
      const fresh = await latest();
      const latestDraft = draftOf(fields, fresh.record, currency);
      setDraft(rebase(opened.draft, draft, latestDraft));
      setOpened({ draft: latestDraft, version: fresh.version });
      key.current = newIdempotencyKey();
      setStale(false);
    } catch (caught) {
      setFailure(caught);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {stale ? (
        <Notice tone="warning">
          <p>This changed since you opened it. Your changes are not saved yet.</p>
          <button type="button" onClick={() => void reloadLatest()}>
            Load the latest and keep my changes
          </button>
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      <ErrorNotice error={failure} />
      <div className="form-fields">
        {fields.map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            draft={draft}
            set={set}
            errors={errors}
            currency={currency}
            disabled={disabled}
          />
        ))}
      </div>
      {preview ? preview(draft) : null}
      {children}
      {disabled ? null : (
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </button>
        </div>
      )}
    </form>
  );
}
