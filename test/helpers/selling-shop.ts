import { merchantOf } from './merchant';
import { createShippingRate, orderBody, postOrder } from './order-factory';
import { createTestShop } from './shop-factory';

/**
 * A shop with a merchant client and a shipping rate, and `order`, which sells units of a
 * product (or of its variant, by variation key) through the storefront: for stock tests.
 */
export async function sellingShop() {
  const shop = await createTestShop();
  const { api } = await merchantOf(shop);
  const rate = await createShippingRate(shop, { priceMinor: 100 });
  const order = (productId: string, quantity: number, variationKey?: string) =>
    postOrder(
      shop,
      orderBody([{ productId, quantity, ...(variationKey ? { variationKey } : {}) }], {
        shippingId: rate.id,
      }),
    );
  return { shop, api, order };
}
