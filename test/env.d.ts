// Bindings the worker under test receives (wrangler.toml plus the test stack's variables).
declare namespace Cloudflare {
  interface Env {
    STORAGE: R2Bucket;
    IMAGES: ImagesBinding;
    DATABASE_URL: string;
    NEON_HTTP_ENDPOINT?: string;
    NEON_WS_PROXY?: string;
    AUTH_TOKEN_KEYS: string;
    APP_HMAC_SECRET: string;
    VISITOR_ADDRESS_SECRET: string;
    KV_STORE: string;
    /** wrangler.toml's ASSETS service binding: the assets Worker (vitest.config.ts runs it). */
    ASSETS: Fetcher;
  }
}
