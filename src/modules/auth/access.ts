import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Services, ShopContext } from '../../app-env';
import { isAccessLinkSpent } from '../../db/errors';
import { orders } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import { sha256Hex } from '../../lib/crypto';
import { isUuid } from '../../lib/uuid';
import { selectAccessLink } from './queries';
import { startSession } from './sign-in';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  signInWithLink: [
    'ACCESS_LINK_EXPIRED',
    'ORDER_CANCELLED',
    'ORDER_HAS_REFUND',
    'ACCOUNT_BLACKLISTED',
    'ACCOUNT_INACTIVE',
  ],
} as const satisfies Record<string, readonly ErrorCode[]>;

const linkSpent = () =>
  new ApiError('ACCESS_LINK_EXPIRED', {
    message:
      'This sign-in link has expired or was already used. Sign in with a code sent to your email.',
  });

/**
 * POST /auth/access: signs in with the link of an order email. The link works once, within
 * ACCESS_LINK_MINUTES of the email; the use is claimed in the sign-in's own batch, so two
 * simultaneous uses give one session and one ACCESS_LINK_EXPIRED. The session
 * is the account of the email the link was sent to, created from the order's name and
 * phone when there is none; a guest order is linked to it. An order placed by a signed-in
 * customer with another address stays theirs, and its link never opens their account.
 */
export async function signInWithLink(
  services: Services,
  shop: ShopContext,
  input: { id: string; email: string; order: string; deviceHash: string },
): Promise<string> {
  if (!input.id || !isUuid(input.order)) throw new ApiError('INVALID_ACCESS_LINK');
  const { db } = services.database;
  const link = await selectAccessLink(db, shop.id, await sha256Hex(input.id));
  if (!link || link.email !== input.email || link.orderId !== input.order) {
    throw new ApiError('INVALID_ACCESS_LINK');
  }
  if (link.expired) throw linkSpent();
  if (link.orderStatus === 'cancelled') throw new ApiError('ORDER_CANCELLED');
  if (link.orderStatus === 'refunded' || link.refundState !== 'none') {
    throw new ApiError('ORDER_HAS_REFUND');
  }
  const signIn = startSession(services, {
    shopId: shop.id,
    email: link.email,
    customer: link.customerId && link.status ? { id: link.customerId, status: link.status } : null,
    profile: { name: link.orderName, phone: link.orderPhone },
    method: 'access-link',
    deviceHash: input.deviceHash,
    extra: (customerId) => [
      db.execute(sql`select public.access_link_claim(${link.linkId}::uuid)`),
      db
        .update(orders)
        .set({ customerId, updatedAt: new Date() })
        .where(
          and(eq(orders.id, link.orderId), eq(orders.shopId, shop.id), isNull(orders.customerId)),
        ),
    ],
  });
  return signIn.catch((error: unknown) => {
    if (isAccessLinkSpent(error)) throw linkSpent();
    throw error;
  });
}
