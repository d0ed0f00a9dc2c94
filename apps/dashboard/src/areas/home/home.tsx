import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api, type Schema, unwrap } from '../../api/client';
import { useMe } from '../../components/layout';
import { ErrorNotice, Loading } from '../../components/ui';
import { formatMoney } from '../../lib/money';
import { can } from '../../lib/scopes';
import { countOf } from '../../lib/text';
import { NeedsAction } from './needs-action';
import { analyticsKeys } from './queries';
import { SalesChart } from './sales-chart';

const day = (offset: number) =>
  new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

/** Home: orders and sales against the days before, the 30 days by day, best sellers, open work and visitors. */
export function Home() {
  const me = useMe();
  const reports = can(me.scopes, 'marketing:read');
  const overview = useQuery({
    queryKey: analyticsKeys.overview(day(0)),
    queryFn: () =>
      unwrap(
        api.GET('/analytics/reports/overview', { params: { query: { to: day(0), limit: 5 } } }),
      ),
    enabled: reports,
  });
  const traffic = useQuery({
    queryKey: analyticsKeys.traffic(day(29)),
    queryFn: () =>
      unwrap(
        api.GET('/analytics/reports/traffic', { params: { query: { from: day(29), to: day(0) } } }),
      ),
    enabled: reports,
  });
  const today = traffic.data?.days.find((d) => d.date === day(0));
  const report = overview.data;
  return (
    <>
      <h1>Home</h1>
      {!reports ? <p>Your role does not include the shop’s reports (marketing: view).</p> : null}
      {overview.isPending && reports ? <Loading what="the shop’s figures" /> : null}
      <ErrorNotice error={overview.error} />
      {report ? (
        <>
          <NeedsAction items={report.needs_action} />
          <section aria-labelledby="sales">
            <h2 id="sales">Orders and sales</h2>
            <div className="periods">
              {report.periods.map((p) => (
                <Period key={p.period} period={p} currency={report.currency} />
              ))}
            </div>
            {report.days.some((d) => d.orders > 0) ? (
              <SalesChart days={report.days} currency={report.currency} />
            ) : (
              <p>No orders in the last 30 days.</p>
            )}
          </section>
          <section aria-labelledby="top-products">
            <h2 id="top-products">Top products by sales, 30 days</h2>
            {report.top_products.length === 0 ? <p>No paid orders in the last 30 days.</p> : null}
            <ol>
              {report.top_products.map((p) => (
                <li key={p.product_id}>
                  <Link to="/products/$id" params={{ id: p.product_id }}>
                    {p.title}
                  </Link>
                  : {formatMoney(p.sales, report.currency)} ({p.units} sold)
                </li>
              ))}
            </ol>
          </section>
        </>
      ) : null}
      {can(me.scopes, 'marketing:read') ? (
        <section aria-labelledby="visitors">
          <h2 id="visitors">Visitors</h2>
          {traffic.isPending ? <Loading what="visitors" /> : null}
          <ErrorNotice error={traffic.error} />
          {traffic.data ? (
            <>
              <dl className="figures">
                <div>
                  <dt>Visitors today</dt>
                  <dd>{today?.visitors ?? 0}</dd>
                </div>
                <div>
                  <dt>Visitors, 30 days</dt>
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
      ) : null}
    </>
  );
}

type PeriodFigures = Schema<'OverviewReport'>['periods'][number];

const PERIOD_NAMES: Record<PeriodFigures['period'], { title: string; before: string }> = {
  today: { title: 'Today', before: 'yesterday' },
  '7_days': { title: 'Last 7 days', before: 'the 7 days before' },
  '30_days': { title: 'Last 30 days', before: 'the 30 days before' },
};

/** A change as words: "+50% on yesterday", or what it was when there was nothing before. */
function changeText(change: number | null, before: string) {
  if (change === null) return `nothing ${before}`;
  const percent = Math.round(change * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent)}% on ${before}`;
}

/** One period's orders, sales and average order value, each against the days before. */
function Period({ period, currency }: { period: PeriodFigures; currency: string }) {
  const names = PERIOD_NAMES[period.period];
  const id = `period-${period.period}`;
  return (
    <section className="card period" aria-labelledby={id}>
      <h3 id={id}>{names.title}</h3>
      <dl className="figures">
        <div>
          <dt>Sales</dt>
          <dd>
            {formatMoney(period.sales, currency)}
            <small>{changeText(period.change.sales, names.before)}</small>
          </dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>
            {period.orders}
            <small>{changeText(period.change.orders, names.before)}</small>
          </dd>
        </div>
        <div>
          <dt>Average order value</dt>
          <dd>
            {formatMoney(period.average_order_value, currency)}
            <small>{countOf(period.paid_orders, 'paid order')}</small>
          </dd>
        </div>
      </dl>
    </section>
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
