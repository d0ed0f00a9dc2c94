import { newId, type PartyRef, type ShopPlan } from './plan';

type Address = { town: string; city: string; apartment: string; room: string; postalCode: string };

export type PartySeed = {
  /** Name the orders of the seed refer to this buyer by. */
  key: string;
  email: string;
  name: string;
  phone: string;
  address: Address;
};

export type CustomerSeed = PartySeed & {
  status?: 'active' | 'inactive' | 'blacklisted';
  sinceDays: number;
  lastLoginDays?: number;
  /** Whether the address is saved on the account (otherwise only typed into orders). */
  savedAddress?: boolean;
};

/** Customer accounts with their saved addresses. */
export function addCustomers(plan: ShopPlan, list: CustomerSeed[]): void {
  for (const c of list) {
    const id = newId();
    plan.parties.set(c.key, {
      id,
      email: c.email,
      name: c.name,
      phone: c.phone,
      address: c.address,
    });
    plan.rows.customers.push({
      id,
      shopId: plan.shopId,
      email: c.email,
      name: c.name,
      phone: c.phone,
      status: c.status ?? 'active',
      lastLoginAt: c.lastLoginDays === undefined ? null : plan.at(-c.lastLoginDays),
      createdAt: plan.at(-c.sinceDays),
      updatedAt: plan.at(-Math.min(c.sinceDays, 5)),
    });
    if (c.savedAddress ?? true) {
      plan.rows.customerAddresses.push({
        shopId: plan.shopId,
        customerId: id,
        ...c.address,
        createdAt: plan.at(-c.sinceDays),
      });
    }
  }
}

/** Buyers who checked out without an account. */
export function addGuests(plan: ShopPlan, list: PartySeed[]): void {
  for (const { key, ...guest } of list)
    plan.parties.set(key, { id: null, ...guest } satisfies PartyRef);
}

/** A moment: days from the seed's `now`, or a fixed date. */
type When = number | Date;
const when = (plan: ShopPlan, value: When | undefined) =>
  value === undefined ? null : typeof value === 'number' ? plan.at(value) : value;

export type CouponSeed = {
  code: string;
  kind: 'percentage' | 'fixed';
  /** Percent, or minor units for `fixed`. */
  value: number;
  minTotalMinor?: number;
  starts?: When;
  ends?: When;
  usageLimit?: number;
  perCustomerLimit?: number;
  /** Uses from before the seeded order history; seeded orders add their own. */
  priorUses?: number;
  categories?: string[];
  products?: string[];
  active?: boolean;
};

/** Coupons; category and product scopes are given by slug. */
export function addCoupons(plan: ShopPlan, list: CouponSeed[]): void {
  for (const c of list) {
    const id = newId();
    plan.coupons.set(c.code, { id, kind: c.kind, value: c.value });
    plan.rows.coupons.push({
      id,
      shopId: plan.shopId,
      code: c.code.toUpperCase(),
      kind: c.kind,
      value: c.value,
      minTotalMinor: c.minTotalMinor ?? 0,
      startsAt: when(plan, c.starts),
      endsAt: when(plan, c.ends),
      usageLimit: c.usageLimit ?? null,
      perCustomerLimit: c.perCustomerLimit ?? null,
      usedCount: c.priorUses ?? 0,
      categoryIds: (c.categories ?? []).map((slug) => plan.category(slug)),
      productIds: (c.products ?? []).map((slug) => plan.product(slug).id),
      active: c.active ?? true,
      createdAt: plan.at(-120),
    });
  }
}

export type SubscriptionSeed = {
  email: string;
  status: 'pending' | 'verified' | 'unsubscribed';
  daysAgo: number;
};

/** Newsletter subscribers in each state. */
export function addSubscriptions(plan: ShopPlan, list: SubscriptionSeed[]): void {
  for (const sub of list) {
    const at = plan.at(-sub.daysAgo);
    plan.rows.newsletterSubscriptions.push({
      shopId: plan.shopId,
      email: sub.email,
      status: sub.status,
      verifiedAt: sub.status === 'pending' ? null : plan.at(-sub.daysAgo + 0.01),
      unsubscribedAt: sub.status === 'unsubscribed' ? plan.at(-1) : null,
      lastLinkSentAt: at,
      createdAt: at,
      updatedAt: at,
    });
  }
}
