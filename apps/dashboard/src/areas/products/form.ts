/**
 * The product editor's form: what the merchant types (amounts in major units, as text) and its
 * conversion to and from the API's product (minor units). Pure functions, tested in node.
 */
import type { components } from '../../api/schema';
import { parseMajor, toMajorInput } from '../../lib/money';

type Product = components['schemas']['Product'];
type ProductCreate = components['schemas']['ProductCreate'];

export type VariantDraft = {
  id?: string | undefined;
  option_values: string[];
  sku: string;
  price: string;
  sale_price: string;
  stock: string;
};

export type OptionDraft = { name: string; values: string };

export type ProductDraft = {
  title: string;
  slug: string;
  description: string;
  status: Product['status'];
  /** The tags as typed: comma-separated. */
  tags: string;
  sku: string;
  price: string;
  sale_price: string;
  sale_starts_at: string;
  sale_ends_at: string;
  track_stock: boolean;
  stock: string;
  category_ids: string[];
  media: { media_id: string }[];
  options: OptionDraft[];
  variants: VariantDraft[];
};

export const emptyDraft = (): ProductDraft => ({
  title: '',
  slug: '',
  description: '',
  status: 'draft',
  tags: '',
  sku: '',
  price: '',
  sale_price: '',
  sale_starts_at: '',
  sale_ends_at: '',
  track_stock: true,
  stock: '0',
  category_ids: [],
  media: [],
  options: [],
  variants: [],
});

/** `2026-06-01T00:00:00.000Z` as a datetime-local input's value in the browser's zone. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

export function draftOf(p: Product, currency: string): ProductDraft {
  return {
    title: p.title,
    slug: p.slug,
    description: p.description,
    status: p.status,
    tags: p.tags.join(', '),
    sku: p.sku,
    price: toMajorInput(p.price, currency),
    sale_price: toMajorInput(p.sale_price, currency),
    sale_starts_at: toLocalInput(p.sale_starts_at),
    sale_ends_at: toLocalInput(p.sale_ends_at),
    track_stock: p.track_stock,
    stock: String(p.stock),
    category_ids: [...p.category_ids],
    media: [...p.media]
      .sort((a, b) => a.position - b.position)
      .map((m) => ({ media_id: m.media_id })),
    options: [...p.options]
      .sort((a, b) => a.position - b.position)
      .map((o) => ({ name: o.name, values: o.values.map((v) => v.value).join(', ') })),
    variants: [...p.variants]
      .sort((a, b) => a.position - b.position)
      .map((v) => ({
        id: v.id,
        option_values: [...v.option_values],
        sku: v.sku,
        price: toMajorInput(v.price, currency),
        sale_price: toMajorInput(v.sale_price, currency),
        stock: String(v.stock),
      })),
  };
}

/** The tags typed in the editor's box (the API trims them and drops repeats). */
export const tagsOfText = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

export const optionValues = (o: OptionDraft) =>
  o.values
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * Every combination of the options' values, keeping what was typed for combinations that
 * already had a variant; new ones start from the product's price and no stock.
 */
export function generateVariants(draft: ProductDraft): VariantDraft[] {
  const lists = draft.options.map(optionValues).filter((values) => values.length > 0);
  if (lists.length === 0) return [];
  let combos: string[][] = [[]];
  for (const values of lists) combos = combos.flatMap((c) => values.map((v) => [...c, v]));
  return combos.map((option_values) => {
    const existing = draft.variants.find(
      (v) => v.option_values.join('\u0000') === option_values.join('\u0000'),
    );
    return existing ?? { option_values, sku: '', price: draft.price, sale_price: '', stock: '0' };
  });
}

export type FormErrors = Record<string, string>;

/** A whole number of units typed as text, or 0 with the error recorded under `field`. */
export const stockOf = (text: string, field: string, errors: FormErrors) => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) {
    errors[field] = 'Enter a whole number of units';
    return 0;
  }
  return Number(trimmed);
};

const amountOf = (
  text: string,
  currency: string,
  field: string,
  errors: FormErrors,
  optional: boolean,
): number | null => {
  if (text.trim() === '' && optional) return null;
  const parsed = parseMajor(text, currency);
  if (!parsed.ok) {
    errors[field] = parsed.message;
    return null;
  }
  return parsed.minor;
};

/**
 * The request body for the draft, in minor units, or the errors that keep it from being sent
 * (keyed by the API's field names, e.g. `variants.1.price`).
 */
export function bodyOf(
  draft: ProductDraft,
  currency: string,
): { body: ProductCreate; errors: FormErrors } {
  const errors: FormErrors = {};
  if (draft.title.trim() === '') errors.title = 'Enter a title';
  const hasVariants = draft.options.length > 0;
  const body: ProductCreate = {
    title: draft.title.trim(),
    description: draft.description,
    status: draft.status,
    tags: tagsOfText(draft.tags),
    sku: draft.sku.trim(),
    price: amountOf(draft.price, currency, 'price', errors, true),
    sale_price: amountOf(draft.sale_price, currency, 'sale_price', errors, true),
    sale_starts_at: fromLocalInput(draft.sale_starts_at),
    sale_ends_at: fromLocalInput(draft.sale_ends_at),
    track_stock: draft.track_stock,
    stock: stockOf(draft.stock, 'stock', errors),
    category_ids: draft.category_ids,
    media: draft.media.map((m, position) => ({ media_id: m.media_id, position })),
  };
  if (draft.slug.trim() !== '') body.slug = draft.slug.trim();
  if (hasVariants) {
    draft.options.forEach((o, i) => {
      if (o.name.trim() === '') errors[`options.${i}.name`] = 'Name the option';
      if (optionValues(o).length === 0) errors[`options.${i}.values`] = 'Give at least one value';
    });
    body.options = draft.options.map((o) => ({ name: o.name.trim(), values: optionValues(o) }));
    body.variants = draft.variants.map((v, i) => {
      const price = amountOf(v.price, currency, `variants.${i}.price`, errors, false);
      return {
        ...(v.id ? { id: v.id } : {}),
        option_values: v.option_values,
        sku: v.sku.trim(),
        price: price ?? 0,
        sale_price: amountOf(v.sale_price, currency, `variants.${i}.sale_price`, errors, true),
        stock: stockOf(v.stock, `variants.${i}.stock`, errors),
        track_stock: draft.track_stock,
      };
    });
    if (draft.variants.length === 0) errors.variants = 'Generate the variants from the options';
  }
  return { body, errors };
}
