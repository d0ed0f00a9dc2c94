import { createMiddleware } from 'hono/factory';
import type { ThemeEnv } from './env';
import { CSS } from './styles';

let styleHash: Promise<string> | null = null;
/** The CSP source of the page's one `<style>` element (the theme's stylesheet): its SHA-256. */
function stylesheetSource() {
  styleHash ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(CSS))
    .then((d) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(d)))}'`);
  return styleHash;
}

/**
 * Every page's headers: scripts only from this origin (no inline script), images from here and
 * the shop's media host, forms posting here (and redirected on to a payment page); and form
 * posts only from this site.
 */
export const securityHeaders = createMiddleware<ThemeEnv>(async (c, next) => {
  if (c.req.method === 'POST') {
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const own = new URL(c.req.url).origin;
    if (
      (origin && origin !== own && origin !== 'null') ||
      (site && site !== 'same-origin' && site !== 'none')
    ) {
      return c.text('Cross-site form posts are refused.', 403);
    }
  }
  await next();
  let media = '';
  try {
    media = new URL(c.get('settings')?.media.url ?? '').origin;
  } catch {
    media = '';
  }
  // Checkout may redirect the form's post to the payment provider's page: any https page, and
  // over plain http (only a local stack, whose payment stand-in is http too) any http page.
  const payment = new URL(c.req.url).protocol === 'http:' ? 'http: https:' : 'https:';
  const h = c.res.headers;
  h.set(
    'content-security-policy',
    [
      "default-src 'self'",
      `img-src 'self' data: ${media}`.trim(),
      "script-src 'self'",
      // Style elements: the theme's own stylesheet only, by its hash. Style attributes stay
      // allowed for the theme's layout tweaks; merchant markup has none (the sanitizer drops them).
      `style-src 'self' ${await stylesheetSource()}`,
      "style-src-attr 'unsafe-inline'",
      "connect-src 'self'",
      `form-action 'self' ${payment}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join('; '),
  );
  h.set('x-content-type-options', 'nosniff');
  h.set('referrer-policy', 'strict-origin-when-cross-origin');
  h.set('x-frame-options', 'DENY');
});
