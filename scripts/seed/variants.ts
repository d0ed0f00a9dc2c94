import type { ShippingDimensions } from '../../src/db/schema';
import { addArt, SWATCHES } from './images';
import { hashOf, newId, type ProductRef, type SaleWindow, type ShopPlan, slugify } from './plan';

type OptionSet = {
  options: [{ name: string; values: string[] }, { name: string; values: string[] }];
  /** Price added to the base price by a value, in minor units. */
  deltas?: Record<string, number>;
};

/** The option grids the demo products use: size first, then a colour-like choice with a picture. */
export const OPTION_SETS = {
  apparel: {
    options: [
      { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
      { name: 'Colour', values: ['Sand', 'Ink', 'Sage'] },
    ],
    deltas: { XL: 500 },
  },
  knit: {
    options: [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Crème', 'Oat', 'Charcoal'] },
    ],
  },
  shoes: {
    options: [
      { name: 'Size', values: ['38', '39', '40', '41', '42'] },
      { name: 'Colour', values: ['Tan', 'Black'] },
    ],
  },
  trousers: {
    options: [
      { name: 'Waist', values: ['30', '32', '34', '36'] },
      { name: 'Colour', values: ['Stone', 'Navy'] },
    ],
    deltas: { '36': 500 },
  },
  cushion: {
    options: [
      { name: 'Size', values: ['45 × 45 cm', '50 × 50 cm'] },
      { name: 'Colour', values: ['Sand', 'Ink', 'Sage', 'Rust'] },
    ],
    deltas: { '50 × 50 cm': 600 },
  },
  candle: {
    options: [
      { name: 'Size', values: ['Small', 'Large'] },
      { name: 'Scent', values: ['Fig', 'Cedar', 'Amber'] },
    ],
    deltas: { Large: 1400 },
  },
  ring: {
    options: [
      { name: 'Size', values: ['50', '52', '54', '56'] },
      { name: 'Metal', values: ['Silver', 'Gold'] },
    ],
    deltas: { Gold: 4000 },
  },
} satisfies Record<string, OptionSet>;

export type SaleKind = 'always' | 'active' | 'expired' | 'future';

export type VariantRules = {
  set: keyof typeof OPTION_SETS;
  /** Combinations (`M/Sand`) the merchant does not offer. */
  missing?: string[];
  /** Combinations offered once but switched off. */
  inactive?: string[];
  soldOut?: boolean;
  untracked?: boolean;
  /** A sale on every variant whose label contains `match`. */
  sale?: { match: string; priceMinor: number; window: SaleKind };
};

/** Sale dates for a kind of sale, relative to the seed's `now`. */
export function saleWindow(plan: ShopPlan, kind: SaleKind, priceMinor: number): SaleWindow {
  const windows: Record<SaleKind, [number | null, number | null]> = {
    always: [null, null],
    active: [-7, 21],
    expired: [-40, -10],
    future: [10, 30],
  };
  const [starts, ends] = windows[kind];
  return {
    priceMinor,
    startsAt: starts === null ? null : plan.at(starts),
    endsAt: ends === null ? null : plan.at(ends),
  };
}

export type VariantProduct = {
  id: string;
  slug: string;
  title: string;
  sku: string;
  basePriceMinor: number;
  primaryMediaId: string;
  shipping: ShippingDimensions;
  caption: string;
};

/**
 * Options, values and one variant per offered combination (key = value ids joined with
 * '-', in option order). Returns the variants, the default one and the pictures of the
 * second option's values, which also join the product's gallery.
 */
export function addVariants(plan: ShopPlan, product: VariantProduct, rules: VariantRules) {
  const set: OptionSet = OPTION_SETS[rules.set];
  const shopId = plan.shopId;
  const values = set.options.map((option, position) => {
    const optionId = newId();
    plan.rows.productOptions.push({
      id: optionId,
      shopId,
      productId: product.id,
      name: option.name,
      position,
    });
    return option.values.map((value, valuePosition) => {
      const id = newId();
      plan.rows.productOptionValues.push({ id, shopId, optionId, value, position: valuePosition });
      return { id, value };
    });
  });
  const [firsts = [], seconds = []] = values;
  const pictures = new Map(
    seconds.map((v) => [
      v.value,
      addArt(plan, `${product.slug}-${slugify(v.value)}`, {
        title: `${product.title} — ${v.value}`,
        caption: product.caption,
        colour: SWATCHES[v.value],
      }),
    ]),
  );

  const variants: ProductRef['variants'] = new Map();
  const rows: Array<(typeof plan.rows.productVariants)[number]> = [];
  for (const first of firsts) {
    for (const second of seconds) {
      const label = `${first.value}/${second.value}`;
      if (rules.missing?.includes(label)) continue;
      const h = hashOf(`${product.slug}:${label}`);
      const priceMinor =
        product.basePriceMinor +
        (set.deltas?.[first.value] ?? 0) +
        (set.deltas?.[second.value] ?? 0);
      const sale =
        rules.sale && label.includes(rules.sale.match)
          ? saleWindow(
              plan,
              rules.sale.window,
              rules.sale.priceMinor + priceMinor - product.basePriceMinor,
            )
          : null;
      const id = newId();
      const key = `${first.id}-${second.id}`;
      const sku = `${product.sku}-${slugify(first.value).toUpperCase()}-${slugify(second.value).slice(0, 3).toUpperCase()}`;
      rows.push({
        id,
        shopId,
        productId: product.id,
        key,
        position: rows.length,
        sku,
        trackStock: !rules.untracked,
        stock: rules.soldOut || rules.untracked ? 0 : h % 6 === 0 ? 0 : 2 + (h % 19),
        priceMinor,
        salePriceMinor: sale?.priceMinor ?? null,
        saleStartsAt: sale?.startsAt ?? null,
        saleEndsAt: sale?.endsAt ?? null,
        shipping: {
          ...product.shipping,
          weight: (Math.round(product.shipping.weight * 100) + (h % 5)) / 100,
        },
        active: !rules.inactive?.includes(label),
      });
      variants.set(label, { id, key, sku, priceMinor, sale });
      for (const [position, mediaId] of [
        pictures.get(second.value),
        product.primaryMediaId,
      ].entries()) {
        if (mediaId) plan.rows.variantMedia.push({ shopId, variantId: id, mediaId, position });
      }
    }
  }
  // The merchant always leaves at least one buyable variant unless the product sold out.
  const sellable = (r: (typeof rows)[number]) => r.active && (!r.trackStock || (r.stock ?? 0) > 0);
  const first = rows.find(sellable) ?? rows.find((r) => r.active);
  if (first && !rules.soldOut && !sellable(first)) first.stock = 8;
  plan.rows.productVariants.push(...rows);
  return { variants, defaultVariantId: first?.id ?? null, pictureIds: [...pictures.values()] };
}
