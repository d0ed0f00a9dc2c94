import { type SQL, sql } from 'drizzle-orm';
import { accessLinks } from '../../db/schema';
import { randomToken, sha256Hex } from '../../lib/crypto';

/**
 * How long the sign-in link of an order email works: once, within an hour of the email
 * (Stytch's default for magic links). Later, or a second time, the shopper is told the link
 * has expired (410 ACCESS_LINK_EXPIRED) and signs in with a code instead.
 */
export const ACCESS_LINK_MINUTES = 60;

/** What `newAccessLink` makes to store: the link's row but its generated columns. */
type AccessLinkRow = {
  shopId: string;
  orderId: string;
  email: string;
  tokenHash: string;
  expiresAt: Date;
};

/**
 * A new magic sign-in link for an order email: `linkId` (256 random bits, base64url) goes
 * into the email, `row` (only its SHA-256) is inserted in the order's own transaction.
 */
export async function newAccessLink(
  input: { shopId: string; orderId: string; email: string },
  now = new Date(),
): Promise<{ linkId: string; row: AccessLinkRow }> {
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
 * A CTE `access_link` storing a link made by `newAccessLink`, for the statement of the write
 * batch that inserts the order it belongs to (the order's row is there by the time the
 * statement's foreign keys are checked, at its end).
 */
export const accessLinkCte = (link: { row: AccessLinkRow }): SQL => {
  const { row } = link;
  const column = (c: { name: string }) => sql.identifier(c.name);
  const t = accessLinks;
  return sql`access_link as (
    insert into ${t} (${column(t.shopId)}, ${column(t.orderId)}, ${column(t.email)},
      ${column(t.tokenHash)}, ${column(t.expiresAt)})
    values (${row.shopId}::uuid, ${row.orderId}::uuid, ${row.email}, ${row.tokenHash},
      ${row.expiresAt.toISOString()}::timestamptz)
    returning 1
  )`;
};
