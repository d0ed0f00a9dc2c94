import { escapeHtml } from './lib/html';

/** What a visitor sees while the shop's health check fails: no data is asked for. */
export function maintenance(shopName = 'The shop') {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(shopName)} is unavailable</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:15vh auto;padding:0 16px;line-height:1.5;color:#1d1d1f}</style></head><body><main><h1>We will be back soon</h1><p>The shop is not available right now. Please try again in a few minutes.</p></main></body></html>`;
  return new Response(body, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'retry-after': '120',
      'cache-control': 'no-store',
    },
  });
}
