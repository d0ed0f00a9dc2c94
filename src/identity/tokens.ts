import { base64url, errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../env';
import { ApiError } from '../errors';
import { timingSafeEqual } from '../lib/crypto';
import { isUuid } from '../lib/uuid';

/** `iss` of every customer token; tokens of any other issuer are refused. */
export const TOKEN_ISSUER = 'storefront-api';

type TokenKeys = Config['AUTH_TOKEN_KEYS'];

/** What a customer token asserts, once its signature and claims are verified. */
export type TokenClaims = {
  shopId: string;
  customerId: string;
  sessionId: string;
  /** HMAC of the device identity the token was issued to. */
  deviceHash: string;
};

const encoder = new TextEncoder();

/** Signs a customer token with the first key; it expires with its session. */
export async function signCustomerToken(
  keys: TokenKeys,
  claims: TokenClaims,
  expiresAt: Date,
): Promise<string> {
  const [key] = keys;
  if (!key) throw new Error('AUTH_TOKEN_KEYS has no signing key');
  return new SignJWT({ sid: claims.sessionId, dev: claims.deviceHash })
    .setProtectedHeader({ alg: 'HS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(claims.shopId)
    .setSubject(claims.customerId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(encoder.encode(key.secret));
}

const invalid = () => new ApiError('AUTH_TOKEN_INVALID');

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * True when `segment` is the one base64url spelling of its bytes: unpadded, no whitespace,
 * no length that cannot occur, and no set bits after the last byte. Decoders are lenient
 * about all of these, so the same token could otherwise be presented in many spellings.
 */
export function isCanonicalBase64url(segment: string): boolean {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) return false;
  try {
    return base64url.encode(base64url.decode(segment)) === segment;
  } catch {
    return false;
  }
}

/** A compact JWS whose three parts are each canonical base64url. */
export const isCanonicalToken = (token: string) => {
  const parts = token.split('.');
  return parts.length === 3 && parts.every(isCanonicalBase64url);
};

/**
 * Verifies a token for `shopId`: canonical encoding only, HS256 only, a known `kid` (any configured key, so
 * keys can rotate), this issuer, this shop as audience, not expired, and the device
 * the request comes from. Throws the contract's session error codes.
 */
export async function verifyCustomerToken(
  keys: TokenKeys,
  token: string,
  shopId: string,
  requestDeviceHash: string,
): Promise<TokenClaims> {
  if (!isCanonicalToken(token)) throw invalid();
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(
      token,
      (header) => {
        const key = keys.find((k) => k.kid === header.kid);
        if (!key) throw invalid();
        return encoder.encode(key.secret);
      },
      { algorithms: ['HS256'], issuer: TOKEN_ISSUER, audience: shopId, requiredClaims: ['exp'] },
    ));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new ApiError('SESSION_EXPIRED');
    throw invalid();
  }
  const { sub, sid, dev } = payload;
  if (typeof sub !== 'string' || !isUuid(sub) || typeof sid !== 'string' || !isUuid(sid)) {
    throw invalid();
  }
  if (typeof dev !== 'string') throw invalid();
  if (!timingSafeEqual(dev, requestDeviceHash)) throw new ApiError('AUTH_TOKEN_DEVICE_MISMATCH');
  return { shopId, customerId: sub, sessionId: sid, deviceHash: dev };
}
