import * as s from '../../src/db/schema';
import { testDb } from '../helpers/db';
import { createOrderFixture } from '../helpers/order-fixtures';
import type { TestShop } from '../helpers/shop-factory';

/** Inserts a review as the merchant's moderation would leave it (each on its own order). */
export async function insertReview(
  shop: TestShop,
  productId: string,
  values: Partial<typeof s.reviews.$inferInsert> = {},
) {
  const order = await createOrderFixture(shop, { status: 'delivered', lines: [{ productId }] });
  const [review] = await testDb()
    .insert(s.reviews)
    .values({
      shopId: shop.id,
      productId,
      orderId: order.id,
      buyerName: 'Margaret',
      rating: 5,
      comment: 'Lovely',
      status: 'approved',
      ...values,
    })
    .returning();
  if (!review) throw new Error('could not insert the review');
  return review;
}
