import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, unwrap } from '../../api/client';
import {
  ErrorNotice,
  formatDate,
  Loading,
  Pager,
  SelectField,
  TextField,
} from '../../components/ui';
import { useCursor } from '../../lib/list';

type Filters = { actor: string; resource_type: string; resource_id: string; action: string };
const NONE: Filters = { actor: '', resource_type: '', resource_id: '', action: '' };

/** Who changed what, newest first, filtered by actor, resource and action. */
export function AuditLog() {
  const pager = useCursor();
  const [typed, setTyped] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
  const list = useQuery({
    queryKey: ['audit', filters, pager.cursor],
    queryFn: () =>
      unwrap(api.GET('/audit', { params: { query: { limit: 25, ...pager.cursor, ...query } } })),
    placeholderData: keepPreviousData,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    pager.reset();
    setFilters(typed);
  };
  const set = (field: keyof Filters, value: string) => setTyped((f) => ({ ...f, [field]: value }));
  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby="audit">
      <h2 id="audit">Audit log</h2>
      <form className="filters" onSubmit={apply} aria-label="Filter the audit log">
        <TextField
          label="Actor (email or key)"
          value={typed.actor}
          onChange={(e) => set('actor', e.target.value)}
        />
        <TextField
          label="Resource type"
          hint="e.g. product, settings"
          value={typed.resource_type}
          onChange={(e) => set('resource_type', e.target.value)}
        />
        <TextField
          label="Resource id"
          value={typed.resource_id}
          onChange={(e) => set('resource_id', e.target.value)}
        />
        <SelectField
          label="Action"
          value={typed.action}
          onChange={(e) => set('action', e.target.value)}
        >
          <option value="">Any</option>
          <option value="create">Create</option>
          <option value="update">Update</option>
          <option value="delete">Delete</option>
          <option value="revoke">Revoke</option>
        </SelectField>
        <div className="actions">
          <button type="submit">Filter</button>
        </div>
      </form>
      <ErrorNotice error={list.error} />
      {list.isPending ? <Loading what="the audit log" /> : null}
      {list.data && rows.length === 0 ? <p>Nothing recorded matches.</p> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Audit log</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Resource</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr key={e.id}>
                  <td>{formatDate(e.created_at)}</td>
                  <td>{e.actor ?? (e.key_prefix ? `key ${e.key_prefix}…` : '—')}</td>
                  <td>{e.action}</td>
                  <td>
                    {e.resource_type} <code>{e.resource_id.slice(0, 8)}</code>
                  </td>
                  <td>{Object.keys(e.changes).join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        hasPrevious={pager.page > 0}
        hasNext={pager.hasNext(list.data?.has_more ?? false)}
        onPrevious={() => pager.previous(rows[0]?.id)}
        onNext={() => pager.next(rows.at(-1)?.id)}
      />
    </section>
  );
}
