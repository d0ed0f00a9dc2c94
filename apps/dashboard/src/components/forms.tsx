/**
 * The form of a record's fields from their descriptions (field-input.tsx), on the shared
 * save flow (save-flow.tsx).
 */
import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { bodyOf, draftOf, type Field, type Row } from '../lib/fields';
import './forms.css';
import { FieldInput, type SetValue } from './field-input';
import { useSaveFlow } from './save-flow';
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
  const flow = useSaveFlow<Row, Saved & { version?: number | undefined }>({
    opened: { draft: draftOf(fields, record, currency), version },
    blank: () => draftOf(fields, record, currency),
    send: (draft, opened, headers) => {
      const { body, errors } = bodyOf(fields, draft, currency, patch ? opened : undefined);
      if (Object.keys(errors).length > 0) {
        throw fieldErrors(Object.entries(errors).map(([field, message]) => ({ field, message })));
      }
      return save(body, headers);
    },
    draftOf: (result) => draftOf(fields, result.record, currency),
    latest,
    onSaved: (result) => {
      onSaved?.(result);
      return savedMessage;
    },
  });
  const { draft, errors, failure, stale, saved, busy, submit } = flow;
  const set: SetValue = (name, value) => flow.edit((d) => ({ ...d, [name]: value }));

  return (
    <form onSubmit={submit} noValidate>
      {stale ? (
        <Notice tone="warning">
          <p>This changed since you opened it. Your changes are not saved yet.</p>
          <button type="button" onClick={() => void flow.reloadLatest()}>
            Load the latest and keep my changes
          </button>
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">{saved}</Notice> : null}
      {/* Problems found before sending are shown beside their fields only. */}
      <ErrorNotice
        error={failure instanceof ApiError && !failure.requestId ? undefined : failure}
      />
      <div className="form-fields">
        {fields.map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            draft={draft}
            set={set}
            errors={errors}
            currency={currency}
            disabled={disabled || f.disabled}
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
