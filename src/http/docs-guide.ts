import type { DocumentTag } from './document-info';
/**
 * The getting-started guide of the storefront API reference (the document's
 * `info.description`) and the description of each tag. Markdown, rendered by the reference.
 */

export const STOREFRONT_GUIDE = `
The backend a shop theme calls to show one merchant's shop: settings, catalogue, search,
content, passwordless sign-in, orders, reviews, newsletter, page metadata and analytics.
One deployment serves many shops; **every request is scoped to one shop by its key**.

## Getting started

Run the API and a seeded demo shop locally (no cloud account needed):

\`\`\`sh
npm install && npm run dev
\`\`\`

It prints the API base URL (\`http://127.0.0.1:8787/access/api/v1\` unless \`PORT\` says
otherwise; the samples below assume 8787), the demo shop's key, and the mail sink where every
email lands. Then:

\`\`\`sh
KEY=sf_demo_aurora_0f6b9d1e4c2a7b3d5e8f1a2b3c4d5e6f
curl -H "x-api-key: $KEY" 'http://127.0.0.1:8787/access/api/v1/products?limit=3'
\`\`\`

The samples on this page use the typed client from \`packages/client\` (generated from this
document: every path, parameter, body, response and error code is typed) and curl.
\`examples/storefront.ts\` walks a whole purchase with it.

## The key: \`x-api-key\`

Send the shop's storefront key in the \`x-api-key\` header on every call. It names the shop; it
is not a secret from shoppers (it ships in the theme), so it grants only what a storefront may
do. A missing key is \`401 API_KEY_MISSING\`, an unknown or revoked one \`401 API_KEY_INVALID\`,
and a shop that is not open answers every call, health included, with
\`503 SHOP_UNDER_DEVELOPMENT\`. Two calls work without a key: \`POST /config\` and
\`GET /config/site-map\` identify the shop by the storefront's hostname instead (for
server-side renderers), and \`GET /livez\` is for uptime monitors.

## Signing a customer in

There are no passwords. A customer signs in with a code sent by email:

1. \`POST /auth\` with \`{ "email" }\`: the shop emails a 6-digit code and answers
   \`{ "status": "verify", "data": { "id" } }\` (\`id\` is the verification id).
2. The customer types the code. Locally, read it from the mail sink instead:
   \`GET http://127.0.0.1:8025/api/emails\` lists every email, newest first, as JSON
   (\`to\`, \`subject\`, \`text\`, \`html\`); the code is the 6-digit number in \`text\`.
   \`DELETE /api/emails\` empties the box. (\`npm run signin -- <email>\` does steps 1 to 3 and
   prints a token.)
3. \`POST /auth/verify\` with \`{ "email", "id", "code" }\` answers \`{ "token" }\`.
4. Send \`Authorization: Bearer <token>\` on customer calls (\`GET /auth\`, \`GET /orders\`,
   \`POST /reviews\`…) along with the key.

The token lasts 30 days and is bound to the device that signed in: send the same
\`x-device-id\` header (any stable id your theme keeps, e.g. in local storage) at sign-in and
on every call, or the browser's User-Agent is used instead. Another device gets
\`401 AUTH_TOKEN_DEVICE_MISMATCH\`; an expired sign-in \`401 SESSION_EXPIRED\` (sign in again).
Order confirmation emails also carry a link that signs the buyer in: its \`id\`, \`email\` and
\`order\` query parameters are the body of \`POST /auth/access\`. To sign out on this device,
forget the token; \`DELETE /auth/sessions\` signs the customer out on every other device.

## Images

Image objects carry \`uploadUrl\` (\`<shop_id>/media/<filename>\`), not a full URL. Build it from
the settings: take \`data.media.url\` of \`GET /settings\` once (it ends in
\`/<shop_id>/media/\`) and append the last path segment of \`uploadUrl\`:

\`\`\`ts
const imageUrl = (image: { uploadUrl: string } | null) =>
  image ? settings.media.url + image.uploadUrl.split('/').pop() : null;
\`\`\`

Image fields may be null; check before use. \`size\` is a string, except in search results
where it is a number.

## Pagination

Lists come in three shapes (the contract's names):

| Shape | Used by | Fields |
|---|---|---|
| A, nested | products, best sellers, similar products, cart similarities, content collections, each section of search | \`data: { currentPage, totalPages, totalDocuments, limit, data: [items] }\` |
| B, orders | \`GET /orders\` | \`total, page, limit, totalPages, data: [items]\` at the top level |
| C, categories | \`GET /categories\` | \`currentPage, totalPages, totalDocuments, hasNextPage, data: [items]\` at the top level |

Reviews answer \`data: [items]\` without page fields. \`page\` starts at 1; a \`limit\` above the
maximum of an endpoint is served as that maximum (and the response's \`limit\` says so); a page
past the end is an empty \`data\` with the real totals; a \`page\` or \`limit\` that is not a
positive integer is \`422 VALIDATION_FAILED\`.

## Errors

Every error has one shape, with the HTTP status that the code implies:

\`\`\`json
{ "status": "error", "code": "PRODUCT_NOT_FOUND", "message": "Product not found", "requestId": "…" }
\`\`\`

Branch on \`code\`, never on \`message\` (for people, may change). Validation failures add
\`details: [{ field, message }]\` naming each bad field (\`cart.2.quantity\`). \`requestId\` equals
the \`X-Request-Id\` header; quote it when reporting a problem. Each operation below lists the
codes it can answer, grouped by status; the typed client types them.

| Status | Meaning |
|---|---|
| 400 | malformed input with a specific code (\`EMAIL_REQUIRED\`, \`INVALID_CODE\`, \`INVALID_COUPON\`…) |
| 401 | key or customer token missing, invalid, expired or from another device |
| 403 | refused (blocked account, coupons or reviews switched off, download limit…) |
| 404 | not found in this shop (\`*_NOT_FOUND\`) |
| 409, 410 | conflict (\`REVIEW_ALREADY_EXISTS\`), gone (\`ACCESS_LINK_EXPIRED\`, \`DOWNLOAD_EXPIRED\`) |
| 422 | \`VALIDATION_FAILED\` (generic), \`ORDER_VALIDATION_FAILED\`, \`INVALID_SHIPPING_ID\` |
| 429 | rate limited: wait \`Retry-After\` seconds |
| 503 | shop not open, or a service the API depends on is unreachable (retry later) |

## Rate limits

Limits protect shoppers' inboxes and the shop's stock; a theme that behaves normally never
meets them. Beyond a limit the answer is \`429\` with a \`Retry-After\` header (seconds):

- sign-in codes (\`POST /auth\`): per email, 6 in 15 minutes and 12 an hour; per client IP, 20 an hour
  (\`TOO_MANY_LOGIN_ATTEMPTS\`);
- wrong codes: after 5 the code is locked (\`TOO_MANY_VERIFY_ATTEMPTS\`); request a new one;
- orders (\`POST /orders\`): 10 attempts per client IP in 10 minutes (\`ORDER_RATE_LIMITED\`);
- newsletter (\`POST /newsletter\`): 5 per client IP an hour (\`NEWSLETTER_RATE_LIMITED\`).

Every answer of a limited operation, refused or not, carries the IETF rate-limit headers
(draft-ietf-httpapi-ratelimit-headers): \`RateLimit-Policy\` names each limit with its quota
and window (\`"auth-code-ip-1h";q=20;w=3600\`), and \`RateLimit\` what is left of it and in how
many seconds it is whole again (\`"auth-code-ip-1h";r=17;t=3412\`).

Retry \`POST /orders\` with the same \`Idempotency-Key\` header: a repeat answers the first
answer again and never places a second order.

## Caching

- A key's shop is cached by the API for 60 seconds: a revoked key stops working within a minute.
- Catalogue reads cost one database statement each (\`Server-Timing: db;desc="1"\`) and carry no
  HTTP cache headers: cache \`GET /settings\` and category trees in the theme (per page load or a
  few minutes) rather than asking on every render.
- Images under \`settings.media.url\` are served with \`Cache-Control: public, max-age=86400\`.
- Customer answers and downloads are private: never cache them in a shared cache.
- The cart lives only in the theme: \`POST /products/cart\` re-prices it from the server whenever
  it is shown; prices in an order come from the server, never from the client.
`.trim();

