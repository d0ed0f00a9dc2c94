import { env } from 'cloudflare:test';
import { shopChanged } from '../../src/adapters/generations';
import type { Bindings } from '../../src/env';
import { buildServices } from '../../src/http/services';

/**
 * What every production write path does after committing (src/adapters/generations.ts): a
 * test that changes a shop's data straight in the database announces it the same way, so
 * the storefront's edge cache serves the change.
 */
export async function announceChange(shopId: string): Promise<void> {
  const services = buildServices(env as unknown as Bindings, { waitUntil: () => {} });
  await shopChanged(services, shopId);
}
