/**
 * GET /sitemap-n.xml: the n-th file of 50,000 URLs that /sitemap.xml names when the shop's
 * list is too long for one file (pages/sitemap.ts); 404 for a file it does not name.
 */
import type { ThemeContext } from '../env';
import { loadSitemap, renderSitemap } from './sitemap';

/** The route's `file` parameter is the whole name, `sitemap-n.xml`. */
const fileOf = (c: ThemeContext) =>
  Number(c.req.param('file')?.slice('sitemap-'.length, -'.xml'.length));

export const load = (c: ThemeContext) => loadSitemap(c, fileOf(c));
export const render = renderSitemap;
