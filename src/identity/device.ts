import { hmacHex } from '../lib/crypto';

/** Longest `x-device-id` taken into account; a theme's id is a uuid or similar. */
const MAX_DEVICE_ID = 200;

/**
 * The identity a token is bound to: the theme's `x-device-id` when it sends one,
 * otherwise the User-Agent with version numbers removed, so a browser update does
 * not sign the customer out while another browser or device still does not match.
 */
export function deviceIdentity(headers: Headers): string {
  const deviceId = headers.get('x-device-id')?.trim();
  if (deviceId) return `id:${deviceId.slice(0, MAX_DEVICE_ID)}`;
  const agent = (headers.get('user-agent') ?? '')
    .toLowerCase()
    .replace(/\d+([._]\d+)*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `ua:${agent}`;
}

/** HMAC of the request's device identity, as carried in the token's `dev` claim. */
export const deviceHash = (secret: string, headers: Headers): Promise<string> =>
  hmacHex(secret, 'device', deviceIdentity(headers));
