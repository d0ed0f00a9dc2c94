import { and, eq, isNull } from 'drizzle-orm';
import type { RateRule } from '../../adapters/kv';
import type { Services, ShopContext } from '../../app-env';
import { otpVerifications } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import { enforceLimits, networkKey } from '../../http/rate-limit';
import { assertAccountUsable } from '../../identity/sessions';
import { hmacHex } from '../../lib/crypto';
import { escapeHtml } from '../../lib/html';
import { isUuid } from '../../lib/uuid';
import { queueEmail } from '../mail/outbox';
import { sendEmailsAfterResponse } from '../mail/send';
import { readSettingsDocument } from '../settings/document';
import { checkCode, isVerificationClosed, selectSignInState } from './queries';
import { startSession } from './sign-in';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  requestCode: [
    'ACCOUNT_NOT_FOUND',
    'ACCOUNT_BLACKLISTED',
    'ACCOUNT_INACTIVE',
    'TOO_MANY_LOGIN_ATTEMPTS',
    'AUTH_NOT_INITIALIZED',
  ],
  verifyCode: [
    'INVALID_CODE',
    'VERIFICATION_NOT_VALID',
    'VERIFICATION_NOT_FOUND',
    'VERIFICATION_USER_MISMATCH',
    'TOO_MANY_VERIFY_ATTEMPTS',
    'ACCOUNT_BLACKLISTED',
    'ACCOUNT_INACTIVE',
  ],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** How long an emailed code can be used. */
export const CODE_TTL_MINUTES = 10;

/**
 * Code requests allowed per email (both apply) and per client IP, per shop. They stop inbox
 * flooding, not a person who asks again: six in any 15 minutes (a code that is slow to
 * arrive, a mistyped address corrected), twelve an hour.
 */
export const CODE_RATE_RULES = {
  emailBurst: { name: 'auth-code-email-15m', limit: 6, windowSeconds: 900 },
  emailHour: { name: 'auth-code-email-1h', limit: 12, windowSeconds: 3600 },
  ip: { name: 'auth-code-ip-1h', limit: 20, windowSeconds: 3600 },
} satisfies Record<string, RateRule>;

const CODE_SPACE = 1_000_000;
// The largest multiple of CODE_SPACE below 2^32: values at or above it are redrawn,
// so every code is equally likely (no modulo bias).
const UNBIASED_LIMIT = Math.floor(2 ** 32 / CODE_SPACE) * CODE_SPACE;

/** A uniformly random 6-digit code from the platform CSPRNG. */
export function generateCode(): string {
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? UNBIASED_LIMIT;
    if (value < UNBIASED_LIMIT) return String(value % CODE_SPACE).padStart(6, '0');
  }
}

const codeHmac = (secret: string, verificationId: string, code: string) =>
  hmacHex(secret, 'otp', `${verificationId}:${code}`);

/**
 * Counts the request against every limit; refuses with the longest wait when one is spent.
 * The limits guard customers' inboxes and accounts, so a limiter that cannot answer refuses
 * the request (503) before anything is recorded or sent.
 */
function enforceCodeLimits(services: Services, shopId: string, email: string, headers: Headers) {
  return enforceLimits(
    services,
    [
      { rule: CODE_RATE_RULES.ip, key: networkKey(shopId, headers) },
      { rule: CODE_RATE_RULES.emailBurst, key: `${shopId}:${email}` },
      { rule: CODE_RATE_RULES.emailHour, key: `${shopId}:${email}` },
    ],
    { code: 'TOO_MANY_LOGIN_ATTEMPTS' },
    'refuse',
  );
}

function codeEmail(shopName: string, code: string) {
  const subject = `${code} is your sign-in code for ${shopName}`;
  const text = `Your sign-in code for ${shopName} is ${code}.\n\nIt works once, for ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.`;
  const html = `<p>Your sign-in code for ${escapeHtml(shopName)} is</p><p style="font-size:28px;letter-spacing:4px"><strong>${code}</strong></p><p>It works once, for ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.</p>`;
  return { subject, text, html };
}

/**
 * POST /auth: emails a new code for `email` and returns the verification id. Known
 * customers always may; an unknown email gets an account only in shops whose checkout
 * requires one (the account is created when the code is verified).
 */
export async function requestCode(
  services: Services,
  shop: ShopContext,
  email: string,
  headers: Headers,
): Promise<{ id: string }> {
  await enforceCodeLimits(services, shop.id, email, headers);
  const { db } = services.database;
  const state = await selectSignInState(db, shop.id, email);
  if (!state.initialized) throw new ApiError('AUTH_NOT_INITIALIZED');
  if (!state.customerId && !readSettingsDocument(state.document).checkout.requiresAccount) {
    throw new ApiError('ACCOUNT_NOT_FOUND');
  }
  assertAccountUsable(state.status);

  const id = crypto.randomUUID();
  const code = generateCode();
  const now = new Date();
  const [, , queued] = await db.batch([
    // A new code replaces every open one of this email.
    db
      .update(otpVerifications)
      .set({ voidedAt: now })
      .where(
        and(
          eq(otpVerifications.shopId, shop.id),
          eq(otpVerifications.email, email),
          isNull(otpVerifications.consumedAt),
          isNull(otpVerifications.voidedAt),
        ),
      ),
    db.insert(otpVerifications).values({
      id,
      shopId: shop.id,
      email,
      customerId: state.customerId,
      codeHmac: await codeHmac(services.config.APP_HMAC_SECRET, id, code),
      event: 'login',
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    }),
    queueEmail(db, { shopId: shop.id, kind: 'otp', to: email, ...codeEmail(shop.name, code) }),
  ]);
  sendEmailsAfterResponse(services, queued);
  return { id };
}

/**
 * POST /auth/verify: checks the code (atomically counted and consumed) and signs the
 * customer in, creating the account when the shop's sign-in allowed an unknown email.
 */
export async function verifyCode(
  services: Services,
  shop: ShopContext,
  input: { id: string; email: string; code: string; deviceHash: string },
): Promise<string> {
  if (!isUuid(input.id)) throw new ApiError('VERIFICATION_NOT_FOUND');
  const { db } = services.database;
  const check = await checkCode(db, {
    shopId: shop.id,
    verificationId: input.id,
    email: input.email,
    codeHmac: await codeHmac(services.config.APP_HMAC_SECRET, input.id, input.code),
  });
  if (!check) throw new ApiError('VERIFICATION_NOT_FOUND');
  if (check.email !== input.email) throw new ApiError('VERIFICATION_USER_MISMATCH');
  if (check.closed) throw new ApiError('VERIFICATION_NOT_VALID');
  if (check.matched === null) {
    // Open before the statement, this email, yet not evaluated: either the attempts are used
    // up, or a parallel request consumed the code meanwhile (rare; one more read tells).
    const closedNow = await isVerificationClosed(db, shop.id, input.id);
    throw new ApiError(closedNow ? 'VERIFICATION_NOT_VALID' : 'TOO_MANY_VERIFY_ATTEMPTS');
  }
  if (!check.matched) throw new ApiError('INVALID_CODE');
  return startSession(services, {
    shopId: shop.id,
    email: input.email,
    customer:
      check.customerId && check.status ? { id: check.customerId, status: check.status } : null,
    method: 'otp',
    deviceHash: input.deviceHash,
  });
}
