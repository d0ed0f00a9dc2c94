/**
 * GET /sitemap.xml: the sitemap the API lists, its URLs moved onto the host this theme answers
 * on. A sitemap file holds at most 50,000 URLs (sitemaps.org), so a longer list is served as a
 * sitemap index naming /sitemap-1.xml, /sitemap-2.xml…, each the next 50,000 of the same list.
 */
import type { ThemeContext } from '../env';
import { escapeHtml } from '../lib/html';

type Entry = { loc: string; lastModified: string; changeFrequency: string; priority: number };

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** What one sitemap address serves: URLs, an index of `files` files, or nothing. */
export type SitemapPart<E> = { urls: E[] } | { files: number } | null;

/**
 * The part of the list `file` names: undefined for /sitemap.xml (the whole list, or the index
 * when it is too long for one file), n for /sitemap-n.xml (which exists only behind an index).
 */
export function sitemapPart<E>(entries: E[], file: number | undefined): SitemapPart<E> {
  const files = Math.ceil(entries.length / SITEMAP_MAX_URLS);
  if (file === undefined) return files > 1 ? { files } : { urls: entries };
  if (files < 2 || file < 1 || file > files) return null;
  return { urls: entries.slice((file - 1) * SITEMAP_MAX_URLS, file * SITEMAP_MAX_URLS) };
}

/** The API's list on this theme's host, and the part of it that `file` names (sitemapPart). */
export async function loadSitemap(
  c: ThemeContext,
  file: number | undefined,
): Promise<{ part: SitemapPart<Entry>; origin: string }> {
  const { data } = await c.get('api').GET('/config/site-map');
  const origin = new URL(c.req.url).origin;
  const entries = (data?.data ?? []).map((e) => {
    let loc = e.url;
    try {
      const u = new URL(e.url);
      loc = origin + u.pathname + u.search;
    } catch {
      loc = origin + (e.url.startsWith('/') ? e.url : `/${e.url}`);
    }
    return { ...e, loc };
  });
  return { part: sitemapPart(entries, file), origin };
}

const XML_HEADERS = {
  'content-type': 'application/xml; charset=utf-8',
  'cache-control': 'public, max-age=300',
};

export function renderSitemap(
  c: ThemeContext,
  { part, origin }: Awaited<ReturnType<typeof loadSitemap>>,
) {
  if (part === null) return c.text('Not found', 404);
  if ('files' in part) {
    const files = Array.from(
      { length: part.files },
      (_, i) => `<sitemap><loc>${escapeHtml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files.join('')}</sitemapindex>\n`;
    return c.body(xml, 200, XML_HEADERS);
  }
  const rows = part.urls.map(
    (e) =>
      `<url><loc>${escapeHtml(e.loc)}</loc><lastmod>${escapeHtml(e.lastModified)}</lastmod><changefreq>${escapeHtml(e.changeFrequency)}</changefreq><priority>${e.priority}</priority></url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${rows.join('')}</urlset>\n`;
  return c.body(xml, 200, XML_HEADERS);
}

export const load = (c: ThemeContext) => loadSitemap(c, undefined);
export const render = renderSitemap;
