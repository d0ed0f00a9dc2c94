import type { Hono } from 'hono';
import type { ThemeContext, ThemeEnv } from './env';

/** `path` under the account's former address, moved to the same page under /account. */
const accountPathOf = (path: string) => path.replace(/^\/dashboard(?=\/|$)/, '/account');

const toAccount = (c: ThemeContext) => {
  const url = new URL(c.req.url);
  const method = c.req.method;
  return c.redirect(
    accountPathOf(url.pathname) + url.search,
    method === 'GET' || method === 'HEAD' ? 301 : 308,
  );
};

/**
 * The account's former address, /dashboard and everything under it (the contract's page
 * patterns still name it): bookmarks and old links land on the same page under /account, and a
 * form post keeps its method. Answered before the theme asks the API anything.
 */
export function redirectFormerAccount(app: Hono<ThemeEnv>) {
  app.all('/dashboard', toAccount);
  app.all('/dashboard/*', toAccount);
}
