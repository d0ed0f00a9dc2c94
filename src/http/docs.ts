import { Hono } from 'hono';
import { SCALAR_SCRIPT_PATH } from './docs-assets.generated';

/**
 * Everything the page may load comes from this origin. Styles must allow 'unsafe-inline'
 * because the renderer injects its stylesheet at run time; scripts never do.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'Content-Security-Policy': DOCS_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

export type DocsPageOptions = {
  /** The page title (also the browser tab's). */
  title: string;
  /** Where the OpenAPI document is served, e.g. `/access/api/v1/openapi.json`. */
  specUrl: string;
  /** The security scheme the page's request builder offers first, e.g. `ApiKey`. */
  securityScheme: string;
};

function pageHtml(options: DocsPageOptions, scriptUrl: string): string {
  const configuration = {
    url: options.specUrl,
    metaData: { title: options.title },
    // Nothing leaves the page: no web fonts, no telemetry, no hosted proxy or assistant.
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: 'never',
    documentDownloadType: 'json',
    defaultOpenAllTags: false,
    authentication: { preferredSecurityScheme: options.securityScheme },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeAttribute(options.title)}</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>This reference needs JavaScript. The OpenAPI document is at <a href="${escapeAttribute(options.specUrl)}">${escapeAttribute(options.specUrl)}</a>.</noscript>
<script id="api-reference" type="application/json" data-url="${escapeAttribute(options.specUrl)}" data-configuration="${escapeAttribute(JSON.stringify(configuration))}"></script>
<script src="${escapeAttribute(scriptUrl)}"></script>
</body>
</html>
`;
}

/**
 * An API reference page for one OpenAPI document, rendered in the browser by the Scalar
 * renderer, which this origin serves itself (no CDN, works offline). The page is generated
 * here; the renderer's browser bundle is a static asset at a versioned, immutable URL
 * (`/docs/assets/scalar-<version>.js`, served by the assets Worker of wrangler.assets.toml;
 * see scripts/build/assets.ts), shared by every page. Mount it where the page should live:
 * `app.route('/docs', docsPage({ title, specUrl }))` serves the page at `/docs`.
 */
export function docsPage(options: DocsPageOptions) {
  const router = new Hono();
  router.get('/', (c) =>
    c.html(pageHtml(options, SCALAR_SCRIPT_PATH), 200, {
      ...SECURITY_HEADERS,
      'Cache-Control': 'public, max-age=300',
    }),
  );
  return router;
}
