import type { StorefrontClient } from '@storefront-api/client';
import type { Context } from 'hono';
import type { Settings } from './api';

export type Env = {
  /** Service binding to the storefront API worker. */
  API: Fetcher;
  /** The API's base URL; only its path matters through the binding. */
  API_BASE: string;
  /** The shop's storefront key, sent as `x-api-key` (a secret). */
  STOREFRONT_API_KEY: string;
  /**
   * The secret shared with the API's VISITOR_ADDRESS_SECRET (`wrangler secret put`): signs the
   * visitor's address on every call, so each visitor has their own limits at the API.
   */
  VISITOR_ADDRESS_SECRET?: string;
  /** ISO 4217 code prices are shown in. */
  CURRENCY?: string;
};

export type ThemeEnv = {
  Bindings: Env;
  Variables: {
    /** Anonymous client: every public call. */
    api: StorefrontClient;
    /** Client carrying the signed-in customer's token and this browser's device id. */
    customerApi: StorefrontClient | null;
    settings: Settings;
    shop: { id: string; name: string };
    deviceId: string;
    nonce: string;
  };
};

/** What every page, form post and middleware of the theme is handed: one request, its bindings and the values above. */
export type ThemeContext = Context<ThemeEnv>;
