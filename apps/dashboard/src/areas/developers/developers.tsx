import { useState } from 'react';
import { type ResourceConfig, ResourceList } from '../../components/resource';
import { formatDate, ScopeWords } from '../../components/ui';
import { SCOPE_OPTIONS } from '../../lib/scopes';
import { AuditLog } from './audit-log';
import { Deliveries } from './deliveries';
import { Secret } from './secret';

const EVENTS = [
  'order.created',
  'order.paid',
  'order.status_changed',
  'order.refunded',
  'order.cancelled',
  'review.created',
  'customer.created',
  'newsletter.subscribed',
  'product.updated',
].map((e) => ({ value: e, label: e }));

const KEYS: ResourceConfig = {
  path: '/keys',
  singular: 'API key',
  plural: 'API keys',
  level: 2,
  writeScope: 'admin',
  editable: false,
  removable: (k) => k.revoked_at === null,
  removeLabel: 'Revoke',
  name: (k) => String(k.name),
  intro: (
    <p className="muted">Keys let your own tools call the merchant API with the scopes you pick.</p>
  ),
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'scopes', label: 'Scopes', kind: 'choices', options: SCOPE_OPTIONS },
  ],
  columns: [
    { label: 'Name', value: (k) => String(k.name) },
    { label: 'Key', value: (k) => <code>{String(k.prefix)}…</code> },
    { label: 'May', value: (k) => <ScopeWords scopes={k.scopes as string[]} /> },
    { label: 'Last used', value: (k) => formatDate(k.last_used_at as string | null) },
    {
      label: 'Status',
      value: (k) => (k.revoked_at ? `Revoked ${formatDate(k.revoked_at as string)}` : 'Active'),
    },
  ],
  afterCreate: (k) => (
    <Secret label={`The secret of ${String(k.name)}`} value={k.secret as string} />
  ),
};

function webhooks(show: (id: string) => void): ResourceConfig {
  return {
    path: '/webhook-endpoints',
    singular: 'webhook endpoint',
    plural: 'webhook endpoints',
    level: 2,
    writeScope: 'admin',
    removable: true,
    defaults: { enabled: true },
    name: (w) => String(w.url),
    fields: [
      { name: 'url', label: 'Address (https)', kind: 'url', required: true },
      { name: 'description', label: 'Description', kind: 'text' },
      { name: 'events', label: 'Events', kind: 'choices', options: EVENTS },
      { name: 'enabled', label: 'Enabled', kind: 'bool' },
    ],
    columns: [
      { label: 'Address', value: (w) => String(w.url) },
      { label: 'Events', value: (w) => (w.events as string[]).join(', ') },
      {
        label: 'Status',
        value: (w) =>
          w.enabled
            ? Number(w.consecutive_failures) > 0
              ? `Failing (${w.consecutive_failures} in a row)`
              : 'Enabled'
            : `Disabled${w.disabled_reason ? `: ${w.disabled_reason}` : ''}`,
      },
    ],
    actions: (w) => (
      <button type="button" onClick={() => show(w.id)}>
        Deliveries<span className="sr-only"> to {String(w.url)}</span>
      </button>
    ),
    afterCreate: (w) => (
      <Secret label={`The signing secret of ${String(w.url)}`} value={w.secret as string} />
    ),
  };
}

/** API keys, webhook endpoints with their deliveries, and the audit log. */
export function Developers() {
  const [endpoint, setEndpoint] = useState<string>();
  return (
    <>
      <h1>Developers</h1>
      <ResourceList config={KEYS} />
      <ResourceList config={webhooks(setEndpoint)} />
      {endpoint ? (
        <Deliveries endpointId={endpoint} onClose={() => setEndpoint(undefined)} />
      ) : null}
      <AuditLog />
    </>
  );
}
