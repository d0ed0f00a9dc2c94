/**
 * The reference storefront: every page server-rendered from the public storefront API (reached
 * through the `API` service binding), small client islands in ./client, no other data source.
 */
import { Hono } from 'hono';
import { apiClient, checkHealth, loadSettings, visitorAddressOf } from './api';
import type { ThemeEnv } from './env';
import { serveIsland } from './islands';
import { cachedPage, isCacheablePage, PAGE_TTL_SECONDS, storePage } from './page-cache';
import {
  accessLink,
  dashboard,
  requestCode,
  saveProfile,
  signOut,
  verifyCode,
} from './pages/account';
import { addToBag, applyCoupon, bag, updateBag } from './pages/bag';
import { checkout, placeOrder, success } from './pages/checkout';
import { home } from './pages/home';
import {
  contact,
  maintenance,
  notFound,
  robots,
  sitemap,
  subscribe,
  support,
  unsubscribe,
  unsubscribePage,
  verify,
} from './pages/misc';
import { orderDetail } from './pages/order-detail';
import { download, orders, sendReview } from './pages/orders';
import { product } from './pages/product';
import { search } from './pages/search';
import { collection, shop } from './pages/shop';
import { wishAdd, wishList, wishRemove } from './pages/wish-list';
import { proxyAnalytics, proxyVariant } from './proxy';
import { formPosts, securityHeaders } from './security';
import { deviceId, getToken } from './session';

const app = new Hono<ThemeEnv>();

// The islands' files, served by the Worker itself: no API call.
app.get('/assets/:file', serveIsland);

// Liveness of the theme itself (the dev stack and deploy checks wait on it).
app.get('/_theme/health', (c) => c.json({ status: 'ok' }));

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

app.get('/', home);
app.get('/shop', shop);
app.get('/collections/:slug', collection);
app.get('/product/:slug', product);
app.get('/search', search);
app.get('/bag', bag);
app.post('/bag/add', addToBag);
app.post('/bag/update', updateBag);
app.post('/bag/coupon', applyCoupon);
app.get('/wish-list', wishList);
app.post('/wish-list/add', wishAdd);
app.post('/wish-list/remove', wishRemove);
app.get('/checkout', (c) => checkout(c));
app.post('/checkout', placeOrder);
app.get('/checkout/success', success);
app.get('/dashboard', dashboard);
app.post('/dashboard/sign-in', requestCode);
app.post('/dashboard/verify', verifyCode);
app.post('/dashboard/profile', saveProfile);
app.post('/dashboard/sign-out', signOut);
app.get('/dashboard/orders', orders);
app.get('/dashboard/orders/:id', orderDetail);
app.post('/dashboard/orders/:id/review', sendReview);
app.post('/dashboard/orders/:id/download', download);
app.get('/auth/access', accessLink);
app.get('/support/:type', support);
app.get('/contact-us', contact);
app.post('/newsletter', subscribe);
app.get('/newsletter/verify', verify);
app.get('/newsletter/unsubscribe', unsubscribePage);
app.post('/newsletter/unsubscribe', unsubscribe);
app.get('/sitemap.xml', sitemap);
app.get('/robots.txt', robots);
app.notFound(notFound);
app.onError((error, c) => {
  console.error(error);
  return c.html(
    '<!doctype html><title>Error</title><h1>Something went wrong</h1><p>Please try again.</p>',
    500,
  );
});

export default app;
