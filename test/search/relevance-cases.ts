/**
 * Relevance cases over the seeded demo shop (Aurora Outfitters, scripts/seed/aurora-catalog.ts):
 * each query names a product that a shopper typing it expects among the first five results.
 */
export type RelevanceKind =
  | 'exact'
  | 'plural'
  | 'prefix'
  | 'accent'
  | 'deletion'
  | 'insertion'
  | 'substitution'
  | 'transposition'
  | 'two typos'
  | 'several words'
  | 'reversed words'
  | 'description'
  | 'sku'
  | 'category';

export type RelevanceCase = { query: string; expect: string; kind: RelevanceKind };

const c = (kind: RelevanceKind, query: string, expect: string): RelevanceCase => ({
  query,
  expect,
  kind,
});

// biome-ignore format: one case per line reads as a table
export const RELEVANCE_CASES: RelevanceCase[] = [
  c('exact', 'sneakers', 'Court Sneakers'),
  c('exact', 'carafe', 'Hand-blown Carafe'),
  c('exact', 'bandana', 'Linen Bandana'),
  c('exact', 'espadrilles', 'Canvas Espadrilles'),
  c('exact', 'fedora', 'Wool Fedora'),
  c('exact', 'henley', 'Waffle Henley'),
  c('exact', 'Necklace', 'Chain Necklace'),
  c('plural', 'mugs', 'Rosé Ceramic Mug'),
  c('plural', 'plates', 'Stoneware Dinner Plate'),
  c('plural', 'cardigans', 'Alpaca Cardigan'),
  c('plural', 'scarves', 'Cashmere Scarf'),
  c('plural', 'blankets', 'Waffle Knit Blanket'),
  c('plural', 'rings', 'Signet Ring'),
  c('plural', 'cushions', 'Linen Cushion Cover'),
  c('plural', 'tote bags', 'Façade Canvas Tote'),
  c('prefix', 'espad', 'Canvas Espadrilles'),
  c('prefix', 'corduro', 'Corduroy Trousers'),
  c('prefix', 'sash', 'Sashiko Mending Kit'),
  c('prefix', 'cashm', 'Cashmere Scarf'),
  c('prefix', 'linen wr', 'Linen Wrap Dress'),
  c('prefix', 'embroid', 'Embroidery Starter Kit'),
  c('prefix', 'earring', 'Pearl Drop Earrings'),
  c('accent', 'creme brulee', 'Crème Brûlée Wax Melts'),
  c('accent', 'patisserie', 'Pâtisserie Tea Towel Set'),
  c('accent', 'FAÇADE', 'Façade Canvas Tote'),
  c('accent', 'emile', 'Émile Linen Shirt'),
  c('accent', 'provencal', 'Provençal Table Runner'),
  c('accent', 'bouclé', 'Bouclé Throw'),
  c('accent', 'rose mug', 'Rosé Ceramic Mug'),
  c('deletion', 'cusion', 'Linen Cushion Cover'),
  c('deletion', 'snekers', 'Court Sneakers'),
  c('deletion', 'corduoy', 'Corduroy Trousers'),
  c('deletion', 'necklce', 'Chain Necklace'),
  c('deletion', 'blanet', 'Waffle Knit Blanket'),
  c('insertion', 'sweatter', 'Crème Knit Sweater'),
  c('insertion', 'cardigann', 'Alpaca Cardigan'),
  c('insertion', 'scarff', 'Cashmere Scarf'),
  c('insertion', 'chinnos', 'Pleated Chinos'),
  c('substitution', 'mereno', 'Merino Beanie'),
  c('substitution', 'fedira', 'Wool Fedora'),
  c('substitution', 'velvat', 'Velvet Bolster Cushion'),
  c('substitution', 'henlay', 'Waffle Henley'),
  c('transposition', 'scraf', 'Cashmere Scarf'),
  c('transposition', 'swaeter', 'Crème Knit Sweater'),
  c('transposition', 'mlues', 'Leather Mules'),
  c('transposition', 'beaine', 'Merino Beanie'),
  c('transposition', 'lenin bandana', 'Linen Bandana'),
  c('two typos', 'espadrils', 'Canvas Espadrilles'),
  c('two typos', 'embrodiary', 'Embroidery Starter Kit'),
  c('two typos', 'cashmiire crewneck', 'Cashmere Crewneck'),
  c('two typos', 'pattiserie', 'Pâtisserie Tea Towel Set'),
  c('two typos', 'jewelry', 'Signet Ring'),
  c('several words', 'linen shirt', 'Émile Linen Shirt'),
  c('several words', 'suede boots', 'Suede Desert Boots'),
  c('several words', 'waffle knit blanket', 'Waffle Knit Blanket'),
  c('reversed words', 'shirt linen', 'Émile Linen Shirt'),
  c('reversed words', 'dress wrap', 'Linen Wrap Dress'),
  c('reversed words', 'boots desert', 'Suede Desert Boots'),
  c('reversed words', 'board olive', 'Olive Wood Serving Board'),
  c('reversed words', 'kit mending', 'Sashiko Mending Kit'),
  c('description', 'speckled plate', 'Stoneware Dinner Plate'),
  c('description', 'murano', 'Hand-blown Carafe'),
  c('description', 'lisbon', 'Hammered Cuff'),
  c('description', 'freshwater pearls', 'Pearl Drop Earrings'),
  c('description', 'grosgrain', 'Wool Fedora'),
  c('description', 'sashiko thread', 'Sashiko Mending Kit'),
  c('description', 'tunisian olive', 'Olive Wood Serving Board'),
  c('sku', 'AUR-MSS-002', 'Court Sneakers'),
  c('sku', 'aur-ktb-003', 'Hand-blown Carafe'),
  c('sku', 'AUR-MSS-002-38-TAN', 'Court Sneakers'),
  c('sku', 'AUR-PTN', 'Sashiko Mending Kit'),
  c('sku', 'AUR-AJW-00', 'Signet Ring'),
  c('category', 'jewellery', 'Pearl Drop Earrings'),
  c('category', 'tableware', 'Stoneware Dinner Plate'),
  c('category', 'men knitwear', 'Lambswool Crewneck'),
  c('category', 'women knitwear', 'Alpaca Cardigan'),
  c('category', 'candles', 'Travel Tin Candle'),
  c('category', 'hats', 'Wool Fedora'),
  c('category', 'aprons', 'Waxed Canvas Apron'),
  c('category', 'gift ideas scarf', 'Cashmere Scarf'),
];

/** Queries for things the demo shop does not sell: each must find no product at all. */
export const NO_MATCH_QUERIES: string[] = [
  'lamp',
  'bicycle',
  'laptop charger',
  'guitar',
  'umbrella',
  'television',
  'headphones',
  'perfume',
  'kettle',
  'xqzv',
];
