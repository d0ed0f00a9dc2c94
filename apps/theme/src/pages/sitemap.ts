/** GET /sitemap.xml: the sitemap the API lists, its URLs moved onto the host this theme answers on. */
import type { ThemeContext } from '../env';
import { escapeHtml } from '../lib/html';

type Entry = { loc: string; lastModified: string; changeFrequency: string; priority: number };

export async function load(c: ThemeContext): Promise<Entry[]> {
  const { data } = await c.get('api').GET('/config/site-map');
  const origin = new URL(c.req.url).origin;
  return (data?.data ?? []).map((e) => {
    let loc = e.url;
    try {
      const u = new URL(e.url);
      loc = origin + u.pathname + u.search;
    } catch {
      loc = origin + (e.url.startsWith('/') ? e.url : `/${e.url}`);
    }
    return { ...e, loc };
  });
}

export function render(c: ThemeContext, entries: Entry[]) {
  const rows = entries.map(
    (e) =>
      `<url><loc>${escapeHtml(e.loc)}</loc><lastmod>${escapeHtml(e.lastModified)}</lastmod><changefreq>${escapeHtml(e.changeFrequency)}</changefreq><priority>${e.priority}</priority></url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${rows.join('')}</urlset>\n`;
  return c.body(xml, 200, {
    'content-type': 'application/xml; charset=utf-8',
    'cache-control': 'public, max-age=300',
  });
}
