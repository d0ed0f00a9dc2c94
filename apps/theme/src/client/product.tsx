/**
 * The product page's island: the variant picker asks GET /products/variant-details (through the
 * theme) for the chosen key, shows its price and stock, refuses what is sold out, and adds to
 * the bag without leaving the page. Every change is announced to screen readers.
 */
import { render, useEffect, useState } from 'hono/jsx/dom';
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

function Status({ initial }: { initial: string }) {
  const [variant, setVariant] = useState<Variant | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!form) return;
    const productId = form.dataset.productId ?? '';
    const onChange = async () => {
      const { key, label } = chosenKey(form);
      if (!key) return;
      const res = await fetch(
        `/_api/variant-details?${new URLSearchParams({ productId, variationKey: key })}`,
      );
      if (!res.ok) {
        setVariant(null);
        setMessage('This combination is not available.');
        if (button) button.disabled = true;
        announce(`${label}: not available`);
        return;
      }
      const v = (await res.json()) as Variant;
      setVariant(v);
      setMessage('');
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
        setMessage('Added to your bag.');
        announce('Added to your bag');
      } else {
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        const text =
          body.error === 'OUT_OF_STOCK'
            ? 'This choice is out of stock and was not added.'
            : 'Could not add to your bag.';
        setMessage(text);
        announce(text);
      }
      document.dispatchEvent(new Event('sf:flush'));
    });
  }, []);
  if (!variant) {
    return (
      <>
        <div dangerouslySetInnerHTML={{ __html: initial }} />
        {message ? <p>{message}</p> : null}
      </>
    );
  }
  const inStock = variant.status === 'in-stock';
  return (
    <>
      <p class="price">
        <span class={variant.onSale ? 'sale' : undefined}>
          {formatPrice(variant.actualPrice, currency)}
        </span>
        {variant.onSale && variant.price > variant.actualPrice ? (
          <s>
            <span class="sr">was </span>
            {formatPrice(variant.price, currency)}
          </s>
        ) : null}
      </p>
      <p class="stock">
        {inStock ? (
          variant.sellable !== null && variant.sellable <= 5 ? (
            `In stock: only ${variant.sellable} left`
          ) : (
            'In stock'
          )
        ) : (
          <span class="out">Out of stock</span>
        )}
      </p>
      {message ? <p>{message}</p> : null}
    </>
  );
}

if (form && mount) {
  const initial = mount.innerHTML;
  render(<Status initial={initial} />, mount);
}
