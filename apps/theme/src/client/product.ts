/**
 * The product page's island: the variant picker asks GET /products/variant-details (through the
 * theme) for the chosen key, shows its price and stock, refuses what is sold out, and adds to
 * the bag without leaving the page. Every change is announced to screen readers.
 *
 * Plain DOM, no renderer: at load it only listens, so the page the server sent is left as it is
 * (no second layout before the visitor does anything), and the script is a few hundred bytes.
 */
import { formatPrice } from '../lib/money';
import { variantKey } from '../lib/variants';

type Variant = {
  actualPrice: number;
  price: number;
  onSale: boolean;
  status: string;
  sellable: number | null;
};

const form = document.querySelector<HTMLFormElement>('[data-product-form]');
const mount = form?.querySelector<HTMLElement>('[data-variant-status]');
const button = form?.querySelector<HTMLButtonElement>('[data-add]');
const announcer = document.querySelector<HTMLElement>('[data-announcer]');
const currency = document.documentElement.dataset.currency || 'EUR';

function announce(text: string) {
  if (!announcer) return;
  announcer.textContent = '';
  setTimeout(() => (announcer.textContent = text), 50);
}

function chosenKey(f: HTMLFormElement): { key: string | null; label: string } {
  const radios = [...f.querySelectorAll<HTMLInputElement>('input[type=radio][data-option]')];
  const options = new Map<
    string,
    { _id: string; position: number; values: Array<{ _id: string }> }
  >();
  const chosen: Record<string, string> = {};
  const labels: string[] = [];
  for (const r of radios) {
    const id = r.dataset.option ?? '';
    const o = options.get(id) ?? { _id: id, position: Number(r.dataset.position) || 0, values: [] };
    o.values.push({ _id: r.value });
    options.set(id, o);
    if (r.checked) {
      chosen[id] = r.value;
      labels.push(r.nextElementSibling?.textContent ?? '');
    }
  }
  return { key: variantKey([...options.values()], chosen), label: labels.join(', ') };
}

/** An element with an optional class and its children. */
function el(tag: string, className: string | undefined, ...children: Array<Node | string>) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** A variant's price and stock lines, the same markup the server renders (pages/product.tsx). */
function variantLines(v: Variant): Node[] {
  const price = el(
    'p',
    'price',
    el('span', v.onSale ? 'sale' : undefined, formatPrice(v.actualPrice, currency)),
  );
  if (v.onSale && v.price > v.actualPrice) {
    price.append(el('s', undefined, el('span', 'sr', 'was '), formatPrice(v.price, currency)));
  }
  const stock =
    v.status !== 'in-stock'
      ? el('span', 'out', 'Out of stock')
      : v.sellable !== null && v.sellable <= 5
        ? `In stock: only ${v.sellable} left`
        : 'In stock';
  return [price, el('p', 'stock', stock)];
}

if (form && mount) {
  // What the server rendered (the default variant's price and stock), shown again whenever no
  // variant is known.
  const initial = [...mount.childNodes];
  let variant: Variant | null = null;
  let message = '';
  const show = () =>
    mount.replaceChildren(
      ...(variant ? variantLines(variant) : initial),
      ...(message ? [el('p', undefined, message)] : []),
    );

  const productId = form.dataset.productId ?? '';
  const onChange = async () => {
    const { key, label } = chosenKey(form);
    if (!key) return;
    const res = await fetch(
      `/_api/variant-details?${new URLSearchParams({ productId, variationKey: key })}`,
    );
    if (!res.ok) {
      variant = null;
      message = 'This combination is not available.';
      show();
      if (button) button.disabled = true;
      announce(`${label}: not available`);
      return;
    }
    const v = (await res.json()) as Variant;
    variant = v;
    message = '';
    show();
    const inStock = v.status === 'in-stock';
    if (button) {
      button.disabled = !inStock;
      button.textContent = inStock ? 'Add to bag' : 'Sold out';
    }
    announce(
      `${label}: ${formatPrice(v.actualPrice, currency)}, ${inStock ? 'in stock' : 'out of stock'}`,
    );
  };
  form.addEventListener('change', (e) => {
    if ((e.target as HTMLElement).matches('input[type=radio]')) void onChange();
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const res = await fetch(form.action, {
      method: 'POST',
      body: new FormData(form),
      headers: { accept: 'application/json' },
    });
    if (res.ok) {
      message = 'Added to your bag.';
      announce('Added to your bag');
    } else {
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      message =
        body.error === 'OUT_OF_STOCK'
          ? 'This choice is out of stock and was not added.'
          : 'Could not add to your bag.';
      announce(message);
    }
    show();
    document.dispatchEvent(new Event('sf:flush'));
  });
}
