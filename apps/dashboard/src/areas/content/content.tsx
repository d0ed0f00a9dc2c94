import { useState } from 'react';
import type { Schema } from '../../api/client';
import { fieldErrors } from '../../components/forms';
import { useMe } from '../../components/layout';
import { type ResourceConfig, ResourceList } from '../../components/resource';
import { formatDate } from '../../components/ui';
import type { Row } from '../../lib/fields';
import { can } from '../../lib/scopes';
import { entryBody, entryFields, entryRecord, FIELD_TYPES } from './entry-fields';
import { Policies } from './policies';

type Model = Schema<'ContentModel'>;

function models(open: (model: Model) => void): ResourceConfig {
  return {
    path: '/content-models',
    singular: 'content model',
    plural: 'content models',
    level: 2,
    writeScope: 'content:write',
    removable: true,
    patchAll: true,
    createOnly: ['kind'],
    defaults: { kind: 'collection' },
    name: (m) => String(m.name),
    prepare: (m) => ({
      fields: (m.fields as Row[]).map((f) => ({ ...f, required: String(f.required === true) })),
    }),
    finish: (body) => ({
      ...body,
      fields: ((body.fields as Row[]) ?? []).map((f) => ({
        name: f.name,
        type: f.type,
        required: f.required === 'true',
      })),
    }),
    fields: [
      { name: 'name', label: 'Model name', kind: 'text', required: true },
      {
        name: 'slug',
        label: 'Slug',
        kind: 'text',
        required: true,
        hint: 'Used in the storefront’s address',
      },
      {
        name: 'kind',
        label: 'Kind',
        kind: 'select',
        options: [
          { value: 'collection', label: 'Many entries' },
          { value: 'singleton', label: 'One entry' },
        ],
      },
      {
        name: 'fields',
        label: 'Fields',
        kind: 'rows',
        singular: 'field',
        columns: [
          { name: 'name', label: 'Field name' },
          {
            name: 'type',
            label: 'Type',
            options: FIELD_TYPES.map((t) => ({ value: t, label: t })),
          },
          {
            name: 'required',
            label: 'Required',
            options: [
              { value: 'false', label: 'Optional' },
              { value: 'true', label: 'Required' },
            ],
          },
        ],
      },
    ],
    columns: [
      { label: 'Model', value: (m) => String(m.name) },
      { label: 'Slug', value: (m) => <code>{String(m.slug)}</code> },
      { label: 'Fields', value: (m) => (m.fields as Row[]).map((f) => f.name).join(', ') || '—' },
    ],
    actions: (m) => (
      <button type="button" onClick={() => open(m as unknown as Model)}>
        Entries<span className="sr-only"> of {String(m.name)}</span>
      </button>
    ),
  };
}

function entries(model: Model): ResourceConfig {
  const first = model.fields[0]?.name;
  return {
    path: `/content-models/${model.id}/entries`,
    itemPath: (id) => `/content-entries/${id}`,
    singular: `${model.name} entry`,
    plural: `${model.name} entries`,
    level: 2,
    writeScope: 'content:write',
    removable: true,
    patchAll: true,
    defaults: { status: 'draft' },
    name: (e) => String((first && (e.data as Row)[first]) || 'the entry'),
    fields: entryFields(model),
    prepare: (e) => entryRecord(model, e),
    finish: (typed) => {
      const { body, details } = entryBody(model, typed);
      if (details.length > 0) throw fieldErrors(details);
      return body;
    },
    columns: [
      ...(first ? [{ label: first, value: (e: Row) => String((e.data as Row)[first] ?? '') }] : []),
      { label: 'Status', value: (e) => String(e.status) },
      { label: 'Updated', value: (e) => formatDate(e.updated_at as string) },
    ],
  };
}

/** Content models with their fields, entries edited through forms made from them, policies. */
export function Content() {
  const me = useMe();
  const [model, setModel] = useState<Model>();
  return (
    <>
      <h1>Content and policies</h1>
      <ResourceList config={models(setModel)} />
      {model ? <ResourceList key={model.id} config={entries(model)} /> : null}
      {can(me.scopes, 'settings:read') ? <Policies /> : null}
    </>
  );
}
