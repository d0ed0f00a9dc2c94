import type { RateRule } from '../../adapters/kv';
import type { Services, ShopContext } from '../../app-env';
import { isNewsletterCapFull, isUniqueViolation } from '../../db/errors';
import { ApiError, type ErrorCode } from '../../errors';
import { storefrontOrigin } from '../../identity/storefront-origin';
import { hmacHex, timingSafeEqual } from '../../lib/crypto';
import { isUuid } from '../../lib/uuid';
import { queueEmail } from '../mail/outbox';
import { sendEmailsAfterResponse } from '../mail/send';
import { deliverWebhooksAfterResponse } from '../webhooks/delivery';
import { confirmationEmail, newsletterLinks } from './email';
import {
  claimNewsletterPlace,
  insertSubscription,
  markLinkSent,
  selectSubscribeState,
  unsubscribe as unsubscribeRow,
  verifySubscription,
} from './queries';
import type { SubscribeMessage } from './schemas';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  subscribe: ['EMAIL_ALREADY_SUBSCRIBED', 'NEWSLETTER_LIMIT_EXCEEDED'],
  verify: ['SUBSCRIPTION_NOT_FOUND', 'SUBSCRIPTION_NOT_VALID'],
  unsubscribe: ['SUBSCRIPTION_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** The contract's limit: 5 subscription requests per IP per shop per hour. */
export const SUBSCRIBE_RATE: RateRule = { name: 'newsletter', limit: 5, windowSeconds: 3600 };

/**
 * The link's `integrity`: a MAC of the subscription and address, so only the holder
 * of the emailed link can confirm, and nothing guessable is stored.
 */
export const newsletterIntegrity = (secret: string, subscriptionId: string, email: string) =>
  hmacHex(secret, 'newsletter', `${subscriptionId}:${email}`);

/**
 * Subscribes `email` (already normalised) with double opt-in. A filled honeypot gets
 * the answer a new address gets, and nothing is stored or sent.
 */
export async function subscribe(
  services: Services,
  shop: ShopContext,
  email: string,
  honeypot: string,
  fallbackHost: string,
): Promise<SubscribeMessage> {
  if (honeypot !== '') return 'Subscribed';
  return subscribeOnce(services, shop, email, fallbackHost, true);
}

async function subscribeOnce(
  services: Services,
  shop: ShopContext,
  email: string,
  fallbackHost: string,
  retryOnRace: boolean,
): Promise<SubscribeMessage> {
  const { database, config } = services;
  const { db } = database;
  const state = await selectSubscribeState(db, shop.id, email, shop.newsletterCap);
  const { existing } = state;
  if (existing?.status === 'verified') throw new ApiError('EMAIL_ALREADY_SUBSCRIBED');
  // A pending address already counts against the cap; a new or returning one would add to it.
  const cap = shop.newsletterCap;
  if (existing?.status !== 'pending' && cap !== null && (state.active ?? 0) >= cap) {
    throw new ApiError('NEWSLETTER_LIMIT_EXCEEDED');
  }

  const id = existing?.id ?? crypto.randomUUID();
  const origin = storefrontOrigin(state.storefront, config.SHOP_DOMAIN_SUFFIX, fallbackHost);
  const integrity = await newsletterIntegrity(config.APP_HMAC_SECRET, id, email);
  const mail = confirmationEmail(shop.name, newsletterLinks(origin, id, email, integrity));
  const write = existing
    ? markLinkSent(db, shop.id, id, existing.status)
    : insertSubscription(db, shop.id, id, email);
  // The check above answers most requests; the claim makes it exact under concurrency.
  const claimsPlace = existing?.status !== 'pending' && cap !== null;
  try {
    const [, , queued] = await db.batch([
      claimNewsletterPlace(db, shop.id, claimsPlace ? cap : null),
      write,
      queueEmail(db, { shopId: shop.id, kind: 'newsletter-confirmation', to: email, ...mail }),
    ]);
    sendEmailsAfterResponse(services, queued);
  } catch (error) {
    // A simultaneous subscription took the last place first; nothing was written.
    if (isNewsletterCapFull(error)) throw new ApiError('NEWSLETTER_LIMIT_EXCEEDED');
    // Two first subscriptions of one address raced and this one lost: nothing was written,
    // so answer as if it had arrived second (the winner's row is now pending).
    if (!existing && retryOnRace && isUniqueViolation(error)) {
      return subscribeOnce(services, shop, email, fallbackHost, false);
    }
    throw error;
  }
  if (!existing) return 'Subscribed';
  return existing.status === 'pending'
    ? 'Email not verified, new link sent'
    : 'Subscription renewed';
}

/** Confirms a subscription from its emailed link; verifying twice is not an error. */
export async function verify(
  services: Services,
  shopId: string,
  id: string,
  email: string,
  integrityId: string,
): Promise<'Verified'> {
  if (!isUuid(id)) throw new ApiError('SUBSCRIPTION_NOT_FOUND');
  const expected = await newsletterIntegrity(services.config.APP_HMAC_SECRET, id, email);
  const linkValid = timingSafeEqual(expected, integrityId);
  const row = await verifySubscription(services.database.db, shopId, id, email, linkValid);
  if (!row) throw new ApiError('SUBSCRIPTION_NOT_FOUND');
  // An unsubscribed address must subscribe again (a new opt-in), not replay an old link.
  if (!linkValid || !timingSafeEqual(row.email, email) || row.status === 'unsubscribed') {
    throw new ApiError('SUBSCRIPTION_NOT_VALID');
  }
  deliverWebhooksAfterResponse(services, row.webhookDeliveries);
  return 'Verified';
}

/**
 * Ends a subscription from its unsubscribe link. An address that does not match
 * answers SUBSCRIPTION_NOT_FOUND, so the link cannot probe who is subscribed.
 */
export async function unsubscribe(
  services: Services,
  shopId: string,
  id: string,
  email: string,
): Promise<'Unsubscribed'> {
  if (!isUuid(id)) throw new ApiError('SUBSCRIPTION_NOT_FOUND');
  const found = await unsubscribeRow(services.database.db, shopId, id, email);
  if (!found) throw new ApiError('SUBSCRIPTION_NOT_FOUND');
  return 'Unsubscribed';
}
