import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ThemeContext } from './env';
import type { CartLine } from './lib/cart';
import { COOKIE, readCompactCart, readWish, writeCart, writeWish } from './lib/cookies';

const YEAR = 60 * 60 * 24 * 365;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Cookies are `Secure` everywhere but a local stack (plain http on a loopback host). */
export const secure = (c: ThemeContext) => !LOCAL_HOSTS.has(new URL(c.req.url).hostname);
/** Cookies the client's scripts read too (cart count, wish list buttons, pending events). */
const shared = (c: ThemeContext, maxAge: number) => ({
  path: '/',
  sameSite: 'Lax' as const,
  secure: secure(c),
  maxAge,
});

export const getCart = (c: ThemeContext) => readCompactCart(getCookie(c, COOKIE.cart));
export const setCart = (c: ThemeContext, cart: CartLine[]) =>
  cart.length
    ? setCookie(c, COOKIE.cart, writeCart(cart), shared(c, 60 * 60 * 24 * 30))
    : deleteCookie(c, COOKIE.cart, { path: '/' });

/** Cookies only the server reads. */
const own = (c: ThemeContext, maxAge: number) => ({ ...shared(c, maxAge), httpOnly: true });

export const getCoupon = (c: ThemeContext) => getCookie(c, COOKIE.coupon)?.slice(0, 64) || null;
export const setCoupon = (c: ThemeContext, code: string | null) =>
  code
    ? setCookie(c, COOKIE.coupon, code, own(c, 60 * 60 * 24 * 30))
    : deleteCookie(c, COOKIE.coupon, { path: '/' });

/** The outcome of a placed order, which /checkout shows once (server only). */
export const setOrderOutcome = (c: ThemeContext, outcome: string) =>
  setCookie(c, COOKIE.order, outcome, { ...own(c, 60 * 60), path: '/checkout' });

export const getWish = (c: ThemeContext) => readWish(getCookie(c, COOKIE.wish));
export const setWish = (c: ThemeContext, ids: string[]) =>
  setCookie(c, COOKIE.wish, writeWish(ids), own(c, YEAR));

export const getToken = (c: ThemeContext) => getCookie(c, COOKIE.token) || null;
export const setToken = (c: ThemeContext, token: string | null) =>
  token
    ? setCookie(c, COOKIE.token, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        secure: secure(c),
        maxAge: 60 * 60 * 24 * 30,
      })
    : deleteCookie(c, COOKIE.token, { path: '/' });

/**
 * Signs out: the token's session ends on the server first, so a copied cookie is worth
 * nothing afterwards; the cookie is cleared whatever the API answers, even when it is down.
 */
export async function endSession(c: ThemeContext): Promise<void> {
  await c
    .get('customerApi')
    ?.DELETE('/auth/session')
    .catch(() => undefined);
  setToken(c, null);
}

/** A stable id of this browser, sent as `x-device-id`: a token works only on the device it was issued to. */
export function deviceId(c: ThemeContext): string {
  const existing = getCookie(c, COOKIE.device);
  if (existing && /^[a-f0-9-]{36}$/.test(existing)) return existing;
  const id = crypto.randomUUID();
  setCookie(c, COOKIE.device, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    maxAge: YEAR,
  });
  return id;
}

/**
 * An analytics event that happened in a form post (add to bag, wish list, order placed): the
 * next page's script sends it, so every event leaves from the one analytics module.
 */
export function queueEvent(c: ThemeContext, event: string, metadata: Record<string, unknown>) {
  let pending: unknown[] = [];
  try {
    const parsed = JSON.parse(getCookie(c, COOKIE.events) ?? '[]') as unknown;
    if (Array.isArray(parsed)) pending = parsed;
  } catch {
    // replaced below
  }
  pending = [...pending, { event, metadata }].slice(-8);
  setCookie(c, COOKIE.events, JSON.stringify(pending), shared(c, 600));
}

/**
 * A path of this site for a redirect: one `/`, then anything but a second `/` or `\` (which a
 * browser reads as another host), and no control characters; null otherwise.
 */
export function sitePath(path: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  return /^\/(?![/\\])[^\u0000-\u001f\u007f]*$/.test(path) ? path : null;
}

/** Redirects a form post (303) to the page it came from when that is a path of this site. */
export function back(c: ThemeContext, fallback: string) {
  const ref = c.req.header('referer');
  if (ref) {
    try {
      const url = new URL(ref);
      const path = sitePath(url.pathname + url.search);
      if (url.origin === new URL(c.req.url).origin && path) return c.redirect(path, 303);
    } catch {
      // fall through
    }
  }
  return c.redirect(fallback, 303);
}
