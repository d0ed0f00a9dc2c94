import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Services } from '../../app-env';
import { isUniqueViolation } from '../../db/errors';
import { customers, sessions } from '../../db/schema';
import {
  type AccountStatus,
  assertAccountUsable,
  newSession,
  type SessionMethod,
} from '../../identity/sessions';
import { deliverWebhooksAfterResponse } from '../webhooks/delivery';
import { deliveryIdsOf, emitEventQuery } from '../webhooks/events';

export type SignInInput = {
  shopId: string;
  email: string;
  /** The existing customer of this sign-in, or null to create one for `email`. */
  customer: { id: string; status: AccountStatus } | null;
  /** Profile of a customer created by this sign-in (from the order for magic links). */
  profile?: { name: string; phone: string };
  method: SessionMethod;
  deviceHash: string;
  /** Statements that belong to the same sign-in (e.g. linking the order), same batch. */
  extra?: (customerId: string) => BatchItem<'pg'>[];
};

/**
 * Opens a session for the customer (created first when there is none, with its
 * `customer.created` webhook event) and records the sign-in, in one atomic batch; returns the
 * token. A customer created concurrently for the same email (an order, another sign-in) is
 * picked up instead of failing.
 */
export async function startSession(services: Services, input: SignInInput): Promise<string> {
  const { db } = services.database;
  const { config } = services;
  const { customer } = input;
  if (customer) assertAccountUsable(customer.status);
  const customerId = customer?.id ?? crypto.randomUUID();
  const session = await newSession(config, {
    shopId: input.shopId,
    customerId,
    deviceHash: input.deviceHash,
    method: input.method,
  });
  const now = new Date();
  const created = {
    id: customerId,
    email: input.email,
    name: input.profile?.name ?? '',
    phone: input.profile?.phone ?? '',
  };
  const record = customer
    ? db
        .update(customers)
        .set({ lastLoginAt: now })
        .where(and(eq(customers.id, customerId), eq(customers.shopId, input.shopId)))
    : db.insert(customers).values({ ...created, shopId: input.shopId, lastLoginAt: now });
  const event = customer ? null : emitEventQuery(db, input.shopId, 'customer.created', created);
  try {
    const results = await db.batch([
      record,
      db.insert(sessions).values(session.row),
      ...(event ? [event] : []),
      ...(input.extra?.(customerId) ?? []),
    ]);
    if (event)
      deliverWebhooksAfterResponse(services, deliveryIdsOf(results[2] as { rows: unknown[] }));
  } catch (error) {
    if (customer || !isUniqueViolation(error)) throw error;
    const [existing] = await db
      .select({ id: customers.id, status: customers.status })
      .from(customers)
      .where(and(eq(customers.shopId, input.shopId), eq(customers.email, input.email)));
    if (!existing) throw error;
    return startSession(services, { ...input, customer: existing });
  }
  return session.token;
}
