import type { Child } from 'hono/jsx';
import type { ThemeContext } from './env';
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

type Meta = NonNullable<Awaited<ReturnType<typeof fetchMeta>>>;
const metas = new WeakMap<Request, { key: string; meta: Promise<Meta | null> }>();

const fetchMeta = (c: ThemeContext, url: string, param?: string) =>
  c
    .get('api')
    .POST('/config', { body: { url, ...(param !== undefined ? { param } : {}) } })
    .then(({ data }) => data?.data ?? null)
    .catch(() => null);

/**
 * Asks POST /config for the page's metadata now, beside the page's own API calls, so the page
 * does not wait for one more round trip when it renders (renderPage uses the answer).
 */
export function prefetchMeta(c: ThemeContext, url: string, param?: string) {
  const key = `${url}\n${param ?? ''}`;
  const found = metas.get(c.req.raw);
  if (found?.key === key) return found.meta;
  const meta = fetchMeta(c, url, param);
  metas.set(c.req.raw, { key, meta });
  return meta;
}

/** A whole page: its metadata from POST /config, the layout from settings, and `body`. */
export async function renderPage(c: ThemeContext, options: PageOptions, body: Child) {
  const meta = await prefetchMeta(c, options.url, options.param);
  const scripts = await Promise.all([
    islandUrl('theme'),
    ...(options.islands ?? []).map((name) => islandUrl(name)),
  ]);
  const html = (
    <Layout
      settings={c.get('settings')}
      shop={c.get('shop')}
      meta={meta}
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

export const currency = (c: ThemeContext) => c.env.CURRENCY || 'EUR';
export const ctxOf = (c: ThemeContext) => ({
  media: c.get('settings').media.url,
  currency: currency(c),
});

/**
 * A page of the theme, one per URL: `load` asks the API for everything the page shows (or
 * answers on its own: a redirect, the not-found page), `render` turns what it loaded into the
 * response and asks the API for nothing more.
 */
export type Page<Data> = {
  load(c: ThemeContext): Data | Response | Promise<Data | Response>;
  render(c: ThemeContext, data: Data): Response | Promise<Response>;
};

/** The route handler of `page`: its load, then its render unless load answered already. */
export function page<Data>({ load, render }: Page<Data>) {
  return async (c: ThemeContext): Promise<Response> => {
    const data = await load(c);
    return data instanceof Response ? data : render(c, data);
  };
}
