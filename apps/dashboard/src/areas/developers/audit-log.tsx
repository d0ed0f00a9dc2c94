import { type FormEvent, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { PagedTable, usePaged } from '../../components/paged';
import { Performer } from '../../components/performer';
import { formatDate, SelectField, TextField } from '../../components/ui';
import { auditKeys } from './queries';

type Filters = { actor: string; resource_type: string; resource_id: string; action: string };
const NONE: Filters = { actor: '', resource_type: '', resource_id: '', action: '' };

/** Who changed what, newest first, filtered by actor, resource and action. */
export function AuditLog() {
  const [typed, setTyped] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
  const list = usePaged(auditKeys.list(filters), (cursor) =>
    unwrap(api.GET('/audit', { params: { query: { limit: 25, ...cursor, ...query } } })),
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.pager.reset();
    setFilters(typed);
  };
  const set = (field: keyof Filters, value: string) => setTyped((f) => ({ ...f, [field]: value }));
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
      <PagedTable
        list={list}
        caption="Audit log"
        what="the audit log"
        empty="Nothing recorded matches."
        columns={[
          { label: 'When', value: (e) => formatDate(e.created_at) },
          { label: 'Who', value: (e) => <Performer by={e.performed_by} /> },
          { label: 'Action', value: (e) => e.action },
          {
            label: 'Resource',
            value: (e) => (
              <>
                {e.resource_type} <code>{e.resource_id.slice(0, 8)}</code>
              </>
            ),
          },
          { label: 'Changed', value: (e) => Object.keys(e.changes).join(', ') || '—' },
        ]}
      />
    </section>
  );
}
