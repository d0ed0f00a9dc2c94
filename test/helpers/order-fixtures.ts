import * as s from '../../src/db/schema';
import { testDb } from './db';
import { announceChange } from './freshness';
import type { TestShop } from './shop-factory';

type OrderStatus = (typeof s.orderStatus.enumValues)[number];
type RefundState = (typeof s.refundState.enumValues)[number];

const unique = () => crypto.randomUUID().slice(0, 8);

/** A minimal product row (no variants, published unless told otherwise). */
export async function createProductFixture(
  shop: TestShop,
  overrides: Partial<typeof s.products.$inferInsert> = {},
) {
  const slug = overrides.slug ?? `product-${unique()}`;
  const [product] = await testDb()
    .insert(s.products)
    .values({
      shopId: shop.id,
      title: `Product ${slug}`,
      priceMinor: 1000,
      stock: 10,
      ...overrides,
      slug,
    })
    .returning();
  if (!product) throw new Error('could not create the product');
  await announceChange(shop.id);
  return product;
}

export type OrderFixtureInput = {
  customerId?: string | null;
  email?: string;
  name?: string;
  phone?: string;
  status?: OrderStatus;
  refundState?: RefundState;
  lines?: Array<{ productId: string; variationKey?: string; quantity?: number }>;
};

/** An order with its lines, inserted directly (one unit at 10.00 per line unless told). */
export async function createOrderFixture(shop: TestShop, input: OrderFixtureInput = {}) {
  const db = testDb();
  const lines = input.lines ?? [];
  const total = lines.reduce((sum, line) => sum + 1000 * (line.quantity ?? 1), 0);
  const [order] = await db
    .insert(s.orders)
    .values({
      shopId: shop.id,
      orderNumber: `T-${unique()}`,
      customerId: input.customerId ?? null,
      email: input.email ?? `buyer-${unique()}@example.test`,
      name: input.name ?? 'Grace Hopper',
      phone: input.phone ?? '+15551234567',
      status: input.status ?? 'pending',
      refundState: input.refundState ?? 'none',
      productsTotalMinor: total,
      cartTotalMinor: total,
    })
    .returning();
  if (!order) throw new Error('could not create the order');
  if (lines.length > 0) {
    await db.insert(s.orderLines).values(
      lines.map((line) => ({
        shopId: shop.id,
        orderId: order.id,
        productId: line.productId,
        title: 'Ordered product',
        variationKey: line.variationKey ?? '',
        quantity: line.quantity ?? 1,
        unitPriceMinor: 1000,
        totalMinor: 1000 * (line.quantity ?? 1),
      })),
    );
  }
  await announceChange(shop.id);
  return order;
}
