import { createStorefrontClient, type Schema, type StorefrontClient } from '@storefront-api/client';
import type { Env } from './env';

export type Settings = Schema<'Settings'>;

/** A client of the storefront API over the service binding, as the contract's client rules ask. */
export function apiClient(
  env: Env,
  customer?: { token?: string; deviceId: string },
): StorefrontClient {
  return createStorefrontClient({
    baseUrl: env.API_BASE,
    apiKey: env.STOREFRONT_API_KEY,
    ...(customer?.token ? { token: customer.token } : {}),
    ...(customer ? { deviceId: customer.deviceId } : {}),
    fetch: (request: Request) => env.API.fetch(request),
  });
}

/** Settings change rarely: the contract advises revalidating every few minutes. */
export const SETTINGS_TTL_MS = 3 * 60 * 1000;
let cached: { settings: Settings; at: number; key: string } | null = null;

/**
 * The shop's settings, kept in the isolate for `maxAgeMs` (SETTINGS_TTL_MS unless told). The
 * checkout asks with 0: the API enforces them on POST /orders, so the form must show them as
 * they are now (an account required, the address removed).
 */
export async function loadSettings(
  api: StorefrontClient,
  key: string,
  { now = Date.now(), maxAgeMs = SETTINGS_TTL_MS }: { now?: number; maxAgeMs?: number } = {},
) {
  if (cached && cached.key === key && now - cached.at < maxAgeMs) return cached.settings;
  const { data, error } = await api.GET('/settings');
  if (error || !data) throw new Error(`settings: ${error ? error.code : 'no body'}`);
  cached = { settings: data.data, at: now, key };
  return data.data;
}

/** The health check every request starts with: a non-200 answer means the shop is unavailable. */
export async function checkHealth(api: StorefrontClient) {
  try {
    const { data, response } = await api.GET('/settings/health');
    if (response.status !== 200 || !data) return null;
    return { id: data.id, name: data.name };
  } catch {
    return null;
  }
}
