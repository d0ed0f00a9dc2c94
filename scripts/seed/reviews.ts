import type { ShopPlan } from './plan';

export type ReviewSeed = {
  order: number;
  product: string;
  rating: number;
  comment: string;
  status: 'pending' | 'approved';
  hidden?: boolean;
  daysAgo: number;
};

/** Reviews, each written by the buyer of an order that contains the product. */
export function addReviews(plan: ShopPlan, list: ReviewSeed[]): void {
  for (const r of list) {
    const order = plan.orders.get(r.order);
    const variationKey = order?.lines.get(r.product);
    if (!order || variationKey === undefined) {
      throw new Error(
        `review of ${r.product} refers to order ${r.order}, which does not contain it`,
      );
    }
    plan.rows.reviews.push({
      shopId: plan.shopId,
      productId: plan.product(r.product).id,
      orderId: order.id,
      customerId: order.party.id,
      buyerName: order.party.name,
      variationLabel: variationKey,
      rating: r.rating,
      comment: r.comment,
      status: r.status,
      hidden: r.hidden ?? false,
      createdAt: plan.at(-r.daysAgo),
      updatedAt: plan.at(-r.daysAgo),
    });
  }
}
