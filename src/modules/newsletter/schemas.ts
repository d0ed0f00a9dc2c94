import { z } from '@hono/zod-openapi';

/** RFC 5321 caps a forward path at 256 octets, so an address is at most 254 characters. */
const MAX_EMAIL_LENGTH = 254;

/** An address as the client typed it; trimmed and lower-cased before anything compares it. */
const emailInput = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH)
  .openapi({ example: 'ada@example.com' });

export const SubscribeBodySchema = z
  .object({
    email: emailInput.pipe(z.email({ error: 'Enter a valid email address' })),
    _hp: z.string().max(1000).default('').openapi({
      description: 'Honeypot: legitimate clients send an empty string',
      example: '',
    }),
  })
  .openapi('NewsletterSubscribeRequest');

export const VerifyBodySchema = z
  .object({
    email: emailInput.min(1),
    integrityId: z.string().min(1).max(200).openapi({ description: "The link's `integrity`" }),
  })
  .openapi('NewsletterVerifyRequest');

export const UnsubscribeBodySchema = z
  .object({ email: emailInput.min(1) })
  .openapi('NewsletterUnsubscribeRequest');

export const SubscriptionIdParam = z.object({
  id: z
    .string()
    .openapi({ param: { name: 'id', in: 'path' }, description: "The link's `subscription`" }),
});

export const SUBSCRIBE_MESSAGES = [
  'Subscribed',
  'Email not verified, new link sent',
  'Subscription renewed',
] as const;
export type SubscribeMessage = (typeof SUBSCRIBE_MESSAGES)[number];

const message = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z.object({ status: z.literal('success'), message: z.enum(values) }).openapi(name);

export const SubscribeResultSchema = message(SUBSCRIBE_MESSAGES, 'NewsletterSubscribeResult');
export const VerifyResultSchema = message(['Verified'], 'NewsletterVerifyResult');
export const UnsubscribeResultSchema = message(['Unsubscribed'], 'NewsletterUnsubscribeResult');
