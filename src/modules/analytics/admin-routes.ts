import type { Context } from 'hono';
import { adminRoute } from '../../admin-kit/route';
import type { AppEnv } from '../../app-env';
import type { Db } from '../../db/client';
import { jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import type { ReportScope } from './admin-queries';
import {
  FunnelReportSchema,
  OverviewQuerySchema,
  OverviewReportSchema,
  RankedQuerySchema,
  ReferrersReportSchema,
  ReportQuerySchema,
  TopProductsReportSchema,
  TrafficReportSchema,
} from './admin-schemas';
import {
  funnelReport,
  overviewReport,
  referrersReport,
  reportRange,
  topProductsReport,
  trafficReport,
} from './admin-service';

const tag = 'Analytics';
const scope = 'marketing:read';
const description =
  'From the storefront’s visitor events (PUT /analytics), through rollups kept exact as events are stored: an event counts once the analytics queue’s batch holding it is stored, normally within seconds. One statement per report. Days are UTC.';

const report = <S extends typeof ReportQuerySchema | typeof RankedQuerySchema>(
  path: string,
  operationId: string,
  summary: string,
  query: S,
  schema: Parameters<typeof jsonContent>[0],
) =>
  adminRoute({
    method: 'get',
    path,
    tag,
    scope,
    operationId,
    summary,
    description,
    request: { query },
    responses: { 200: jsonContent(schema, summary) },
  });

const traffic = report(
  '/reports/traffic',
  'getTrafficReport',
  'Visitors, sessions and page views by day',
  ReportQuerySchema,
  TrafficReportSchema,
);
const topProducts = report(
  '/reports/top-products',
  'getTopProductsReport',
  'Products most viewed and most added to carts',
  RankedQuerySchema,
  TopProductsReportSchema,
);
const funnel = report(
  '/reports/funnel',
  'getFunnelReport',
  'Sessions → product view → add to cart → begin checkout → complete checkout, with conversion rates',
  ReportQuerySchema,
  FunnelReportSchema,
);
const referrers = report(
  '/reports/referrers',
  'getReferrersReport',
  'Sessions by referring site and by UTM source',
  RankedQuerySchema,
  ReferrersReportSchema,
);

const overview = adminRoute({
  method: 'get',
  path: '/reports/overview',
  tag,
  scope,
  operationId: 'getOverviewReport',
  summary: 'Orders, sales, best sellers and open work: the dashboard’s Home',
  description:
    'From the orders, not the visitor events. Orders and net sales (in the shop’s currency, minor units) for today, 7 and 30 days ending on `to`, each against the same number of days just before, with the change; the 30 days by day; the average order value; the best sellers by sales; and what needs action now, each with the list and filter that show exactly what was counted. An order counts on the UTC day it was placed unless cancelled; its sale is what was paid less what was refunded, once it is paid. Best sellers add up the lines of paid orders that are not cancelled or refunded. One statement. Days are UTC.',
  request: { query: OverviewQuerySchema },
  responses: { 200: jsonContent(OverviewReportSchema, 'The overview') },
});

/** The report's database and scope from the validated query. */
function scopeOf(c: Context<AppEnv>, query: { from?: string; to?: string; limit?: number }) {
  const db: Db = c.get('services').database.db;
  const range = reportRange(query);
  const reportScope: ReportScope = { shopId: c.get('shop').id, ...range, limit: query.limit ?? 10 };
  return { db, reportScope };
}

/** /admin/api/v1/analytics: reports over the shop's visitor events. */
export const analyticsAdminRoutes = createRouter();

analyticsAdminRoutes.openapi(traffic, async (c) => {
  const { db, reportScope } = scopeOf(c, c.req.valid('query'));
  return c.json(await trafficReport(db, reportScope), 200);
});

analyticsAdminRoutes.openapi(topProducts, async (c) => {
  const { db, reportScope } = scopeOf(c, c.req.valid('query'));
  return c.json(await topProductsReport(db, reportScope), 200);
});

analyticsAdminRoutes.openapi(funnel, async (c) => {
  const { db, reportScope } = scopeOf(c, c.req.valid('query'));
  return c.json(await funnelReport(db, reportScope), 200);
});

analyticsAdminRoutes.openapi(referrers, async (c) => {
  const { db, reportScope } = scopeOf(c, c.req.valid('query'));
  return c.json(await referrersReport(db, reportScope), 200);
});

analyticsAdminRoutes.openapi(overview, async (c) => {
  const query = c.req.valid('query');
  const db: Db = c.get('services').database.db;
  const shop = c.get('shop');
  const { to } = reportRange({ to: query.to });
  const report = await overviewReport(
    db,
    { shopId: shop.id, to, limit: query.limit },
    shop,
    c.get('merchant').scopes,
  );
  return c.json(report, 200);
});
