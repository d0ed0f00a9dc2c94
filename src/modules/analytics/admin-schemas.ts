import { z } from '@hono/zod-openapi';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date, YYYY-MM-DD.')
  .refine((value) => {
    // Date.parse accepts 2026-02-30 (as 2 March): the date must read back unchanged.
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, 'Must be a real date.');

/** Longest range one report covers. */
export const MAX_RANGE_DAYS = 366;

export const ReportQuerySchema = z.object({
  from: day.optional().openapi({
    param: { name: 'from', in: 'query' },
    description: 'First day (UTC), inclusive; defaults to 29 days before `to`',
    example: '2026-01-01',
  }),
  to: day.optional().openapi({
    param: { name: 'to', in: 'query' },
    description: 'Last day (UTC), inclusive; defaults to today',
    example: '2026-01-31',
  }),
});

export const RankedQuerySchema = ReportQuerySchema.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .openapi({
      param: { name: 'limit', in: 'query' },
      description: 'Rows per ranking, 1 to 100 (10)',
    }),
});

export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const range = { from: z.string(), to: z.string() };

export const TrafficReportSchema = z
  .object({
    object: z.literal('traffic_report'),
    ...range,
    days: z.array(
      z.object({
        date: z.string(),
        visitors: z.number().int(),
        sessions: z.number().int(),
        page_views: z.number().int(),
      }),
    ),
    totals: z
      .object({
        visitors: z.number().int(),
        sessions: z.number().int(),
        page_views: z.number().int(),
      })
      .openapi({ description: 'Over the whole range (a visitor seen on two days counts once)' }),
  })
  .openapi('TrafficReport');

const productRank = (count: string) =>
  z.object({
    product_id: z.string(),
    title: z.string().nullable().openapi({ description: 'Null when the product no longer exists' }),
    [count]: z.number().int(),
  });

export const TopProductsReportSchema = z
  .object({
    object: z.literal('top_products_report'),
    ...range,
    by_views: z.array(productRank('views')),
    by_add_to_cart: z.array(productRank('add_to_cart').extend({ quantity: z.number().int() })),
  })
  .openapi('TopProductsReport');

const FUNNEL_STEPS = [
  'sessions',
  'product_view',
  'add_to_cart',
  'begin_checkout',
  'complete_checkout',
] as const;

export const FunnelReportSchema = z
  .object({
    object: z.literal('funnel_report'),
    ...range,
    steps: z.array(
      z.object({
        step: z.enum(FUNNEL_STEPS),
        sessions: z.number().int().openapi({ description: 'Sessions that reached this step' }),
        rate_from_previous: z.number().nullable().openapi({
          description:
            'Share of the previous step’s sessions, 0 to 1 (null for the first or after 0)',
        }),
        rate_from_start: z.number().nullable(),
      }),
    ),
  })
  .openapi('FunnelReport');

export const ReferrersReportSchema = z
  .object({
    object: z.literal('referrers_report'),
    ...range,
    referrers: z.array(z.object({ host: z.string(), sessions: z.number().int() })),
    utm_sources: z.array(z.object({ source: z.string(), sessions: z.number().int() })),
  })
  .openapi('ReferrersReport');

export { FUNNEL_STEPS };

export const OverviewQuerySchema = z.object({
  to: day.optional().openapi({
    param: { name: 'to', in: 'query' },
    description: 'The last day (UTC) of every period; defaults to today',
    example: '2026-01-31',
  }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(20)
    .default(5)
    .openapi({ param: { name: 'limit', in: 'query' }, description: 'Top products, 1 to 20 (5)' }),
});

const minor = (description: string) => z.number().int().openapi({ description });
const change = z.number().nullable().openapi({
  description: '(current − previous) / previous, rounded to 4 places; null when previous is 0',
});

const PeriodSchema = z.object({
  period: z.enum(['today', '7_days', '30_days']),
  from: z.string().openapi({ description: 'First day (UTC), inclusive' }),
  to: z.string().openapi({ description: 'Last day (UTC), inclusive' }),
  orders: z.number().int().openapi({ description: 'Orders placed, not cancelled' }),
  paid_orders: z.number().int().openapi({ description: 'Of those, the paid ones' }),
  sales: minor('Net sales of the paid orders (paid less refunded), minor units'),
  average_order_value: z.number().int().nullable().openapi({
    description: 'sales / paid_orders, rounded to a minor unit; null without paid orders',
  }),
  previous: z
    .object({
      from: z.string(),
      to: z.string(),
      orders: z.number().int(),
      paid_orders: z.number().int(),
      sales: z.number().int(),
    })
    .openapi({ description: 'The same number of days just before' }),
  change: z.object({ orders: change, sales: change }),
});

const NEEDS_ACTION = [
  'unpaid_orders',
  'unfulfilled_orders',
  'refund_requests',
  'pending_reviews',
  'failed_webhook_deliveries',
] as const;

export const OverviewReportSchema = z
  .object({
    object: z.literal('overview_report'),
    to: z.string(),
    currency: z.string(),
    currency_digits: z.number().int(),
    periods: z.array(PeriodSchema),
    days: z
      .array(z.object({ date: z.string(), orders: z.number().int(), sales: z.number().int() }))
      .openapi({ description: 'The 30 days to `to`, oldest first' }),
    top_products: z
      .array(
        z.object({
          product_id: z.string(),
          title: z.string(),
          units: z.number().int(),
          sales: minor('Line totals, minor units'),
        }),
      )
      .openapi({ description: 'Best sellers over the 30 days, by sales' }),
    needs_action: z
      .array(
        z.object({
          key: z.enum(NEEDS_ACTION),
          count: z.number().int(),
          list: z.string().openapi({
            description: 'The merchant API list that shows them',
            example: '/orders',
          }),
          filter: z
            .record(z.string(), z.string())
            .nullable()
            .openapi({
              description:
                'The list’s query parameters that select exactly these; null when the list has no such filter',
              example: { status: 'pending', payment_status: 'unpaid' },
            }),
        }),
      )
      .openapi({
        description:
          'Open work now, whatever `to` is; only the items whose list the caller may read',
      }),
  })
  .openapi('OverviewReport');

export { NEEDS_ACTION };
