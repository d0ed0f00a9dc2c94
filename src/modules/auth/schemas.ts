import { z } from '@hono/zod-openapi';
import { ERROR_CODES } from '../../errors';

const text = (max: number) => z.string().trim().max(max);

/** What every refused phone number is told, wherever it was sent. */
export const PHONE_INVALID_MESSAGE = ERROR_CODES.PHONE_NUMBER_INVALID[1];

/**
 * The phone rule of the shop's customers (profiles and orders): a plausible international
 * number, i.e. after removing spaces, dashes, dots and parentheses, an optional `+` and 7 to
 * 15 digits (E.164 allows at most 15), at most 40 characters as typed. Parses to the
 * compact form stored; anything else (missing, not a string, too long, implausible) is one
 * issue on the field with PHONE_INVALID_MESSAGE.
 */
export const PhoneSchema = z
  .string({ error: PHONE_INVALID_MESSAGE })
  .max(40, { error: PHONE_INVALID_MESSAGE })
  .transform((raw, ctx) => {
    const compact = raw.trim().replace(/[\s\-.()]/g, '');
    if (/^\+?\d{7,15}$/.test(compact)) return compact;
    ctx.addIssue({ code: 'custom', message: PHONE_INVALID_MESSAGE });
    return z.NEVER;
  });

export const RequestCodeBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()).openapi({
      example: 'ada@example.com',
    }),
  })
  .openapi('RequestCodeBody');

export const RequestCodeResponseSchema = z
  .object({
    status: z.literal('verify'),
    message: z.string(),
    data: z.object({ id: z.string().openapi({ description: 'The verification id' }) }),
  })
  .openapi('RequestCodeResponse');

export const VerifyBodySchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254),
    id: z.string().max(100).openapi({ description: 'The verification id from POST /auth' }),
    code: z.string().trim().max(20).openapi({ example: '042917' }),
    event: z
      .enum(['login'])
      .default('login')
      .openapi({ description: 'What the code is for; `login` is the only use' }),
  })
  .openapi('VerifyBody');

export const AccessBodySchema = z
  .object({
    id: z.string().max(200).openapi({ description: 'The link id from the email' }),
    email: z.string().trim().toLowerCase().max(254),
    order: z.string().max(100).openapi({ description: 'The order id from the email' }),
  })
  .openapi('AccessBody');

export const TokenResponseSchema = z
  .object({
    status: z.literal('success'),
    token: z.string(),
    data: z.object({ token: z.string() }),
  })
  .openapi('TokenResponse');

export const SessionsEndedSchema = z
  .object({
    revoked: z.number().int().openapi({ description: 'How many other sessions were ended' }),
  })
  .openapi('SessionsEnded');

export const SignedOutSchema = z.object({ status: z.literal('success') }).openapi('SignedOut');

export const CustomerSchema = z
  .object({
    user: z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      date: z.string().openapi({ description: 'ISO 8601 creation time' }),
      lastLogin: z.string().openapi({ description: 'ISO 8601 time of the last sign-in' }),
    }),
    shipping: z
      .object({
        _id: z.string(),
        town: z.string(),
        city: z.string(),
        apartment: z.string(),
        room: z.string(),
        postalCode: z.string(),
      })
      .nullable(),
  })
  .openapi('Customer');

export const UpdateProfileBodySchema = z
  .object({
    name: text(200).min(1),
    phone: PhoneSchema,
    town: text(200).min(1),
    city: text(200).optional(),
    apartment: text(200).optional(),
    room: text(200).optional(),
    postalCode: text(20).optional(),
  })
  .openapi('UpdateProfileBody');

export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;
export type Customer = z.infer<typeof CustomerSchema>;
