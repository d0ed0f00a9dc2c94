import { describe, expect, it } from 'vitest';
import { createProduct } from '../helpers/catalog-factory';
import { merchantOf } from '../helpers/merchant';
import { buyerEmail, orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop } from '../helpers/shop-factory';
import { registerEndpoint } from '../helpers/webhooks';

type Body = { id: string; type: string; data: Record<string, unknown> };

/** A shop, a merchant client with every scope, and an endpoint listening to `events`. */
async function listening(events: string[]) {
  const shop = await createTestShop({ settings: { shipping: { active: false } } });
  const { api } = await merchantOf(shop);
  const { inbox } = await registerEndpoint(api, events);
  return { shop, api, inbox };
}

describe('webhook events from merchant writes', () => {
  it('order transitions emit order.status_changed, order.paid and order.refunded, each once', async () => {
    const { shop, api, inbox } = await listening([
      'order.status_changed',
      'order.paid',
      'order.refunded',
    ]);
    const product = await createProduct(shop, { priceMinor: 1250, trackStock: true, stock: 5 });
    const placed = await postOrder(
      shop,
      orderBody([{ productId: product.id, quantity: 1 }], { email: buyerEmail() }),
    );
    expect(placed.status).toBe(200);
    const id = placed.body.data._id as string;
    for (const verb of ['mark-paid', 'deliver', 'refund']) {
      const res = await api.post(`/orders/${id}/${verb}`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    const received = await inbox.waitFor(4);
    expect(received.every((r) => r.verified)).toBe(true);
    const bodies = received.map((r) => r.body as Body);
    const types = bodies.map((b) => b.type).sort();
    expect(types).toEqual([
      'order.paid',
      'order.refunded',
      'order.status_changed',
      'order.status_changed',
    ]);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(4);
    const moves = bodies
      .filter((b) => b.type === 'order.status_changed')
      .map((b) => b.data as { from: { status: string }; to: { status: string } })
      .map((d) => `${d.from.status}>${d.to.status}`)
      .sort();
    expect(moves).toEqual(['delivered>refunded', 'pending>delivered']);
    const refunded = await api.get(`/orders/${id}`);
    expect(bodies.find((b) => b.type === 'order.refunded')?.data).toMatchObject({
      id,
      refund: { id: refunded.body.refunds[0].id, amount: refunded.body.paid_amount },
    });
  });

  it('each partial refund raises order.refunded naming that refund', async () => {
    const { shop, api, inbox } = await listening(['order.refunded']);
    const product = await createProduct(shop, { priceMinor: 1250, trackStock: true, stock: 5 });
    const placed = await postOrder(
      shop,
      orderBody([{ productId: product.id, quantity: 2 }], { email: buyerEmail() }),
    );
    const id = placed.body.data._id as string;
    for (const verb of ['mark-paid', 'deliver']) {
      expect((await api.post(`/orders/${id}/${verb}`, {})).status).toBe(200);
    }
    const first = await api.post(`/orders/${id}/refunds`, { amount: 300, reason: 'Scuffed' });
    const second = await api.post(`/orders/${id}/refunds`, { amount: 200, reason: 'Late' });
    expect([first.status, second.status]).toEqual([200, 200]);

    const received = await inbox.waitFor(2);
    const refunds = received
      .map(
        (r) => (r.body as Body).data as { refund: { id: string; amount: number; reason: string } },
      )
      .map((d) => d.refund)
      .sort((a, b) => b.amount - a.amount);
    expect(refunds).toEqual([
      expect.objectContaining({ id: second.body.refunds[0].id, amount: 300, reason: 'Scuffed' }),
      expect.objectContaining({ id: second.body.refunds[1].id, amount: 200, reason: 'Late' }),
    ]);
  });

  it('a product change emits product.updated with the product as the API shows it; no change, no event', async () => {
    const { api, inbox } = await listening(['product.updated']);
    const created = await api.post('/products', { title: 'Linen Apron', price: 2400 });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const same = await api.patch(`/products/${id}`, { title: 'Linen Apron' });
    expect(same.status).toBe(200);
    const renamed = await api.patch(`/products/${id}`, { title: 'Linen Work Apron' });
    expect(renamed.status).toBe(200);
    const [delivery] = await inbox.waitFor(1);
    expect(delivery?.verified).toBe(true);
    expect(delivery?.body).toMatchObject({
      type: 'product.updated',
      data: { id, title: 'Linen Work Apron', version: renamed.body.version },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await inbox.received()).toHaveLength(1);
  });
});
