import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { deviceHeaders } from '../helpers/customer';
import { waitForEmail } from '../helpers/mail';
import { merchantOf } from '../helpers/merchant';
import { buyerEmail, createShippingRate, orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/**
 * One customer's way through the modules: a guest checkout, the confirmation email's sign-in
 * link, the order in their account, and after delivery a review that the merchant approves.
 */
describe('from guest checkout to a published review', () => {
  let shop: TestShop;
  let lamp: TestProduct;
  let rateId: string;
  const email = buyerEmail('journey');
  const device = deviceHeaders('journey-phone');

  beforeAll(async () => {
    shop = await createTestShop({
      domains: [{ hostname: 'journey.example.test', isPrimary: true }],
    });
    lamp = await createProduct(shop, { title: 'Brass Desk Lamp', priceMinor: 8900, stock: 3 });
    rateId = (await createShippingRate(shop, { priceMinor: 490 })).id;
  });

  it('works end to end', async () => {
    const placed = await postOrder(
      shop,
      orderBody([{ productId: lamp.id, quantity: 1 }], {
        email,
        name: 'Grace Hopper',
        shippingId: rateId,
      }),
    );
    expect(placed.status).toBe(200);
    const orderId: string = placed.body.data._id;
    expect(placed.body.data.cartTotal).toBe(93.9);

    // The confirmation email links to the shop's own domain with the link id, email and order.
    const confirmation = await waitForEmail(email, (m) =>
      m.text.includes(placed.body.data.orderNumber),
    );
    const link = /https:\/\/journey\.example\.test\/\S+/.exec(confirmation.text)?.[0] ?? '';
    const params = new URL(link).searchParams;
    expect(params.get('order')).toBe(orderId);

    const access = await client(shop.apiKey, undefined, device).post('/auth/access', {
      id: params.get('id'),
      email: params.get('email'),
      order: params.get('order'),
    });
    expect(access.status).toBe(200);
    const me = client(shop.apiKey, access.body.token, device);
    expect((await me.get('/auth')).body.data.user.email).toBe(email);
    const listed = (await me.get('/orders')).body;
    expect(listed.data.map((o: { _id: string }) => o._id)).toEqual([orderId]);

    // Not reviewable until delivered.
    const review = {
      orderId,
      productId: lamp.id,
      variationLabel: '',
      rating: 5,
      comment: 'Warm light.',
    };
    expect((await me.post('/reviews', review)).body.code).toBe('REVIEW_ORDER_STATUS_INVALID');
    // The merchant delivers it through the merchant API.
    const merchant = (await merchantOf(shop)).api;
    expect((await merchant.post(`/orders/${orderId}/deliver`, {})).status).toBe(200);
    expect((await me.get(`/orders/${orderId}`)).body.data.refundStatus).toBe('VALID');
    const posted = await me.post('/reviews', review);
    expect(posted.body.data).toMatchObject({ status: 'pending', rating: 5 });
    expect((await me.get(`/reviews/my?orderId=${orderId}`)).body.data).toHaveLength(1);
    expect((await client(shop.apiKey).get(`/reviews/${lamp.id}`)).body.data).toEqual([]);

    // The merchant approves it: now it is public, under a masked name, and counted.
    const approved = await merchant.post(`/reviews/${posted.body.data._id}/approve`, {});
    expect(approved.status).toBe(200);
    const reviews = (await client(shop.apiKey).get(`/reviews/${lamp.id}`)).body.data;
    expect(reviews).toHaveLength(1);
    expect(reviews[0].buyerName).toBe('Gr**********');
    const product = (await client(shop.apiKey).get(`/products/${lamp.slug}`)).body.data;
    expect(product).toMatchObject({ reviewCount: 1, averageRating: 5, sellable: 2 });
  });
});
