import { useState } from 'react';
import { api, newIdempotencyKey, unwrap, writeHeaders } from '../../api/client';
import { fieldErrors } from '../../components/forms';
import { useMe } from '../../components/layout';
import { PagedTable, usePaged } from '../../components/paged';
import { apiUrl, type ResourceConfig, ResourceList } from '../../components/resource';
import { ErrorNotice, formatDate, SelectField } from '../../components/ui';
import type { Row } from '../../lib/fields';
import { formatMoney } from '../../lib/money';
import { can } from '../../lib/scopes';
import { subscriberKeys } from './queries';

type Status = 'pending' | 'verified' | 'unsubscribed' | '';

/** A coupon's value is a percentage or an amount: the form has a field for each. */
const finishCoupon = ({ percent, amount, ...body }: Row): Row => {
  const value = body.kind === 'percentage' ? percent : amount;
  if (value === null || value === undefined) {
    const field = body.kind === 'percentage' ? 'percent' : 'amount';
    throw fieldErrors([
      { field, message: body.kind === 'percentage' ? 'Enter a percentage' : 'Enter an amount' },
    ]);
  }
  return { ...body, value };
};

const COUPONS: ResourceConfig = {
  path: '/coupons',
  singular: 'coupon',
  plural: 'coupons',
  level: 2,
  writeScope: 'marketing:write',
  removable: (r) => r.used_count === 0,
  patchAll: true,
  defaults: { kind: 'percentage', active: true, min_order_amount: 0 },
  name: (r) => String(r.code),
  prepare: (r) => ({
    percent: r.kind === 'percentage' ? r.value : null,
    amount: r.kind === 'fixed' ? r.value : null,
  }),
  finish: finishCoupon,
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true },
    {
      name: 'kind',
      label: 'Discount',
      kind: 'select',
      options: [
        { value: 'percentage', label: 'A percentage off' },
        { value: 'fixed', label: 'An amount off' },
      ],
    },
    { name: 'percent', label: 'Percentage off', kind: 'int', optional: true, min: 1, max: 100 },
    { name: 'amount', label: 'Amount off', kind: 'money', optional: true },
    { name: 'min_order_amount', label: 'Minimum order', kind: 'money' },
    { name: 'starts_at', label: 'Valid from', kind: 'datetime' },
    { name: 'ends_at', label: 'Valid until', kind: 'datetime' },
    { name: 'usage_limit', label: 'Uses at most', kind: 'int', optional: true, min: 1 },
    {
      name: 'per_customer_limit',
      label: 'Uses per customer at most',
      kind: 'int',
      optional: true,
      min: 1,
    },
    { name: 'active', label: 'Active', kind: 'bool' },
  ],
  columns: [
    { label: 'Code', value: (r) => String(r.code) },
    {
      label: 'Discount',
      value: (r, cur) =>
        r.kind === 'percentage' ? `${r.value}%` : formatMoney(r.value as number, cur),
    },
    {
      label: 'Used',
      value: (r) => `${r.used_count}${r.usage_limit ? ` of ${r.usage_limit}` : ''}`,
    },
    { label: 'Status', value: (r) => (r.active ? 'Active' : 'Disabled') },
  ],
  actions: (r, refresh) => <CouponToggle coupon={r} refresh={refresh} />,
};

function CouponToggle({ coupon, refresh }: { coupon: Row; refresh: () => void }) {
  const me = useMe();
  const [error, setError] = useState<unknown>();
  if (!can(me.scopes, 'marketing:write')) return null;
  const toggle = async () => {
    setError(undefined);
    try {
      await unwrap(
        api.PATCH('/coupons/{id}', {
          params: { path: { id: String(coupon.id) } },
          body: { active: !coupon.active },
          headers: writeHeaders(newIdempotencyKey(), coupon.version as number),
        }),
      );
      refresh();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void toggle()}>
        {coupon.active ? 'Disable' : 'Enable'}
        <span className="sr-only"> {String(coupon.code)}</span>
      </button>
      <ErrorNotice error={error} />
    </>
  );
}

function Subscribers() {
  const [status, setStatus] = useState<Status>('');
  const list = usePaged(subscriberKeys.list(status), (cursor) =>
    unwrap(
      api.GET('/newsletter/subscribers', {
        params: { query: { limit: 25, ...cursor, ...(status ? { status } : {}) } },
      }),
    ),
  );
  return (
    <section aria-labelledby="subscribers">
      <div className="title-row">
        <h2 id="subscribers">Newsletter subscribers</h2>
        <a className="button" href={apiUrl('/newsletter/subscribers/export')} download>
          Export subscribers (CSV)
        </a>
      </div>
      <div className="filters">
        <SelectField
          label="Show"
          value={status}
          onChange={(e) => {
            list.pager.reset();
            setStatus(e.target.value as Status);
          }}
        >
          <option value="">All</option>
          <option value="verified">Confirmed</option>
          <option value="pending">Waiting for confirmation</option>
          <option value="unsubscribed">Unsubscribed</option>
        </SelectField>
      </div>
      <PagedTable
        list={list}
        caption="Newsletter subscribers"
        what="subscribers"
        empty="No subscribers."
        columns={[
          { label: 'Email', value: (r) => r.email },
          { label: 'Status', value: (r) => r.status },
          { label: 'Since', value: (r) => formatDate(r.created_at) },
        ]}
      />
    </section>
  );
}

/** Coupons and the newsletter's subscribers. */
export function Marketing() {
  return (
    <>
      <h1>Marketing</h1>
      <ResourceList config={COUPONS} />
      <Subscribers />
    </>
  );
}
