import { Link } from '@tanstack/react-router';
import type { Schema } from '../../api/client';

type Item = Schema<'OverviewReport'>['needs_action'][number];

/** What each item is called, and the screen that lists it (with the report's filter). */
const WORDS: Record<Item['key'], { one: string; many: string }> = {
  unpaid_orders: { one: 'unpaid order', many: 'unpaid orders' },
  unfulfilled_orders: { one: 'paid order to deliver', many: 'paid orders to deliver' },
  refund_requests: { one: 'refund request', many: 'refund requests' },
  pending_reviews: { one: 'review to moderate', many: 'reviews to moderate' },
  failed_webhook_deliveries: { one: 'failed webhook delivery', many: 'failed webhook deliveries' },
};

function Target({ item, children }: { item: Item; children: React.ReactNode }) {
  if (item.list === '/orders') {
    return (
      <Link to="/orders" search={item.filter ?? {}}>
        {children}
      </Link>
    );
  }
  if (item.list === '/reviews') return <Link to="/reviews">{children}</Link>;
  return <Link to="/developers">{children}</Link>;
}

/** Open work, each linking to the list that shows it. */
export function NeedsAction({ items }: { items: Item[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="needs-action">
      <h2 id="needs-action">Needs action</h2>
      <ul className="cards">
        {items.map((item) => (
          <li key={item.key}>
            <Target item={item}>
              <strong>{item.count}</strong>{' '}
              {item.count === 1 ? WORDS[item.key].one : WORDS[item.key].many}
            </Target>
          </li>
        ))}
      </ul>
    </section>
  );
}
