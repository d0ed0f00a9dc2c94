import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type Schema, unwrap } from '../../api/client';
import { RecordForm, type Saved } from '../../components/forms';
import { useMe } from '../../components/layout';
import { ErrorNotice, Loading, SelectField } from '../../components/ui';
import type { Field } from '../../lib/fields';
import { can } from '../../lib/scopes';
import { policyKeys } from './queries';

type Policy = Schema<'MerchantPolicy'>;
type PolicyType = Policy['type'];

/** The 14 policy types a storefront can show, in the order merchants think of them. */
const TYPES: readonly { value: PolicyType; label: string }[] = [
  { value: 'privacy', label: 'Privacy' },
  { value: 'terms-of-service', label: 'Terms of service' },
  { value: 'refund', label: 'Refunds' },
  { value: 'return', label: 'Returns' },
  { value: 'exchange', label: 'Exchanges' },
  { value: 'shipping', label: 'Shipping' },
  { value: 'delivery', label: 'Delivery' },
  { value: 'cancellation', label: 'Cancellation' },
  { value: 'payment', label: 'Payment' },
  { value: 'pricing', label: 'Pricing' },
  { value: 'order', label: 'Orders' },
  { value: 'warranty', label: 'Warranty' },
  { value: 'disclaimer', label: 'Disclaimer' },
  { value: 'cookie', label: 'Cookies' },
];

const FIELDS: readonly Field[] = [
  { name: 'title', label: 'Policy title', kind: 'text', required: true },
  { name: 'body', label: 'Policy text', kind: 'html' },
];

/** The shop's policies: pick a type, write its title and text. */
export function Policies() {
  const me = useMe();
  const queryClient = useQueryClient();
  const [type, setType] = useState<PolicyType>('privacy');
  const list = useQuery({
    queryKey: policyKeys.list(),
    queryFn: () => unwrap(api.GET('/policies', { params: { query: { limit: 100 } } })),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const current = list.data?.data.find((p) => p.type === type);
  const saved = (p: Policy): Saved => ({ record: p, version: p.version });
  return (
    <section aria-labelledby="policies" className="card">
      <h2 id="policies">Policies</h2>
      <ErrorNotice error={list.error} />
      {list.isPending ? <Loading what="the policies" /> : null}
      <SelectField
        label="Policy"
        value={type}
        onChange={(e) => setType(e.target.value as PolicyType)}
      >
        {TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
            {list.data?.data.some((p) => p.type === t.value) ? '' : ' (not written)'}
          </option>
        ))}
      </SelectField>
      {list.data ? (
        <RecordForm
          key={type}
          fields={FIELDS}
          record={current ?? { title: TYPES.find((t) => t.value === type)?.label ?? '' }}
          version={current?.version}
          currency={me.shop.currency}
          disabled={!can(me.scopes, 'settings:write')}
          submitLabel="Save the policy"
          savedMessage="Policy saved. The storefront shows it from now on."
          save={async (body, headers) => {
            const policy = await unwrap(
              api.PUT('/policies/{type}', {
                params: { path: { type } },
                body: { title: String(body.title), body: String(body.body) },
                headers,
              }),
            );
            await queryClient.invalidateQueries({ queryKey: policyKeys.list() });
            return saved(policy);
          }}
          latest={async () =>
            saved(await unwrap(api.GET('/policies/{type}', { params: { path: { type } } })))
          }
        />
      ) : null}
    </section>
  );
}
