/** /wish-list: product ids held in a cookie, shown as the API describes them now; adding and removing. */
import { ProductGrid } from '../components/catalogue';
import type { ThemeContext } from '../env';
import { field, wantsJson } from '../lib/forms';
import { ctxOf, renderPage } from '../render';
import { back, getWish, queueEvent, setWish } from '../session';

type WishList = Awaited<ReturnType<typeof load>>;

/** POST /wish-list/add: a product's button, with or without JavaScript. */
export async function add(c: ThemeContext) {
  const form = await c.req.parseBody();
  const productId = field(form, 'productId');
  if (/^[A-Za-z0-9_-]{1,64}$/.test(productId)) {
    const list = getWish(c);
    if (!list.includes(productId)) {
      setWish(c, [productId, ...list]);
      queueEvent(c, 'add_to_wishlist', { productId });
    }
  }
  if (wantsJson(c.req.header('accept'))) return c.json({ ok: true });
  return back(c, '/wish-list');
}

/** POST /wish-list/remove. */
export async function remove(c: ThemeContext) {
  const form = await c.req.parseBody();
  const productId = field(form, 'productId');
  setWish(
    c,
    getWish(c).filter((id) => id !== productId),
  );
  return c.redirect('/wish-list', 303);
}

export async function load(c: ThemeContext) {
  const api = c.get('api');
  const found = await Promise.all(
    getWish(c).map((id) => api.GET('/products/{id}', { params: { path: { id } } })),
  );
  return found.flatMap((r) => (r.data ? [r.data.data] : []));
}

export function render(c: ThemeContext, products: WishList) {
  return renderPage(
    c,
    { url: '/wish-list', fallbackTitle: 'Wish list', noindex: true },
    <>
      <h1>Wish list</h1>
      {products.length === 0 ? (
        <p>
          Nothing saved yet. <a href="/shop">Browse the shop</a>
        </p>
      ) : (
        <>
          <ProductGrid items={products} ctx={ctxOf(c)} label="Saved products" />
          <h2>Remove</h2>
          <ul class="inline" style="list-style:none;padding:0">
            {products.map((p) => (
              <li>
                <form method="post" action="/wish-list/remove">
                  <input type="hidden" name="productId" value={p._id} />
                  <button type="submit" class="ghost">
                    Remove {p.title}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </>
      )}
    </>,
  );
}
