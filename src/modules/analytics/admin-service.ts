import type { Db } from '../../db/client';
import { ApiError } from '../../errors/index';
import {
  type ReportScope,
  selectFunnel,
  selectReferrers,
  selectTopProducts,
  selectTraffic,
} from './admin-queries';
import { FUNNEL_STEPS, MAX_RANGE_DAYS, type ReportQuery } from './admin-schemas';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

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
