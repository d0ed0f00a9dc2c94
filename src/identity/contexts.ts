import type { MerchantScope } from './merchant-scopes';

/*
 * Who a request is made for and by, as the identity code resolves them. Declared here, below
 * src/app-env.ts (which names them in the request's variables), so identity imports nothing above it.
 */

/** The shop a storefront request is served for. */
export type ShopContext = {
  id: string;
  name: string;
  status: 'active' | 'development' | 'maintenance' | 'suspended';
  currency: string;
  currencyDigits: number;
  refundWindowDays: number;
  couponsEnabled: boolean;
  newsletterCap: number | null;
};

/** The signed-in customer of a request carrying a valid customer token. */
export type CustomerContext = {
  id: string;
  email: string;
  sessionId: string;
};

/** Who makes a merchant API request: a program with a key, or a staff member signed in. */
export type MerchantActor =
  | { type: 'key'; id: string; name: string; prefix: string }
  | { type: 'staff'; id: string; email: string; name: string };

/**
 * The credential a merchant API request was made with, a merchant key or a staff session:
 * what it may do (`scopes`), how often (`rateLimit`, counted under `rateKey`) and who it is.
 */
export type MerchantContext = {
  /** The key's id; null for a staff member. */
  keyId: string | null;
  scopes: MerchantScope[];
  /** Requests per minute the credential may make. */
  rateLimit: number;
  /** What its requests are counted under: the key, or the staff membership. */
  rateKey: string;
  actor: MerchantActor;
};

/** The signed-in staff member of a request made with a session cookie. */
export type StaffContext = {
  sessionId: string;
  personId: string;
  email: string;
  name: string;
  createdAt: Date;
  expiresAt: Date;
  /** The picked shop's membership (null before a member of several shops picks one). */
  memberId: string | null;
  shopId: string | null;
  /**
   * Set when the session carries one shop's membership alone (it was opened by accepting
   * that shop's invite): the only shop it lists, picks and reaches.
   */
  onlyShopId: string | null;
  role: { id: string; name: string; key: string | null } | null;
};
