import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { ThemeEnv } from './env';
import { mediaOrigin } from './lib/images';
import { CSS } from './styles';

let styleHash: Promise<string> | null = null;
/** The CSP source of the page's one `<style>` element (the theme's stylesheet): its SHA-256. */
function stylesheetSource() {
  styleHash ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(CSS))
    .then((d) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(d)))}'`);
  return styleHash;
}

/** Form posts read at most this much (the API itself refuses bodies over 256 KiB). */
export const FORM_MAX_BYTES = 256 * 1024;

const limitForm = bodyLimit({
  maxSize: FORM_MAX_BYTES,
  onError: (c) => c.text('The form is too large.', 413),
});

/**
 * The one check every form post (and the islands' PUT) passes: from this site only (an
 * `Origin` other than this one, `null` included, or a cross-site `Sec-Fetch-Site` is refused),
 * and no larger than FORM_MAX_BYTES.
 */
export const formPosts = createMiddleware<ThemeEnv>(async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  if (
    (origin !== undefined && origin !== new URL(c.req.url).origin) ||
    (site && site !== 'same-origin' && site !== 'none')
  ) {
    return c.text('Cross-site form posts are refused.', 403);
  }
  return limitForm(c, next);
});

/**
 * Every page's headers: scripts only from this origin (no inline script), images from here and
 * the shop's media host, forms posting here (and redirected on to a payment page); and form
 * posts only from this site (formPosts).
 */
export const securityHeaders = createMiddleware<ThemeEnv>(async (c, next) => {
  await next();
  const media = mediaOrigin(c.get('settings')?.media.url);
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
