import { createStorefrontClient, type Schema, type StorefrontClient } from '@storefront-api/client';
import type { Env } from './env';

export type Settings = Schema<'Settings'>;

/** The visitor's address, as Cloudflare reports it to the theme. */
export const visitorAddressOf = (request: Request) =>
  request.headers.get('cf-connecting-ip')?.trim() || null;

/**
 * A client of the storefront API over the service binding, as the contract's client rules ask.
 * With `visitor` (the visitor's address) and VISITOR_ADDRESS_SECRET, every call carries that
 * address signed, so the API's per-visitor limits count the visitor, not the theme.
 */
export function apiClient(
  env: Env,
  options: { visitor: string | null; token?: string; deviceId?: string },
): StorefrontClient {
  const { visitor, token, deviceId } = options;
  return createStorefrontClient({
    baseUrl: env.API_BASE,
    apiKey: env.STOREFRONT_API_KEY,
    ...(token ? { token } : {}),
    ...(deviceId ? { deviceId } : {}),
    ...(visitor && env.VISITOR_ADDRESS_SECRET
      ? { visitor: { address: visitor, secret: env.VISITOR_ADDRESS_SECRET } }
      : {}),
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
