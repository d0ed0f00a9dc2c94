import type { ThemeContext } from './env';

/** GET /_api/variant-details: the variant picker's one read. */
export async function proxyVariant(c: ThemeContext) {
  const productId = c.req.query('productId') ?? '';
  const variationKey = c.req.query('variationKey') ?? '';
  const { data, error, response } = await c.get('api').GET('/products/variant-details', {
    params: { query: { productId, variationKey } },
  });
  if (!data)
    return c.json(error ?? { code: 'VARIANT_NOT_FOUND' }, response.status === 404 ? 404 : 400);
  return c.json(data.data, 200, { 'cache-control': 'public, max-age=15' });
}

const MAX_EVENT_BYTES = 4096;

/**
 * PUT /_api/analytics: one event, forwarded with PUT /analytics after the answer, so the page
 * never waits for it.
 */
export async function proxyAnalytics(c: ThemeContext) {
  const text = await c.req.text();
  if (text.length > MAX_EVENT_BYTES) return c.json({ code: 'EVENT_TOO_LARGE' }, 413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return c.json({ code: 'EVENT_INVALID' }, 400);
  }
  const send = c
    .get('api')
    .PUT('/analytics', { body: body as never })
    .then(({ error }) => {
      if (error) console.warn('analytics refused:', error.code);
    })
    .catch(() => undefined);
  c.executionCtx.waitUntil(send);
  return c.body(null, 202);
}
