/**
 * The reference storefront: every page server-rendered from the public storefront API (reached
 * through the `API` service binding), small client islands in ./client, no other data source.
 */
import { Hono } from 'hono';
import { apiClient, checkHealth, loadSettings, visitorAddressOf } from './api';
import type { ThemeEnv } from './env';
import { redirectFormerAccount } from './former-account';
import { serveIsland } from './islands';
import { maintenance } from './maintenance';
import { cachedPage, isCacheablePage, PAGE_TTL_SECONDS, storePage } from './page-cache';
import * as account from './pages/account';
import * as accountOrder from './pages/account-order';
import * as accountOrders from './pages/account-orders';
import * as authAccess from './pages/auth-access';
import * as bag from './pages/bag';
import * as checkout from './pages/checkout';
import * as checkoutSuccess from './pages/checkout-success';
import * as collection from './pages/collection';
import * as contactUs from './pages/contact-us';
import * as home from './pages/home';
import * as newsletter from './pages/newsletter';
import * as newsletterUnsubscribe from './pages/newsletter-unsubscribe';
import * as newsletterVerify from './pages/newsletter-verify';
import * as notFound from './pages/not-found';
import * as product from './pages/product';
import * as robots from './pages/robots';
import * as search from './pages/search';
import * as shop from './pages/shop';
import * as sitemap from './pages/sitemap';
import * as sitemapFile from './pages/sitemap-file';
import * as support from './pages/support';
import * as wishList from './pages/wish-list';
import { proxyAnalytics, proxyVariant } from './proxy';
import { page } from './render';
import { formPosts, securityHeaders } from './security';
import { deviceId, getToken } from './session';

const app = new Hono<ThemeEnv>();

// The islands' files, served by the Worker itself: no API call.
app.get('/assets/:file', serveIsland);

// Liveness of the theme itself (the dev stack and deploy checks wait on it).
app.get('/_theme/health', (c) => c.json({ status: 'ok' }));

redirectFormerAccount(app);

// The contract's first rule: the health check before anything else, then settings.
app.use('*', async (c, next) => {
  const visitor = visitorAddressOf(c.req.raw);
  const api = apiClient(c.env, { visitor });
  const health = await checkHealth(api);
  if (!health) return maintenance();
  c.set('api', api);
  c.set('shop', health);
  if (isCacheablePage(c)) {
    const hit = await cachedPage(c);
    if (hit) return hit;
  }
  let settings: Awaited<ReturnType<typeof loadSettings>>;
  try {
    settings = await loadSettings(api, c.env.STOREFRONT_API_KEY);
  } catch {
    return maintenance(health.name);
  }
  c.set('settings', settings);
  const token = getToken(c);
  c.set('customerApi', token ? apiClient(c.env, { visitor, token, deviceId: deviceId(c) }) : null);
  await next();
  if (isCacheablePage(c) && c.res.status === 200 && !c.res.headers.has('set-cookie')) {
    c.res.headers.set('cache-control', `public, max-age=0, s-maxage=${PAGE_TTL_SECONDS}`);
    c.executionCtx.waitUntil(storePage(c, c.res.clone()));
  } else if (!c.res.headers.has('cache-control')) {
    c.res.headers.set('cache-control', 'private, no-store');
  }
});
app.use('*', securityHeaders, formPosts);

// The islands' calls: only these two, each forwarded with the theme's key.
app.get('/_api/variant-details', proxyVariant);
app.put('/_api/analytics', proxyAnalytics);

// One page per file in ./pages, named after its URL; a page's form posts live beside it.
app.get('/', page(home));
app.get('/shop', page(shop));
app.get('/collections/:slug', page(collection));
app.get('/product/:slug', page(product));
app.get('/search', page(search));
app.get('/bag', page(bag));
app.post('/bag/add', bag.add);
app.post('/bag/update', bag.update);
app.post('/bag/coupon', bag.coupon);
app.get('/wish-list', page(wishList));
app.post('/wish-list/add', wishList.add);
app.post('/wish-list/remove', wishList.remove);
app.get('/checkout', page(checkout));
app.post('/checkout', checkout.place);
app.get('/checkout/success', page(checkoutSuccess));
app.get('/account', page(account));
app.post('/account/sign-in', account.signIn);
app.post('/account/verify', account.verify);
app.post('/account/profile', account.profile);
app.post('/account/sign-out', account.signOut);
app.get('/account/orders', page(accountOrders));
app.get('/account/orders/:id', page(accountOrder));
app.post('/account/orders/:id/review', accountOrder.review);
app.post('/account/orders/:id/download', accountOrder.download);
app.get('/auth/access', page(authAccess));
app.get('/support/:type', page(support));
app.get('/contact-us', page(contactUs));
app.post('/newsletter', page(newsletter));
app.get('/newsletter/verify', page(newsletterVerify));
app.get('/newsletter/unsubscribe', page(newsletterUnsubscribe));
app.post('/newsletter/unsubscribe', newsletterUnsubscribe.unsubscribe);
app.get('/sitemap.xml', page(sitemap));
app.get('/:file{sitemap-[1-9][0-9]*\\.xml}', page(sitemapFile));
app.get('/robots.txt', page(robots));
app.notFound(page(notFound));
app.onError((error, c) => {
  console.error(error);
  return c.html(
    '<!doctype html><title>Error</title><h1>Something went wrong</h1><p>Please try again.</p>',
    500,
  );
});

export default app;
