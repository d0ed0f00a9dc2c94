import { formatMoney } from '../../lib/money';

type Day = { date: string; orders: number; sales: number };

const W = 10;
const H = 60;

/** A day as a short label: "2026-03-31" → "31 Mar". */
export const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/**
 * Sales per day as bars and orders per day as dots, drawn as inline SVG; the same figures are
 * in a table beside it, so a screen reader (or anyone) can read them exactly.
 */
export function SalesChart({ days, currency }: { days: Day[]; currency: string }) {
  const maxSales = Math.max(1, ...days.map((d) => d.sales));
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const total = days.reduce((sum, d) => sum + d.sales, 0);
  const best = days.reduce<Day | undefined>((b, d) => (!b || d.sales > b.sales ? d : b), undefined);
  const summary = `Sales per day from ${shortDay(days[0]?.date ?? '')} to ${shortDay(
    days.at(-1)?.date ?? '',
  )}: ${formatMoney(total, currency)} in all${
    best && best.sales > 0
      ? `, most on ${shortDay(best.date)} (${formatMoney(best.sales, currency)})`
      : ''
  }.`;
  return (
    <figure className="chart home-chart">
      <svg viewBox={`0 0 ${days.length * W} ${H + 2}`} role="img" aria-label={summary}>
        {days.map((d, i) => {
          const h = (d.sales / maxSales) * (H - 4);
          return (
            <rect key={d.date} x={i * W + 1} y={H - h} width={W - 2} height={h}>
              <title>{`${shortDay(d.date)}: ${formatMoney(d.sales, currency)}, ${d.orders} orders`}</title>
            </rect>
          );
        })}
        {days.map((d, i) =>
          d.orders > 0 ? (
            <circle
              key={`o-${d.date}`}
              className="orders-dot"
              cx={i * W + W / 2}
              cy={H - (d.orders / maxOrders) * (H - 4)}
              r={1.8}
            />
          ) : null,
        )}
      </svg>
      <figcaption>Bars: sales per day. Dots: orders per day. {summary}</figcaption>
      <details>
        <summary>Sales and orders per day as a table</summary>
        <table>
          <caption className="sr-only">Sales and orders per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Sales</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{shortDay(d.date)}</th>
                <td>{d.orders}</td>
                <td>{formatMoney(d.sales, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
