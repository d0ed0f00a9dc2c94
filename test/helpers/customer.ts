import { env } from 'cloudflare:test';
import * as s from '../../src/db/schema';
import { type Bindings, loadConfig } from '../../src/env';
import { deviceHash } from '../../src/identity/device';
import { newSession } from '../../src/identity/sessions';
import { client } from './api';
import { testDb } from './db';
import type { TestShop } from './shop-factory';

export type SignInOptions = {
  email?: string;
  name?: string;
  phone?: string;
  status?: 'active' | 'inactive' | 'blacklisted';
  deviceId?: string;
};

/** The worker's parsed configuration in tests (token keys, HMAC secret). */
export const testConfig = () => loadConfig(env as unknown as Bindings);

/** Headers identifying a device the way a theme does. */
export const deviceHeaders = (deviceId: string) => ({ 'x-device-id': deviceId });

/**
 * Creates a customer and a session in `shop` and signs a real token for them through the
 * production token code; `api` sends the shop key, the token and the device id.
 */
export async function signInCustomer(shop: TestShop, options: SignInOptions = {}) {
  const db = testDb();
  const config = testConfig();
  const email = (options.email ?? `customer-${crypto.randomUUID()}@example.test`).toLowerCase();
  const deviceId = options.deviceId ?? crypto.randomUUID();
  const [row] = await db
    .insert(s.customers)
    .values({
      shopId: shop.id,
      email,
      name: options.name ?? 'Test Customer',
      phone: options.phone ?? '+4915112345678',
      status: options.status ?? 'active',
      lastLoginAt: new Date(),
    })
    .returning({ id: s.customers.id, email: s.customers.email });
  if (!row) throw new Error('could not create the test customer');
  const session = await newSession(config, {
    shopId: shop.id,
    customerId: row.id,
    deviceHash: await deviceHash(config.APP_HMAC_SECRET, new Headers(deviceHeaders(deviceId))),
    method: 'otp',
  });
  await db.insert(s.sessions).values(session.row);
  return {
    customer: { id: row.id, email: row.email },
    token: session.token,
    deviceId,
    sessionId: session.row.id as string,
    api: client(shop.apiKey, session.token, deviceHeaders(deviceId)),
  };
}
