/**
 * A list's search box and filter lists, kept in the URL: searching or choosing a filter
 * names the new filters, and the list (usePaged keyed by them) starts again at page one.
 */
import { type FormEvent, useState } from 'react';
import type { Filters } from '../lib/list';
import { SelectField, TextField } from './ui';

/** A filter list: the URL parameter it sets, its label, "any" wording and choices. */
export type FilterField = {
  name: string;
  label: string;
  any: string;
  options: readonly (readonly [value: string, label: string])[];
};

export function ListFilters({
  search,
  filters,
  values,
  onChange,
}: {
  /** The search box (it sets `q`). */
  search: { label: string; hint: string };
  filters: readonly FilterField[];
  values: Filters;
  onChange: (next: Filters) => void;
}) {
  const [query, setQuery] = useState(values.q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...values, q: query.trim() || undefined });
  };
  return (
    <div className="filters">
      <search className="search">
        <form onSubmit={submit}>
          <TextField
            label={search.label}
            type="search"
            hint={search.hint}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="submit">Search</button>
        </form>
      </search>
      {filters.map((f) => (
        <SelectField
          key={f.name}
          label={f.label}
          value={values[f.name] ?? ''}
          onChange={(e) => onChange({ ...values, [f.name]: e.target.value || undefined })}
        >
          <option value="">{f.any}</option>
          {f.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      ))}
    </div>
  );
}
