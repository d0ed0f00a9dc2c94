import type { Db } from '../../db/client';
import { accessLinks } from '../../db/schema';
import { randomToken, sha256Hex } from '../../lib/crypto';

/**
 * How long the sign-in link of an order email works: once, within an hour of the email
 * (Stytch's default for magic links). Later, or a second time, the shopper is told the link
 * has expired (410 ACCESS_LINK_EXPIRED) and signs in with a code instead.
 */
export const ACCESS_LINK_MINUTES = 60;

/**
 * A new magic sign-in link for an order email: `linkId` (256 random bits, base64url) goes
 * into the email, `row` (only its SHA-256) is inserted in the order's own transaction.
 */
export async function newAccessLink(
  input: { shopId: string; orderId: string; email: string },
  now = new Date(),
): Promise<{ linkId: string; row: typeof accessLinks.$inferInsert }> {
  const linkId = randomToken(32);
  return {
    linkId,
    row: {
      shopId: input.shopId,
      orderId: input.orderId,
      email: input.email.trim().toLowerCase(),
      tokenHash: await sha256Hex(linkId),
      expiresAt: new Date(now.getTime() + ACCESS_LINK_MINUTES * 60_000),
    },
  };
}

/**
 * The insert that stores a link made by `newAccessLink`, unexecuted, for the write batch of
 * the order it belongs to.
 */
export const accessLinkInsert = (db: Db, link: { row: typeof accessLinks.$inferInsert }) =>
  db.insert(accessLinks).values(link.row);
