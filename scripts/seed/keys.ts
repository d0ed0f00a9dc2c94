import { createHash } from 'node:crypto';

/**
 * Storefront keys of the seeded shops. They are public on purpose: the seed builds a
 * local demo, and a developer needs the key to call the API. Never seed a real shop.
 */
export const DEMO_API_KEY = 'sf_demo_aurora_0f6b9d1e4c2a7b3d5e8f1a2b3c4d5e6f';
export const SECOND_SHOP_API_KEY = 'sf_demo_pantry_7a1c3e5b9d2f4a6c8e0b1d3f5a7c9e1b';
/**
 * The demo shop's merchant key, holding every scope; public for the same reason. Sent as
 * `Authorization: Bearer …` to /admin/api/v1.
 */
export const DEMO_MERCHANT_KEY = 'sk_demo_aurora_5c3e9a1f7b2d4e6a8c0f1b3d5e7a9c2e';

/** Keys are stored as their SHA-256, like the worker computes it. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const keyPrefix = (key: string) => key.slice(0, 12);