/** One tag per module (its mount path), in the order a theme meets them. */
export const STOREFRONT_TAGS: DocumentTag[] = [
  {
    name: 'settings',
    'x-displayName': 'Shop settings',
    description:
      'Whether the shop is open, its public configuration (branding, navigation, shipping, tax, feature flags, the media base URL) and its policies. Read `GET /settings` once when the theme starts.',
  },
  {
    name: 'products',
    'x-displayName': 'Products',
    description:
      'The catalogue: lists with filters and sorts, a product with its options and variants, best sellers, similar products, and cart hydration (the cart lives in the theme; the server re-prices it).',
  },
  {
    name: 'categories',
    'x-displayName': 'Categories',
    description: 'Published categories, by position, with their parent and children.',
  },
  {
    name: 'search',
    'x-displayName': 'Search',
    description:
      'Products and categories matching a term: word prefixes, accents and case ignored, small typos forgiven.',
  },
  {
    name: 'content',
    'x-displayName': 'Content',
    description:
      "The merchant's own content models: singletons (one entry) and collections (a page of entries).",
  },
  {
    name: 'auth',
    'x-displayName': 'Sign-in and profile',
    description:
      'Passwordless sign-in by emailed code or order-email link, and the signed-in customer’s profile. See “Signing a customer in” above.',
  },
  {
    name: 'coupons',
    'x-displayName': 'Coupons',
    description: 'Checks a coupon code against a cart before the order is placed.',
  },
  {
    name: 'orders',
    'x-displayName': 'Orders',
    description:
      'Placing an order (guest or signed in) and the signed-in customer’s orders. Stock is taken atomically; it cannot be oversold.',
  },
  {
    name: 'downloads',
    'x-displayName': 'Downloads',
    description: 'Digital files of fully paid orders, counted against their download limits.',
  },
  {
    name: 'reviews',
    'x-displayName': 'Reviews',
    description:
      'Approved reviews of a product, and reviews by signed-in customers of products from their delivered orders.',
  },
  {
    name: 'newsletter',
    'x-displayName': 'Newsletter',
    description:
      'Double opt-in subscription: subscribe, confirm with the emailed link, unsubscribe.',
  },
  {
    name: 'config',
    'x-displayName': 'Page metadata and sitemap',
    description:
      'Titles, descriptions, icons and Open Graph data for storefront URLs, and the sitemap. These two calls also identify the shop by the storefront’s hostname, without a key.',
  },
  {
    name: 'analytics',
    'x-displayName': 'Analytics',
    description: 'Visitor events (page and product views, cart and checkout steps, searches).',
  },
  {
    name: 'payments',
    'x-displayName': 'Payment webhooks',
    description:
      'Called by the payment provider, never by themes: signed notifications that mark orders paid or release unpaid ones.',
  },
  {
    name: 'livez',
    'x-displayName': 'Liveness',
    description: 'For uptime monitors: answers without a key and without touching the database.',
  },
];
