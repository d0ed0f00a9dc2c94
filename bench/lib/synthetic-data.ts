// Vocabulary and shape of the synthetic catalogue that bench/explain.ts builds.
import type { Column } from './bulk';

export type Row = Record<string, unknown>;

/** The tables a shop's rows go into, in foreign-key order, with the columns filled (`name:type`). */
export const TABLES = {
  shops: 'id:uuid handle:text name:text',
  api_keys: 'shop_id:uuid key_hash:text prefix:text',
  shop_settings: 'shop_id:uuid document:jsonb',
  media: 'id:uuid shop_id:uuid filename:text mime_type:text size_bytes:int title:text',
  categories:
    'id:uuid shop_id:uuid parent_id:uuid name:text slug:text description:text featured:bool position:int image_id:uuid status:publication_status created_at:timestamptz',
  products:
    'id:uuid shop_id:uuid title:text slug:text description:text sku:text status:publication_status featured:bool primary_category_id:uuid price_minor:int sale_price_minor:int sale_starts_at:timestamptz sale_ends_at:timestamptz track_stock:bool stock:int created_at:timestamptz',
  product_categories: 'shop_id:uuid product_id:uuid category_id:uuid position:int',
  product_media: 'shop_id:uuid product_id:uuid media_id:uuid position:int',
  product_options: 'id:uuid shop_id:uuid product_id:uuid name:text position:int',
  product_option_values: 'id:uuid shop_id:uuid option_id:uuid value:text position:int',
  product_variants:
    'id:uuid shop_id:uuid product_id:uuid key:text position:int sku:text track_stock:bool stock:int price_minor:int',
  orders:
    'id:uuid shop_id:uuid order_number:text email:text name:text phone:text status:order_status payment_status:payment_status products_total_minor:int cart_total_minor:int created_at:timestamptz',
  order_lines:
    'shop_id:uuid order_id:uuid product_id:uuid title:text quantity:int unit_price_minor:int total_minor:int',
  reviews:
    'shop_id:uuid product_id:uuid order_id:uuid buyer_name:text rating:int2 comment:text status:review_status hidden:bool created_at:timestamptz',
  content_models: 'id:uuid shop_id:uuid slug:text name:text kind:content_model_kind',
  content_entries:
    'id:uuid shop_id:uuid model_id:uuid status:publication_status data:jsonb created_at:timestamptz updated_at:timestamptz',
};

export type Rows = { [K in keyof typeof TABLES]: Row[] };

export const ADJECTIVES =
  'Classic Rustic Modern Soft Everyday Vintage Coastal Nordic Urban Heritage Café Summer'.split(
    ' ',
  );
export const MATERIALS =
  'Linen Cotton Wool Oak Ceramic Leather Cashmere Bamboo Walnut Denim Silk Stoneware'.split(' ');
export const NOUNS =
  'Shirt Dress Throw Mug Table Lamp Scarf Bowl Jacket Towel Vase Cushion Tote Chair Blanket Sweater'.split(
    ' ',
  );
export const DEPARTMENTS =
  'Women Men Kids Home Kitchen Garden Bath Beauty Accessories Stationery Outdoor Gifts'.split(' ');
export const KINDS = 'Tops Bottoms Outerwear Knitwear Textiles Lighting Tableware Storage'.split(
  ' ',
);
export const SIZES = 'XS S M L XL'.split(' ');
export const COLOURS = 'Sand Ink Moss Rust Chalk Sky'.split(' ');
export const DAY_MS = 86_400_000;

/** A small deterministic generator (mulberry32), so two runs build the same catalogue. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T;
  return { int, pick, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof random>;

const ONSETS =
  'b bl br c ch cl cr d dr f fl fr g gl gr h j k l m n p pl pr r s sh sk sl sp st t th tr v w z'.split(
    ' ',
  );
const VOWELS = 'a e i o u ai ea ee ie oa oo ou'.split(' ');
const CODAS = ' n r s t l m nd rt st ck ng sk'.split(' ');

/**
 * `size` distinct made-up words of one to three syllables (4 to 12 letters), always the same
 * for a given `seed`: description text whose dictionary grows like a real shop's.
 */
export function vocabulary(size: number, seed: number): string[] {
  const r = random(seed);
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = r.int(1, 3);
    let word = '';
    for (let i = 0; i < syllables; i += 1) word += r.pick(ONSETS) + r.pick(VOWELS) + r.pick(CODAS);
    if (word.length >= 4 && word.length <= 12) words.add(word);
  }
  return [...words];
}

export const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `name:type` pairs of a TABLES entry as bulkInsert columns. */
export const columnsOf = (spec: string): Column[] =>
  spec.split(' ').map((pair) => {
    const [name = '', type = ''] = pair.split(':');
    return [name, type] as const;
  });
