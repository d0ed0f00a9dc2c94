import { env } from 'cloudflare:test';
import { shopChanged, shopResolutionChanged } from '../../src/adapters/generations';
import type { Bindings } from '../../src/env';
import { buildServices } from '../../src/http/services';
import type { ApiResponse } from './api';

/**
 * What a write made straight in the database announces after committing, as the shop CLI
 * does (scripts/admin/shops.ts): a test that changes a shop's data (its products, or the shop
 * itself) in the database announces it the same way, so the storefront's edge cache and every
 * cached resolution of the shop serve the change.
 */
export async function announceChange(shopId: string): Promise<void> {
  const services = buildServices(env as unknown as Bindings, { waitUntil: () => {} });
  await Promise.all([shopChanged(services, shopId), shopResolutionChanged(services, shopId)]);
}

/** How the edge answered a read: `hit`, `miss` or `bypass` (Server-Timing `cache`). */
export const outcome = (res: ApiResponse) =>
  /cache;desc="(\w+)"/.exec(res.headers.get('server-timing') ?? '')?.[1];

/** Statements the request sent to resolve its shop (Server-Timing `shop`; 0 from the cache). */
export const shopStatements = (res: ApiResponse) =>
  Number(/shop;desc="(\d+)"/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);

/**
 * Repeats a read until the edge answers it from the cache: the copy is stored after the
 * response (waitUntil), so the first repeat may still miss. Bounded; fails when it never hits.
 */
export async function untilHit(read: () => Promise<ApiResponse>): Promise<ApiResponse> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await read();
    if (outcome(res) === 'hit') return res;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the read was never answered from the edge cache');
}
