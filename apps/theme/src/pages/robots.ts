/** GET /robots.txt: the pages of one visitor (bag, checkout, account) kept out of search engines. */
import type { ThemeContext } from '../env';

export const load = (c: ThemeContext) => ({ origin: new URL(c.req.url).origin });

export function render(c: ThemeContext, { origin }: { origin: string }) {
  const text = `User-agent: *\nDisallow: /checkout\nDisallow: /account\nDisallow: /dashboard\nDisallow: /wish-list\nDisallow: /auth/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
  return c.text(text, 200, { 'cache-control': 'public, max-age=3600' });
}
