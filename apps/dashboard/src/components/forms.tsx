/**
 * Forms built from field descriptions (lib/fields.ts): one input per field with its label and
 * the error the API named for it, lists of rows, an image picker, and the save flow every
 * write shares (one Idempotency-Key per intent, If-Match, a 412 that keeps what was typed).
 */
import { useQuery } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { ApiError, api, newIdempotencyKey, unwrap, writeHeaders } from '../api/client';
import {
  bodyOf,
  type Draft,
  draftOf,
  errorsOf,
  type Field,
  type FormErrors,
  type Row,
  rebase,
} from '../lib/fields';
import './forms.css';
import { Checkbox, ErrorNotice, Notice, SelectField, TextArea, TextField } from './ui';

type SetValue = (name: string, value: unknown) => void;

/** Problems found before sending, shown like the API's own: beside the fields they name. */
export const fieldErrors = (details: { field: string; message: string }[]) =>
  new ApiError(422, 'VALIDATION_FAILED', 'Check the highlighted fields.', details);

/** Uploads an image to the shop's media; its id is what a record names. */
export async function uploadMedia(file: File) {
  return unwrap(
    api.POST('/media', {
      params: { query: { filename: file.name, alt: file.name.replace(/\.[^.]+$/, '') } },
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    }),
  );
}

function ImageField({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [uploaded, setUploaded] = useState(false);
  const media = useQuery({
    queryKey: ['media', value],
    queryFn: () => unwrap(api.GET('/media/{id}', { params: { path: { id: value ?? '' } } })),
    enabled: value !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <fieldset className="field image-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      {value && media.data ? (
        <img src={media.data.url} alt={`${label}: ${media.data.alt}`} height={64} />
      ) : (
        <p className="muted">{value ? 'Loading the image…' : 'No image.'}</p>
      )}
      {disabled ? null : (
        <div className="actions">
          <label className="button" htmlFor={id}>
            {busy ? 'Uploading…' : value ? 'Replace image' : 'Upload image'}
          </label>
          <input
            id={id}
            className="sr-only"
            type="file"
            accept="image/*"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              setBusy(true);
              setUploaded(false);
              setFailure(undefined);
              try {
                onChange((await uploadMedia(file)).id);
                setUploaded(true);
              } catch (caught) {
                setFailure(caught);
              } finally {
                setBusy(false);
              }
            }}
          />
          {value ? (
            <button type="button" onClick={() => onChange(null)}>
              Remove image
            </button>
          ) : null}
        </div>
      )}
      {uploaded ? <p role="status">{`${label} uploaded. Save to use it.`}</p> : null}
      <ErrorNotice error={failure ?? media.error} />
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

/** An editable list of rows (announcements, menu links, footer links): add, remove, reorder. */
function RowsField({
  field,
  rows,
  onChange,
  errors,
  disabled,
}: {
  field: Field & { kind: 'rows' };
  rows: Row[];
  onChange: (rows: Row[]) => void;
  errors: FormErrors;
  disabled?: boolean;
}) {
  const blank = () =>
    field.newRow?.() ??
    Object.fromEntries(field.columns.map((c) => [c.name, c.options?.[0]?.value ?? '']));
  const setCell = (i: number, name: string, value: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [name]: value } : r)));
  const move = (from: number, to: number) => {
    const next = [...rows];
    const [row] = next.splice(from, 1);
    if (row) next.splice(to, 0, row);
    onChange(next);
  };
  return (
    <fieldset className="rows wide">
      <legend>{field.label}</legend>
      {field.hint ? <p className="hint">{field.hint}</p> : null}
      {rows.length === 0 ? <p className="muted">None yet.</p> : null}
      <ol>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
          <li key={i} className="row-item">
            {field.columns.map((c) =>
              c.options ? (
                <SelectField
                  key={c.name}
                  label={`${c.label} (${field.singular} ${i + 1})`}
                  value={String(row[c.name] ?? '')}
                  disabled={disabled}
                  onChange={(e) => setCell(i, c.name, e.target.value)}
                  error={errors[`${field.name}.${i}.${c.name}`]}
                >
                  {c.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <TextField
                  key={c.name}
                  label={`${c.label} (${field.singular} ${i + 1})`}
                  value={String(row[c.name] ?? '')}
                  disabled={disabled}
                  onChange={(e) => setCell(i, c.name, e.target.value)}
                  error={errors[`${field.name}.${i}.${c.name}`]}
                />
              ),
            )}
            {disabled ? null : (
              <span className="row-actions">
                <button type="button" disabled={i === 0} onClick={() => move(i, i - 1)}>
                  Up<span className="sr-only"> {`${field.singular} ${i + 1}`}</span>
                </button>
                <button
                  type="button"
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  Down<span className="sr-only"> {`${field.singular} ${i + 1}`}</span>
                </button>
                <button type="button" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                  Remove<span className="sr-only"> {`${field.singular} ${i + 1}`}</span>
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {disabled ? null : (
        <button type="button" onClick={() => onChange([...rows, blank()])}>
          Add {field.singular}
        </button>
      )}
    </fieldset>
  );
}

/** The input of one field, labelled, with the error the form or the API gave it. */
export function FieldInput({
  field: f,
  draft,
  set,
  errors,
  currency,
  disabled,
}: {
  field: Field;
  draft: Draft;
  set: SetValue;
  errors: FormErrors;
  currency: string;
  disabled?: boolean;
}) {
  const value = draft[f.name];
  const error = errors[f.name];
  const common = { label: f.label, hint: f.hint, error, disabled };
  switch (f.kind) {
    case 'bool':
      return (
        <Checkbox
          label={f.label}
          checked={value === true}
          disabled={disabled}
          onChange={(e) => set(f.name, e.target.checked)}
        />
      );
    case 'select':
      return (
        <SelectField
          {...common}
          value={String(value)}
          onChange={(e) => set(f.name, e.target.value)}
        >
          {f.placeholder ? <option value="">{f.placeholder}</option> : null}
          {f.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      );
    case 'choices': {
      const picked = value as string[];
      return (
        <fieldset className="choices wide">
          <legend>{f.label}</legend>
          {f.options.map((o) => (
            <Checkbox
              key={o.value}
              label={o.label}
              disabled={disabled}
              checked={picked.includes(o.value)}
              onChange={(e) =>
                set(
                  f.name,
                  e.target.checked ? [...picked, o.value] : picked.filter((v) => v !== o.value),
                )
              }
            />
          ))}
          {error ? <span className="field-error">{error}</span> : null}
        </fieldset>
      );
    }
    case 'image':
      return (
        <ImageField
          label={f.label}
          value={value as string | null}
          onChange={(id) => set(f.name, id)}
          error={error}
          disabled={disabled}
        />
      );
    case 'rows':
      return (
        <RowsField
          field={f}
          rows={value as Row[]}
          onChange={(rows) => set(f.name, rows)}
          errors={errors}
          disabled={disabled}
        />
      );
    case 'textarea':
      return (
        <TextArea {...common} value={String(value)} onChange={(e) => set(f.name, e.target.value)} />
      );
    default: {
      const type = { url: 'url', email: 'email', datetime: 'datetime-local' }[f.kind as string];
      const numeric = f.kind === 'money' || f.kind === 'int' || f.kind === 'number';
      return (
        <TextField
          {...common}
          label={f.kind === 'money' ? `${f.label} (${currency})` : f.label}
          type={type ?? 'text'}
          inputMode={f.kind === 'int' ? 'numeric' : numeric ? 'decimal' : undefined}
          value={String(value)}
          onChange={(e) => set(f.name, e.target.value)}
        />
      );
    }
  }
}

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
