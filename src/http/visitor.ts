import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { hmacHex, timingSafeEqual } from '../lib/crypto';

/** The header a storefront server (the theme) sends with the visitor's address, signed. */
export const VISITOR_HEADER = 'x-visitor-address';
/** How old a signature may be (either way, for clock skew) before it is ignored. */
export const VISITOR_SIGNATURE_MAX_AGE_SECONDS = 300;

const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The visitor address in `x-visitor-address` (`<address>;<unix seconds>;<hex HMAC>`, the HMAC
 * keyed by VISITOR_ADDRESS_SECRET over `visitor-address`, the address and the seconds) when the
 * signature is right and recent; null otherwise (no secret configured, forged, stale, malformed).
 */
export async function verifiedVisitor(
  secret: string | undefined,
  claimed: string,
  nowSeconds: number,
): Promise<string | null> {
  if (!secret) return null;
  const [address = '', seconds = '', mac = '', ...rest] = claimed.split(';');
  const at = Number(seconds);
  if (rest.length || !ADDRESS.test(address) || !/^\d{1,12}$/.test(seconds)) return null;
  if (Math.abs(nowSeconds - at) > VISITOR_SIGNATURE_MAX_AGE_SECONDS) return null;
  const expected = await hmacHex(secret, 'visitor-address', `${address}\n${seconds}`);
  return timingSafeEqual(mac, expected) ? address : null;
}

/**
 * The theme calls the API through a service binding, which carries no visitor address: it
 * sends the visitor's, signed with the secret the two Workers share. When the signature holds,
 * the request goes on as the visitor's (`cf-connecting-ip`), so every per-network limit
 * (clientNetwork) counts that visitor; the header is removed either way, so a direct caller
 * that sends one is counted by its own address.
 */
export const visitorAddress = createMiddleware<AppEnv>(async (c, next) => {
  const claimed = c.req.raw.headers.get(VISITOR_HEADER);
  if (claimed !== null) {
    const secret = c.get('services').config.VISITOR_ADDRESS_SECRET;
    const address = await verifiedVisitor(secret, claimed, Math.floor(Date.now() / 1000));
    const headers = new Headers(c.req.raw.headers);
    headers.delete(VISITOR_HEADER);
    if (address) {
      headers.set('cf-connecting-ip', address);
      headers.delete('x-forwarded-for');
    }
    c.req.raw = new Request(c.req.raw, { headers });
  }
  await next();
});
