/**
 * Where the merchant API lives. Kept apart from its routes so the storefront application can
 * route to it without loading it (src/app.ts loads the merchant API on its first request).
 */
export const ADMIN_BASE = '/admin/api/v1';
export const ADMIN_OPENAPI_PATH = `${ADMIN_BASE}/openapi.json`;
/** Uploads (POST): they read their raw body themselves, each with its own size limit. */
export const ADMIN_UPLOAD_PATHS = new Set([
  `${ADMIN_BASE}/media`,
  `${ADMIN_BASE}/digital-files`,
  `${ADMIN_BASE}/imports`,
]);
