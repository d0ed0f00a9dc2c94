import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { RecordForm } from '../../components/forms';
import { useMe } from '../../components/layout';
import { ErrorNotice, Loading } from '../../components/ui';
import type { Field } from '../../lib/fields';
import { newsletterKeys } from '../../lib/queries';
import { can } from '../../lib/scopes';

const FIELDS: readonly Field[] = [
  {
    name: 'subscriber_cap',
    label: 'Most subscribers taken',
    kind: 'int',
    optional: true,
    min: 0,
    hint: 'Leave empty for no limit',
  },
];

/** How many subscribers the newsletter takes, with the counts by status. */
export function NewsletterCap() {
  const me = useMe();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: newsletterKeys.settings(),
    queryFn: () => unwrap(api.GET('/newsletter/settings')),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <section aria-labelledby="newsletter-cap" className="card">
      <h2 id="newsletter-cap">Newsletter</h2>
      {settings.isPending ? <Loading what="the newsletter settings" /> : null}
      <ErrorNotice error={settings.error} />
      {settings.data ? (
        <>
          <p>
            {settings.data.counts.verified} confirmed, {settings.data.counts.pending} waiting for
            confirmation, {settings.data.counts.unsubscribed} unsubscribed.
          </p>
          <RecordForm
            fields={FIELDS}
            record={settings.data}
            currency={me.shop.currency}
            disabled={!can(me.scopes, 'marketing:write')}
            submitLabel="Save the limit"
            savedMessage="Newsletter limit saved."
            save={async (body, headers) => {
              const saved = await unwrap(
                api.PATCH('/newsletter/settings', {
                  body: { subscriber_cap: body.subscriber_cap as number | null },
                  headers,
                }),
              );
              queryClient.setQueryData(newsletterKeys.settings(), saved);
              return { record: saved };
            }}
          />
        </>
      ) : null}
    </section>
  );
}
