import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { WebhookAttempt } from '../../db/schema';

/** A delivery claimed for one attempt, with what sending it needs. */
export type ClaimedDelivery = {
  id: string;
  shopId: string;
  eventId: string;
  attemptsBefore: number;
  type: string;
  data: Record<string, unknown>;
  eventAt: string;
  url: string;
  secret: string;
};

/**
 * Claims due pending deliveries of enabled endpoints for `leaseSeconds`, in one statement:
 * rows another sender holds (lease not expired, or row locked right now) are skipped, so the
 * cron and the request that wrote a delivery never send it at the same time.
 */
export async function claimDueDeliveries(
  db: Db,
  filter: { ids?: string[]; shopId?: string; limit: number; leaseSeconds: number },
): Promise<ClaimedDelivery[]> {
  const conditions: SQL[] = [];
  if (filter.ids) {
    const ids = sql.join(
      filter.ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    conditions.push(sql`and d.id in (${ids})`);
  }
  if (filter.shopId) conditions.push(sql`and d.shop_id = ${filter.shopId}::uuid`);
  const result = await db.execute(sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
      where d.status = 'pending' and d.next_attempt_at <= now()
        and (d.locked_until is null or d.locked_until < now()) ${sql.join(conditions, sql` `)}
      order by d.next_attempt_at
      limit ${filter.limit}
      for update of d skip locked
    ), claimed as (
      update webhook_deliveries d
      set locked_until = now() + make_interval(secs => ${filter.leaseSeconds}), updated_at = now()
      from due where d.id = due.id
      returning d.id, d.shop_id, d.event_id, d.endpoint_id, jsonb_array_length(d.attempts) as n
    )
    select c.id, c.shop_id as "shopId", c.event_id as "eventId", c.n as "attemptsBefore",
      ev.type, ev.data, to_char(ev.created_at at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "eventAt",
      e.url, e.secret
    from claimed c
    join webhook_events ev on ev.id = c.event_id
    join webhook_endpoints e on e.id = c.endpoint_id
  `);
  return result.rows as ClaimedDelivery[];
}

/** A 2xx: the delivery succeeded and the endpoint's run of failures ends. */
export const recordSuccess = (db: Db, id: string, attempt: WebhookAttempt) =>
  db.execute(sql`
    with d as (
      update webhook_deliveries set status = 'succeeded', delivered_at = now(),
        attempts = attempts || ${JSON.stringify([attempt])}::jsonb,
        locked_until = null, updated_at = now()
      where id = ${id}::uuid
      returning endpoint_id
    )
    update webhook_endpoints e set consecutive_failures = 0, failing_since = null
    from d where e.id = d.endpoint_id and e.consecutive_failures > 0
  `);

export type FailurePolicy = {
  /** The delivery is given up (`failed`) with this attempt. */
  giveUp: boolean;
  /** Minutes until the next attempt. */
  retryInMinutes: number;
  /** The endpoint is disabled once it has failed this many times in a row … */
  disableAfterFailures: number;
  /** … over at least this many days. */
  disableAfterDays: number;
};

/**
 * A failed attempt: the delivery is retried later (or given up), and the endpoint's run of
 * failures grows; an endpoint failing for long enough is disabled (its version raised, so
 * a merchant's If-Match sees the change). Returns whether this attempt disabled it.
 */
export async function recordFailure(
  db: Db,
  id: string,
  attempt: WebhookAttempt,
  policy: FailurePolicy,
): Promise<boolean> {
  const disable = sql`(e.consecutive_failures + 1 >= ${policy.disableAfterFailures}
    and coalesce(e.failing_since, now()) <= now() - make_interval(days => ${policy.disableAfterDays}))`;
  const result = await db.execute(sql`
    with d as (
      update webhook_deliveries set
        attempts = attempts || ${JSON.stringify([attempt])}::jsonb,
        status = ${policy.giveUp ? 'failed' : 'pending'}::webhook_delivery_status,
        next_attempt_at = now() + make_interval(mins => ${policy.retryInMinutes}),
        locked_until = null, updated_at = now()
      where id = ${id}::uuid
      returning endpoint_id
    )
    update webhook_endpoints e set
      consecutive_failures = e.consecutive_failures + 1,
      failing_since = coalesce(e.failing_since, now()),
      enabled = e.enabled and not ${disable},
      disabled_reason = case when e.enabled and ${disable}
        then 'Disabled after failing repeatedly' else e.disabled_reason end,
      version = e.version + (case when e.enabled and ${disable} then 1 else 0 end)
    from d where e.id = d.endpoint_id
    returning (e.enabled = false and e.disabled_reason is not null) as disabled
  `);
  return (result.rows[0] as { disabled?: boolean } | undefined)?.disabled === true;
}
