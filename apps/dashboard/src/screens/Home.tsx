import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api, unwrap } from '../api/client';
import { useMe } from '../components/Layout';
import { ErrorNotice, Loading } from '../components/ui';
import { can } from '../lib/scopes';

const day = (offset: number) =>
  new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

/** Home: visitors today and over 30 days, top products, and what needs action. */
export function Home() {
  const me = useMe();
  const traffic = useQuery({
    queryKey: ['traffic', day(29)],
    queryFn: () =>
      unwrap(
        api.GET('/analytics/reports/traffic', { params: { query: { from: day(29), to: day(0) } } }),
      ),
    enabled: can(me.scopes, 'marketing:read'),
  });
  const top = useQuery({
    queryKey: ['top-products', day(29)],
    queryFn: () =>
      unwrap(
        api.GET('/analytics/reports/top-products', {
          params: { query: { from: day(29), to: day(0), limit: 5 } },
        }),
      ),
    enabled: can(me.scopes, 'marketing:read'),
  });
  const unpaid = useQuery({
    queryKey: ['orders', 'unpaid-count'],
    queryFn: () =>
      unwrap(api.GET('/orders', { params: { query: { payment_status: 'unpaid', limit: 100 } } })),
    enabled: can(me.scopes, 'orders:read'),
  });
  const pending = useQuery({
    queryKey: ['reviews', 'pending-count'],
    queryFn: () =>
      unwrap(api.GET('/reviews', { params: { query: { status: 'pending', limit: 100 } } })),
    enabled: can(me.scopes, 'reviews:read'),
  });
  const count = (list: { data: unknown[]; has_more: boolean } | undefined) =>
    list ? `${list.data.length}${list.has_more ? '+' : ''}` : '…';
  const today = traffic.data?.days.find((d) => d.date === day(0));
  return (
    <>
      <h1>Home</h1>
      <section aria-labelledby="needs-action">
        <h2 id="needs-action">Needs action</h2>
        <ul className="cards">
          {can(me.scopes, 'orders:read') ? (
            <li>
              <Link to="/orders" search={{ payment_status: 'unpaid' }}>
                <strong>{count(unpaid.data)}</strong> unpaid orders
              </Link>
            </li>
          ) : null}
          {can(me.scopes, 'reviews:read') ? (
            <li>
              <Link to="/reviews">
                <strong>{count(pending.data)}</strong> reviews to moderate
              </Link>
            </li>
          ) : null}
        </ul>
      </section>
      {can(me.scopes, 'marketing:read') ? (
        <>
          <section aria-labelledby="visitors">
            <h2 id="visitors">Visitors</h2>
            {traffic.isPending ? <Loading what="visitors" /> : null}
            <ErrorNotice error={traffic.error} />
            {traffic.data ? (
              <>
                <dl className="figures">
                  <div>
                    <dt>Today</dt>
                    <dd>{today?.visitors ?? 0}</dd>
                  </div>
                  <div>
                    <dt>Last 30 days</dt>
                    <dd>{traffic.data.totals.visitors}</dd>
                  </div>
                  <div>
                    <dt>Page views, 30 days</dt>
                    <dd>{traffic.data.totals.page_views}</dd>
                  </div>
                </dl>
                {traffic.data.totals.visitors > 0 ? (
                  <VisitorChart days={traffic.data.days} />
                ) : (
                  <p>No visits recorded in the last 30 days.</p>
                )}
              </>
            ) : null}
          </section>
          <section aria-labelledby="top-products">
            <h2 id="top-products">Top products, 30 days</h2>
            {top.data && top.data.by_views.length === 0 ? <p>No product views yet.</p> : null}
            {top.data ? (
              <ol>
                {top.data.by_views.map((p) => (
                  <li key={p.product_id}>
                    {p.title ?? 'Deleted product'}: {p.views} views
                  </li>
                ))}
              </ol>
            ) : null}
          </section>
        </>
      ) : null}
    </>
  );
}

/** Daily visitors as bars, with the figures as a table for screen readers. */
function VisitorChart({ days }: { days: { date: string; visitors: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.visitors));
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${days.length * 10} 60`}
        role="img"
        aria-label="Visitors per day, last 30 days"
      >
        {days.map((d, i) => {
          const h = (d.visitors / max) * 58;
          return <rect key={d.date} x={i * 10 + 1} y={60 - h} width={8} height={h} />;
        })}
      </svg>
      <figcaption>Visitors per day over the last 30 days.</figcaption>
    </figure>
  );
}
