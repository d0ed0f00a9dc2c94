import type { Db } from '../../db/client';
import { ApiError } from '../../errors/index';
import { grants, type MerchantScope } from '../../identity/merchant-scopes';
import {
  type NeedsActionRow,
  type OverviewScope,
  PERIODS,
  type PeriodFigures,
  selectOverview,
} from './admin-overview-queries';
import {
  type ReportScope,
  selectFunnel,
  selectReferrers,
  selectTopProducts,
  selectTraffic,
} from './admin-queries';
import { FUNNEL_STEPS, MAX_RANGE_DAYS, type ReportQuery } from './admin-schemas';
import { dayOf } from './sales-windows';

const DAY_MS = 86_400_000;

/**
 * The days a report covers: `to` defaults to today (UTC), `from` to 29 days earlier. A range
 * that ends before it starts, or spans more than MAX_RANGE_DAYS, is refused naming the field.
 */
export function reportRange(query: ReportQuery, now = Date.now()): { from: string; to: string } {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS);
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (span < 1) {
    throw new ApiError('VALIDATION_FAILED', {
      details: [{ field: 'to', message: 'Must be on or after `from`.' }],
    });
  }
  if (span > MAX_RANGE_DAYS) {
    throw new ApiError('VALIDATION_FAILED', {
      details: [{ field: 'from', message: `The range may span at most ${MAX_RANGE_DAYS} days.` }],
    });
  }
  return { from, to };
}

export async function trafficReport(db: Db, scope: ReportScope) {
  const row = await selectTraffic(db, scope);
  return { object: 'traffic_report' as const, from: scope.from, to: scope.to, ...row };
}

export async function topProductsReport(db: Db, scope: ReportScope) {
  const row = await selectTopProducts(db, scope);
  return { object: 'top_products_report' as const, from: scope.from, to: scope.to, ...row };
}

const rate = (part: number, whole: number | undefined) =>
  whole ? Math.round((part / whole) * 10_000) / 10_000 : null;

/**
 * Sessions reaching each step: a session counts at a step when it sent that step's event in
 * the range, whether or not it sent the earlier ones (an open funnel).
 */
export async function funnelReport(db: Db, scope: ReportScope) {
  const row = await selectFunnel(db, scope);
  const counts = FUNNEL_STEPS.map((step) => row[step]);
  const steps = FUNNEL_STEPS.map((step, i) => ({
    step,
    sessions: row[step],
    rate_from_previous: i === 0 ? null : rate(row[step], counts[i - 1]),
    rate_from_start: i === 0 ? null : rate(row[step], counts[0]),
  }));
  return { object: 'funnel_report' as const, from: scope.from, to: scope.to, steps };
}

export async function referrersReport(db: Db, scope: ReportScope) {
  const row = await selectReferrers(db, scope);
  return { object: 'referrers_report' as const, from: scope.from, to: scope.to, ...row };
}

/** Each item of open work: the scope that reads its list, the list, and the list's filter. */
const NEEDS_ACTION_LISTS: Record<
  keyof NeedsActionRow,
  { scope: MerchantScope; list: string; filter: Record<string, string> | null }
> = {
  unpaid_orders: {
    scope: 'orders:read',
    list: '/orders',
    filter: { status: 'pending', payment_status: 'unpaid' },
  },
  unfulfilled_orders: {
    scope: 'orders:read',
    list: '/orders',
    filter: { status: 'pending', payment_status: 'fully-paid' },
  },
  refund_requests: {
    scope: 'orders:read',
    list: '/orders',
    filter: { refund_requested: 'true' },
  },
  pending_reviews: { scope: 'reviews:read', list: '/reviews', filter: { status: 'pending' } },
  failed_webhook_deliveries: {
    scope: 'admin',
    list: '/webhook-endpoints/{id}/deliveries',
    filter: { status: 'failed' },
  },
};

const shift = (date: string, days: number) =>
  dayOf(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);

/** (current − previous) / previous to 4 places; null when there was nothing before. */
const changeOf = (current: number, previous: number) =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 10_000) / 10_000;

/**
 * Home's report: orders and sales for today, 7 and 30 days against the days before, the
 * daily series, best sellers and open work, in one statement. `held`: the caller's scopes;
 * open work shows only what the caller may list.
 */
export async function overviewReport(
  db: Db,
  scope: OverviewScope,
  shop: { currency: string; currencyDigits: number },
  held: readonly MerchantScope[],
) {
  const row = await selectOverview(db, scope);
  const periods = PERIODS.map(({ period, days }) => {
    const figures = row.sales.periods[period] as {
      current: PeriodFigures;
      previous: PeriodFigures;
    };
    const { current, previous } = figures;
    return {
      period,
      from: shift(scope.to, 1 - days),
      to: scope.to,
      ...current,
      average_order_value:
        current.paid_orders > 0 ? Math.round(current.sales / current.paid_orders) : null,
      previous: { from: shift(scope.to, 1 - 2 * days), to: shift(scope.to, -days), ...previous },
      change: {
        orders: changeOf(current.orders, previous.orders),
        sales: changeOf(current.sales, previous.sales),
      },
    };
  });
  const needsAction = (Object.keys(NEEDS_ACTION_LISTS) as Array<keyof NeedsActionRow>)
    .filter((key) => grants(held, NEEDS_ACTION_LISTS[key].scope))
    .map((key) => {
      const { list, filter } = NEEDS_ACTION_LISTS[key];
      return { key, count: row.needs_action[key], list, filter };
    });
  return {
    object: 'overview_report' as const,
    to: scope.to,
    currency: shop.currency,
    currency_digits: shop.currencyDigits,
    periods,
    days: row.sales.days,
    top_products: row.top_products,
    needs_action: needsAction,
  };
}
