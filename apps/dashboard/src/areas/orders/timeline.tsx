/**
 * The order's history as Shopify shows it, newest first: each change from the API's timeline
 * (the audit log) told in words, with who made it and when, and the order's placing last.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, type Schema, unwrap } from '../../api/client';
import { Performer } from '../../components/performer';
import { ErrorNotice, formatDate, Loading } from '../../components/ui';
import { formatMoney } from '../../lib/money';
import { paymentLabel } from '../../lib/payment';
import type { Order } from './order-write';
import { orderKeys } from './queries';

type Event = Schema<'AuditEvent'>;
type Address = Order['shipping_address'];

/** How many changes a page of the timeline holds: the first shown, and each "Show more". */
const PAGE = 20;

const addressText = (a: unknown) => {
  const v = (a ?? {}) as Partial<Address>;
  return [v.apartment, v.room, v.town, v.city].filter(Boolean).join(', ') || 'none';
};

/** A change in words: one phrase per field that matters to a merchant. */
export function describe(event: Event, currency: string): string[] {
  const c = event.changes;
  const out: string[] = [];
  const before = (field: string) => c[field]?.before;
  const after = (field: string) => c[field]?.after;
  if (c.status) out.push(`Status changed from ${before('status')} to ${after('status')}`);
  if (c.payment_status) {
    out.push(
      `Payment: ${paymentLabel(String(before('payment_status')))} → ${paymentLabel(String(after('payment_status')))}`,
    );
  }
  if (c.fulfillments) {
    const shipped = (after('fulfillments') as Order['fulfillments'] | null)?.at(-1);
    out.push(
      `Items fulfilled${shipped?.carrier ? ` with ${shipped.carrier}` : ''}${shipped?.tracking_number ? `, tracking ${shipped.tracking_number}` : ''}`,
    );
  }
  if (c.refunded_amount) {
    const given = Number(after('refunded_amount')) - Number(before('refunded_amount') ?? 0);
    out.push(`Refunded ${formatMoney(given, currency)}`);
  }
  if (c.notes) {
    const added = (after('notes') as Order['notes'] | null)?.at(-1);
    out.push(added ? `Note added: “${added.body}”` : 'Notes changed');
  }
  if (c.shipping_address) {
    out.push(
      `Shipping address corrected from ${addressText(before('shipping_address'))} to ${addressText(after('shipping_address'))}`,
    );
  }
  return out.length > 0 ? out : [`Changed ${Object.keys(c).join(', ').replace(/_/g, ' ')}`];
}

export function OrderTimeline({ order, currency }: { order: Order; currency: string }) {
  const timeline = useInfiniteQuery({
    queryKey: orderKeys.timeline(order.id),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/orders/{id}/timeline', {
          params: {
            path: { id: order.id },
            query: { limit: PAGE, ...(pageParam ? { starting_after: pageParam } : {}) },
          },
        }),
      ),
    initialPageParam: '',
    // Each page is oldest first; its first change is where the older ones start.
    getNextPageParam: (last) => (last.has_more ? last.data[0]?.id : undefined),
  });
  const events = (timeline.data?.pages ?? []).flatMap((page) => [...page.data].reverse());
  return (
    <section aria-labelledby="timeline">
      <h2 id="timeline">Timeline</h2>
      {timeline.isPending ? <Loading what="the timeline" /> : null}
      {timeline.error ? <ErrorNotice error={timeline.error} /> : null}
      {timeline.data ? (
        <>
          <ol className="timeline" aria-label="Changes, newest first">
            {events.map((e) => (
              <li key={e.id}>
                <p>{describe(e, currency).join('. ')}.</p>
                <p className="muted">
                  <Performer by={e.performed_by} /> ·{' '}
                  <time dateTime={e.created_at}>{formatDate(e.created_at)}</time>
                </p>
              </li>
            ))}
            {timeline.hasNextPage ? null : (
              <li>
                <p>Order placed.</p>
                <p className="muted">
                  <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
                </p>
              </li>
            )}
          </ol>
          {timeline.hasNextPage ? (
            <button
              type="button"
              disabled={timeline.isFetchingNextPage}
              onClick={() => void timeline.fetchNextPage()}
            >
              {timeline.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
