/**
 * The input of one described field (lib/fields.ts): text, amounts, choices, an image of the
 * shop's media, or rows; each labelled, with the error the form or the API gave it.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, unwrap } from '../api/client';
import type { Draft, Field, FormErrors, Row } from '../lib/fields';
import { mediaKeys } from '../lib/queries';
import { RichTextField } from './rich-text';
import { Checkbox, ErrorNotice, SelectField, TextArea, TextField } from './ui';

export type SetValue = (name: string, value: unknown) => void;

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
    queryKey: mediaKeys.detail(value),
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
    case 'html':
      return (
        <RichTextField
          label={f.label}
          hint={f.hint}
          error={error}
          disabled={disabled}
          value={String(value ?? '')}
          onChange={(html) => set(f.name, html)}
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
