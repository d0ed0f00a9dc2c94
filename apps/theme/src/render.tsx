import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { ThemeEnv } from './env';
import { type Island, islandUrl } from './islands';
import { Layout, type LayoutProps } from './layout';

export type PageOptions = {
  /** The storefront URL pattern POST /config knows, e.g. `/product/:id`. */
  url: string;
  /** The identifier of a dynamic pattern (slug, category slug, policy type, search term). */
  param?: string;
  fallbackTitle: string;
  events?: LayoutProps['events'];
  /** Islands beside the theme script every page loads. */
  islands?: Island[];
  noindex?: boolean;
  status?: 200 | 404 | 422 | 400 | 503;
};

/** A whole page: its metadata from POST /config, the layout from settings, and `body`. */
export async function renderPage(c: Context<ThemeEnv>, options: PageOptions, body: Child) {
  const api = c.get('api');
  const { data } = await api
    .POST('/config', {
      body: { url: options.url, ...(options.param !== undefined ? { param: options.param } : {}) },
    })
    .catch(() => ({ data: undefined }));
  const scripts = await Promise.all([
    islandUrl('theme'),
    ...(options.islands ?? []).map((name) => islandUrl(name)),
  ]);
  const html = (
    <Layout
      settings={c.get('settings')}
      shop={c.get('shop')}
      meta={data?.data ?? null}
      fallbackTitle={options.fallbackTitle}
      path={new URL(c.req.url).pathname}
      events={options.events}
      scripts={scripts}
      noindex={options.noindex}
      currency={currency(c)}
    >
      {body}
    </Layout>
  );
  return c.html(html, options.status ?? 200);
}

export const currency = (c: Context<ThemeEnv>) => c.env.CURRENCY || 'EUR';
export const ctxOf = (c: Context<ThemeEnv>) => ({
  media: c.get('settings').media.url,
  currency: currency(c),
});
