/**
 * The merchant API reference's guide: the document's `info.description`, in sections, rendered
 * as Markdown by the reference at /admin/docs. Figures that live in code (scopes, event types,
 * retry schedule, limits) are passed in, so the guide cannot drift from them.
 */

export type GuideFacts = {
  scopes: readonly string[];
  eventTypes: readonly string[];
  /** Minutes between a failed delivery attempt and the next. */
  retryMinutes: readonly number[];
  idempotencyHours: number;
  defaultRateLimit: number;
};

const duration = (minutes: number) => (minutes < 60 ? `${minutes} min` : `${minutes / 60} h`);

export const merchantGuide = (facts: GuideFacts) =>
  `
Manage one shop from your own systems: its catalogue, content, settings, orders, customers,
webhooks and the people who run it. Every call is scoped to the shop of its key or session.

## Getting started

Run the API and a seeded demo shop locally (no cloud account needed):

\`\`\`sh
npm install && npm run dev
\`\`\`

It prints the demo shop's merchant key. Every path below is relative to \`/admin/api/v1\`:

\`\`\`sh
SK=sk_live_…   # the merchant key npm run dev printed
ADMIN=http://127.0.0.1:8787/admin/api/v1
curl -H "authorization: Bearer $SK" "$ADMIN/products?limit=3"
\`\`\`

## Keys and scopes

A merchant key (\`sk_live_…\`) is a secret: keep it on a server, never in a theme or a browser.
Send it as \`Authorization: Bearer <key>\`. Create keys with \`POST /keys\` (or
\`npm run shop -- merchant-key create\` on the server); the secret is shown once.

Each key holds scopes, and each operation below names the one it needs:
${facts.scopes.map((scope) => `\`${scope}\``).join(', ')}. \`<area>:write\` includes
\`<area>:read\`; \`admin\` manages keys and reads the audit log, nothing else. Give each
integration only what it uses: a warehouse sync needs \`orders:write\` and \`catalogue:read\`.
A missing key is \`401 MERCHANT_KEY_MISSING\`, a wrong or revoked one \`401 MERCHANT_KEY_INVALID\`,
a missing scope \`403 MERCHANT_SCOPE_MISSING\`. A key may make ${facts.defaultRateLimit} requests a
minute unless it was given another \`rate_limit\`; beyond it, \`429 MERCHANT_RATE_LIMITED\` with
\`Retry-After\` (seconds).

## Staff sign-in (the dashboard)

People sign in from a browser with an emailed code and a cookie, not with a key:

1. \`POST /auth/code\` with \`{ "email" }\`: an active staff member gets a 6-digit code (valid
   10 minutes). The answer is the same for any email.
2. \`POST /auth/verify\` with \`{ "email", "code" }\`: sets the \`__Host-session\` cookie
   (HttpOnly, Secure, SameSite=Strict) and answers the session. A member of several shops
   picks one with \`POST /auth/shop\`.
3. With the cookie, every operation works within the member's role (a named set of the same
   scopes). Unsafe methods need a same-origin request (\`Origin\` of this origin, or
   \`Sec-Fetch-Site: same-origin\`), else \`403 CSRF_ORIGIN_MISMATCH\`.
4. \`GET /auth/session\` reads the session; \`POST /auth/sign-out\` ends it; \`GET /sessions\`
   lists the person's sessions and ends others.

## Amounts in minor units

Every amount is an integer in the minor unit of the shop's currency: \`2500\` is 25.00 EUR
(and 2500 JPY in a shop with no decimals). A number with a fractional part where an amount is
expected is \`422 VALIDATION_FAILED\` naming the field. \`GET /me\` tells the shop's
\`currency\`.

## Idempotency

Send \`Idempotency-Key: <a unique value, e.g. a UUID>\` on any write and retry it safely: the
same key with the same request answers the first answer again (status and body) and changes
nothing more; the same key with another method, path or body is
\`422 IDEMPOTENCY_KEY_REUSED\`. Keys are kept ${facts.idempotencyHours} hours. Without the header
a retried \`POST\` may create twice.

## Versions: ETag and If-Match

Versioned resources (products, categories, settings, orders…) carry \`version\`, raised by
every change, and answer \`ETag: "<version>"\`. To update without overwriting someone else's
change, read the resource, then write with \`If-Match: "<version>"\`: when it has changed
since, the answer is \`412 PRECONDITION_FAILED\` and nothing is written; read it again and
reapply your change. \`If-Match\` is optional (without it the last write wins), as with Stripe
and Shopify. A product's version also rises when its stock moves (a sale, a restock, an
adjustment), so a stock written from an earlier read never overwrites a sale; to change stock
without reading first, use \`POST /products/{id}/stock\` with \`adjust\`.

\`\`\`sh
curl -i -H "authorization: Bearer $SK" "$ADMIN/products/$ID"          # ETag: "3"
curl -X PATCH -H "authorization: Bearer $SK" -H 'if-match: "3"' \\
  -H 'content-type: application/json' -d '{"featured":true}' "$ADMIN/products/$ID"
\`\`\`

## Pagination

Lists answer \`{ "object": "list", "data": [...], "has_more": true, "url": "<the list's path>" }\`,
newest first. \`limit\` is 1 to 100 (10 when absent). For the next page pass
\`starting_after=<id of the last object>\`; for the page before, \`ending_before=<id of the
first object>\`. Pages never shift while you read them, even as objects are created. An
unknown query parameter, a limit out of range or a cursor that names no object of the list
is \`422 VALIDATION_FAILED\` naming the parameter.

\`\`\`sh
curl -H "authorization: Bearer $SK" "$ADMIN/orders?limit=100&starting_after=$LAST_ID"
\`\`\`

## Errors

Every error has one shape, with the HTTP status its code implies:

\`\`\`json
{ "status": "error", "code": "PRODUCT_NOT_FOUND", "message": "No such product.", "requestId": "…" }
\`\`\`

Branch on \`code\`, never on \`message\` (written for people; it may change). Validation errors
add \`details: [{ "field": "variants.1.price", "message": "…" }]\`, one per field.
\`requestId\` equals the \`X-Request-Id\` header: quote it when reporting a problem. Each
operation lists the codes it can answer.

| Status | Meaning |
|---|---|
| 400 | a malformed header or value with its own code (\`IDEMPOTENCY_KEY_INVALID\`) |
| 401 | no key or session, or a revoked or expired one |
| 403 | a scope is missing, or the request is not same-origin (sessions) |
| 404 | not found in this shop (\`*_NOT_FOUND\`); another shop's ids are never found |
| 409 | the change conflicts with the resource's state (a slug taken, an order already refunded) |
| 412 | \`If-Match\` names a version that is no longer current |
| 422 | \`VALIDATION_FAILED\` naming each field, or \`IDEMPOTENCY_KEY_REUSED\` |
| 429 | rate limited: wait \`Retry-After\` seconds |
| 503 | a service the API depends on is unreachable: retry later (with the same Idempotency-Key) |

## Webhooks

Register an https endpoint with \`POST /webhook-endpoints\` and the events it wants
(${facts.eventTypes.map((type) => `\`${type}\``).join(', ')}); each event needs the read scope
of the data it carries. The answer shows the signing secret (\`whsec_…\`) once: store it.

Deliveries follow [Standard Webhooks](https://www.standardwebhooks.com): a \`POST\` with the
JSON body \`{ "id", "type", "timestamp", "data" }\` and three headers, \`webhook-id\` (the event's
id, the same on every attempt: use it to drop duplicates), \`webhook-timestamp\` (Unix seconds)
and \`webhook-signature\` (\`v1,<base64 signature>\`). Answer 2xx within 10 seconds; anything
else is retried after ${facts.retryMinutes.map(duration).join(', ')}, then given up; an
endpoint that keeps failing for days is disabled. Each endpoint's delivery log, and replays, are under
\`/webhook-endpoints/{id}/deliveries\`.

**Verify every delivery before trusting it:**

1. Take the raw body as received (before any JSON parsing), and the three headers.
2. Refuse a \`webhook-timestamp\` more than 5 minutes from your clock (a replayed delivery).
3. The key is the secret after \`whsec_\`, base64-decoded.
4. Compute HMAC-SHA-256 under that key of \`<webhook-id>.<webhook-timestamp>.<raw body>\` and
   base64-encode it.
5. \`webhook-signature\` lists space-separated \`v1,<signature>\` entries: accept the delivery
   when one of them equals yours, compared in constant time.

\`\`\`ts
import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(secret: string, headers: Headers, rawBody: string): boolean {
  const id = headers.get('webhook-id') ?? '';
  const timestamp = headers.get('webhook-timestamp') ?? '';
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  return (headers.get('webhook-signature') ?? '').split(' ').some((entry) => {
    const given = Buffer.from(entry.replace(/^v1,/, ''), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
\`\`\`

Any Standard Webhooks library does the same (\`new Webhook(secret).verify(body, headers)\`).

## Imports

\`POST /imports\` takes a Shopify product CSV (\`content-type: text/csv\`, up to 15 MB) as the
body and answers \`202\` with the import, queued. A background job reads it one product at a
time (the rows of one \`Handle\`), creating or updating each product by its handle in a
transaction of its own; follow it with \`GET /imports/{id}\` until \`status\` is \`completed\`
or \`failed\`. The report counts what was created, updated, unchanged and failed, lists each
problem with its line and column, names the columns it ignored, and says the \`currency\` the
prices were read in (the shop's). \`?dry_run=true\` reports without writing. \`GET
/exports/products\` writes the catalogue in the same format: exporting and importing it again
changes nothing.

\`\`\`sh
curl -H "authorization: Bearer $SK" -H 'content-type: text/csv' \\
  --data-binary @products_export.csv "$ADMIN/imports"
\`\`\`
`.trim();
