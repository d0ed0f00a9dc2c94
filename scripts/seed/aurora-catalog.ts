import type { CatalogSeed, CategorySeed, ProductSeed } from './catalog';

type ProductExtra = Omit<ProductSeed, 'title' | 'cats' | 'price' | 'blurb'>;

const p = (title: string, cats: string, price: number, blurb: string, extra: ProductExtra = {}) =>
  ({ title, cats, price, blurb, ...extra }) satisfies ProductSeed;

const c = (
  slug: string,
  name: string,
  parent: string | undefined,
  description: string,
  extra: Partial<CategorySeed> = {},
): CategorySeed => ({ slug, name, parent, description: `<p>${description}</p>`, ...extra });

/** Three levels: department › group › type, plus curated collections and a hidden draft. */
// biome-ignore format: one category per line reads as a table
const categories: CategorySeed[] = [
  c('women', 'Women', undefined, 'Easy linen, soft knits and shoes made to walk in.', { featured: true }),
  c('women-clothing', 'Clothing', 'women', 'Everyday pieces cut from natural fibres.'),
  c('dresses', 'Dresses', 'women-clothing', 'Wrap, slip and shirt dresses for warm days and cool evenings.', { code: 'DRS', featured: true }),
  c('women-knitwear', 'Knitwear', 'women-clothing', 'Merino, alpaca and cashmere, knitted to last.', { code: 'WKN' }),
  c('women-tops', 'Tops', 'women-clothing', 'Tees, blouses and camisoles.', { code: 'WTP' }),
  c('women-shoes', 'Shoes', 'women', 'Flats, mules and boots in vegetable-tanned leather.', { code: 'WSH' }),
  c('men', 'Men', undefined, 'Shirts, knitwear and trousers for every day of the week.', { featured: true }),
  c('men-clothing', 'Clothing', 'men', 'Well-made basics with room to move.'),
  c('men-shirts', 'Shirts', 'men-clothing', 'Linen, oxford and flannel shirts.', { code: 'MSH' }),
  c('men-knitwear', 'Knitwear', 'men-clothing', 'Rollnecks, crewnecks and cardigans.', { code: 'MKN' }),
  c('men-trousers', 'Trousers', 'men-clothing', 'Chinos, denim and easy linen trousers.', { code: 'MTR' }),
  c('men-shoes', 'Shoes', 'men', 'Derbies, sneakers and boots.', { code: 'MSS' }),
  c('home', 'Home', undefined, 'Slow goods for the kitchen and the living room.', { featured: true }),
  c('kitchen', 'Kitchen', 'home', 'Linens and tableware for long lunches.'),
  c('aprons', 'Aprons & Linens', 'kitchen', 'Aprons, tea towels and table runners in washed linen.', { code: 'KAP' }),
  c('tableware', 'Tableware', 'kitchen', 'Stoneware, glass and olive wood.', { code: 'KTB' }),
  c('living', 'Living', 'home', 'Throws, cushions and candlelight.'),
  c('throws', 'Throws & Cushions', 'living', 'Bouclé, waffle knit and velvet.', { code: 'LTH' }),
  c('candles', 'Candles', 'living', 'Soy, beeswax and wax melts, poured by hand.', { code: 'LCN', featured: true }),
  c('accessories', 'Accessories', undefined, 'The finishing touches.'),
  c('bags', 'Bags', 'accessories', 'Totes, crossbodies and weekenders.', { code: 'ABG' }),
  c('hats-scarves', 'Hats & Scarves', 'accessories', 'Wool, cashmere and linen.', { code: 'AHS', image: false }),
  c('jewellery', 'Jewellery', 'accessories', 'Recycled silver and gold vermeil.', { code: 'AJW' }),
  c('patterns', 'Patterns & Kits', undefined, 'Sew, mend and embroider your own.', { code: 'PTN', header: false }),
  c('new-arrivals', 'New Arrivals', undefined, 'Just landed in the studio.', { featured: true }),
  c('linen-edit', 'The Linen Edit', undefined, 'Everything we make in linen, from dresses to tea towels.', { featured: true, header: true }),
  c('gift-ideas', 'Gift Ideas', undefined, 'Presents chosen by the Aurora team.', { showInMenu: false, featured: true }),
  c('archive', 'Archive', undefined, 'Past seasons, kept for reference.', { status: 'draft', image: false }),
];

const APRON_PATTERN: ProductExtra = {
  digital: [
    {
      title: 'Pattern pieces (A4)',
      filename: 'linen-apron-pattern-a4.pdf',
      lines: ['Print at 100% scale on A4 paper.', 'Pieces: bib, skirt, pocket, straps.'],
      downloadLimit: 5,
      downloadDays: 30,
    },
    {
      title: 'Sewing instructions',
      filename: 'linen-apron-instructions.pdf',
      lines: [
        '1. Pre-wash the linen.',
        '2. Cut the pieces.',
        '3. Sew the pocket, then the straps.',
      ],
      downloadLimit: 5,
      downloadDays: 30,
    },
  ],
};

/** Title, categories (primary first), price in cents, first paragraph, and what is special. */
// biome-ignore format: one product per line reads as a table
const products: ProductSeed[] = [
  p('Linen Wrap Dress', 'dresses gift-ideas linen-edit', 12900, 'A wrap dress in washed European linen that softens with every wear.', { featured: true, variants: { set: 'apparel', missing: ['XL/Ink'] } }),
  p('Midi Slip Dress', 'dresses', 8900, 'Bias-cut in a fluid viscose crêpe, with adjustable straps.', { sale: [6900, 'always'] }),
  p('Poplin Shirt Dress', 'dresses new-arrivals', 9900, 'Crisp cotton poplin, a self-tie belt and deep pockets.', { variants: { set: 'apparel', inactive: ['S/Sage'] } }),
  p('Tiered Summer Dress', 'dresses', 7900, 'Three airy tiers of cotton voile for the hottest days.', { sale: [5900, 'active'] }),
  p('Crème Knit Sweater', 'women-knitwear gift-ideas', 11900, 'A relaxed crewneck in crème-coloured merino, knitted in Portugal.', { featured: true, variants: { set: 'knit' } }),
  p('Alpaca Cardigan', 'women-knitwear', 14900, 'Brushed baby alpaca with horn buttons: light, warm and never itchy.'),
  p('Ribbed Merino Vest', 'women-knitwear', 6900, 'A close-fitting rib vest for layering over shirts.', { stock: 0 }),
  p('Cashmere Crewneck', 'women-knitwear', 18900, 'Grade-A Mongolian cashmere in a classic crewneck.', { sale: [14900, 'expired'] }),
  p('Linen Boxy Tee', 'women-tops new-arrivals linen-edit', 3900, 'A boxy tee in lightweight linen jersey.', { variants: { set: 'apparel', sale: { match: 'Sage', priceMinor: 2900, window: 'active' } } }),
  p('Broderie Blouse', 'women-tops', 5900, 'Cotton broderie anglaise with a ruffled collar — très jolie.'),
  p('Striped Breton Top', 'women-tops gift-ideas', 4500, 'The marinière, in heavy cotton with a boat neck.', { featured: true }),
  p('Silk Camisole', 'women-tops', 6500, 'Washed sand silk with a bias-cut hem.', { sale: [4900, 'future'] }),
  p('Suede Ballet Flats', 'women-shoes', 9500, 'Soft suede flats on a flexible leather sole.', { variants: { set: 'shoes' } }),
  p('Leather Mules', 'women-shoes', 11000, 'Backless mules in vegetable-tanned leather with a stacked heel.'),
  p('Canvas Espadrilles', 'women-shoes', 4900, 'Made to order in the Basque country, with jute soles.', { untracked: true }),
  p('Chelsea Ankle Boots', 'women-shoes', 16500, 'Water-resistant suede with elastic gussets and a rubber sole.', { featured: true }),
  p('Émile Linen Shirt', 'men-shirts gift-ideas linen-edit', 7900, 'Named after our first tailor, Émile: a camp-collar shirt in heavy linen.', { featured: true, variants: { set: 'apparel' } }),
  p('Oxford Button-Down', 'men-shirts', 6900, 'Garment-dyed oxford cloth with a soft roll collar.'),
  p('Flannel Overshirt', 'men-shirts', 8900, 'Brushed cotton flannel with two chest pockets.', { sale: [7200, 'active'] }),
  p('Chambray Work Shirt', 'men-shirts', 6500, 'Indigo chambray that fades beautifully.'),
  p('Fisherman Rollneck', 'men-knitwear new-arrivals', 13900, 'A chunky rollneck in undyed British wool.', { variants: { set: 'knit' } }),
  p('Lambswool Crewneck', 'men-knitwear', 9900, 'Soft lambswool in a classic fit.', { stock: 0 }),
  p('Waffle Henley', 'men-knitwear', 5500, 'Waffle-knit cotton with a three-button placket.'),
  p('Zip Mock-Neck Cardigan', 'men-knitwear', 11900, 'A half-zip in merino and cashmere.'),
  p('Pleated Chinos', 'men-trousers', 8900, 'Single-pleat chinos in cotton twill with a tapered leg.', { variants: { set: 'trousers' } }),
  p('Drawstring Linen Trousers', 'men-trousers linen-edit', 7500, 'Easy linen trousers with a drawstring waist.'),
  p('Selvedge Denim Jeans', 'men-trousers', 12900, 'Japanese selvedge denim, rinsed once.', { featured: true }),
  p('Corduroy Trousers', 'men-trousers', 9500, 'Eight-wale corduroy in a straight cut.', { sale: [7900, 'active'] }),
  p('Leather Derby Shoes', 'men-shoes', 17500, 'Goodyear-welted derbies in polished calf leather.'),
  p('Court Sneakers', 'men-shoes', 9900, 'Minimal leather sneakers on a natural rubber cupsole.', { variants: { set: 'shoes', soldOut: true } }),
  p('Suede Desert Boots', 'men-shoes', 14500, 'Crepe-soled desert boots in sand suede.'),
  p('Wool Slippers', 'men-shoes gift-ideas', 4500, 'Felted wool slippers, made to order.', { untracked: true }),
  p('Linen Café Apron', 'aprons gift-ideas linen-edit', 4500, 'Our best seller: a café apron in stonewashed linen with a deep front pocket.', { featured: true, stock: 40 }),
  p('Pâtisserie Tea Towel Set', 'aprons linen-edit', 2400, 'Three waffle tea towels for the pâtisserie at home.'),
  p('Provençal Table Runner', 'aprons linen-edit', 3900, 'Printed in Provence with a faded olive-branch motif.', { sale: [2900, 'always'] }),
  p('Waxed Canvas Apron', 'aprons', 5900, 'Waxed canvas and leather straps, for the workshop or the grill.', { stock: 3 }),
  p('Stoneware Dinner Plate', 'tableware', 2200, 'A speckled stoneware plate, glazed by hand.'),
  p('Rosé Ceramic Mug', 'tableware new-arrivals', 1800, 'A rosé-glazed mug that holds a generous flat white.'),
  p('Hand-blown Carafe', 'tableware', 4900, 'Recycled glass, blown in Murano.', { stock: 0 }),
  p('Olive Wood Serving Board', 'tableware gift-ideas', 3900, 'Each board is cut from one piece of Tunisian olive wood.', { featured: true }),
  p('Bouclé Throw', 'throws', 11900, 'A cloud of wool bouclé for the end of the sofa.'),
  p('Linen Cushion Cover', 'throws linen-edit', 2900, 'Stonewashed linen with a hidden zip; sewn to order.', { variants: { set: 'cushion', untracked: true } }),
  p('Waffle Knit Blanket', 'throws', 8900, 'Cotton waffle knit, light enough for summer nights.', { sale: [6900, 'active'] }),
  p('Velvet Bolster Cushion', 'throws', 3900, 'A cotton velvet bolster with a feather insert.'),
  p('Soy Candle in Amber Glass', 'candles gift-ideas', 2800, 'Hand-poured soy wax with a cotton wick; burns for 45 hours.', { variants: { set: 'candle' } }),
  p('Beeswax Taper Pair', 'candles', 1600, 'Two dripless beeswax tapers, poured in small batches.', { untracked: true }),
  p('Crème Brûlée Wax Melts', 'candles', 1200, 'Vanilla, caramel and a hint of burnt sugar.'),
  p('Travel Tin Candle', 'candles new-arrivals', 1400, 'Cedar and fig in a pocket-sized tin.', { featured: true }),
  p('Façade Canvas Tote', 'bags gift-ideas', 4900, 'A heavyweight canvas tote printed with our studio façade.', { featured: true }),
  p('Leather Crossbody Bag', 'bags', 15900, 'A compact crossbody in pebbled leather.'),
  p('Weekender Duffle', 'bags', 18900, 'Waxed cotton and leather, sized for two nights away.'),
  p('Market Net Bag', 'bags', 1900, 'A stretchy cotton net bag for the Saturday market.', { untracked: true }),
  p('Merino Beanie', 'hats-scarves', 3500, 'A fine-rib merino beanie.'),
  p('Wool Fedora', 'hats-scarves', 7900, 'Rabbit-felt fedora with a grosgrain band.'),
  p('Cashmere Scarf', 'hats-scarves gift-ideas', 9500, 'A generous scarf in brushed cashmere.', { sale: [7900, 'active'] }),
  p('Linen Bandana', 'hats-scarves linen-edit', 1500, 'Hand-rolled edges, stonewashed linen.'),
  p('Signet Ring', 'jewellery', 8900, 'A recycled silver signet, ready to engrave.', { variants: { set: 'ring' } }),
  p('Pearl Drop Earrings', 'jewellery gift-ideas', 6900, 'Freshwater pearls on gold vermeil hooks.', { featured: true }),
  p('Hammered Cuff', 'jewellery', 5900, 'A hammered silver cuff, made in Lisbon.'),
  p('Chain Necklace', 'jewellery', 7500, 'A fine curb chain in gold vermeil.'),
  p('Linen Apron Sewing Pattern', 'patterns gift-ideas linen-edit', 1200, 'The pattern behind our Linen Café Apron, as a printable PDF with step-by-step instructions.', APRON_PATTERN),
  p('Embroidery Starter Kit', 'patterns', 3400, 'Hoop, needles, six skeins and three patterns to begin with.'),
  p('Knitting Needle Roll', 'patterns linen-edit', 2900, 'A linen roll with twelve pockets for needles and hooks.'),
  p('Sashiko Mending Kit', 'patterns', 2600, 'Visible mending with sashiko thread, needles and a thimble.'),
  // Never listed: drafts and archived products exercise the publication filter.
  p('Sample Velvet Gown', 'dresses', 25900, 'A sample that never went into production.', { status: 'draft', featured: true, sale: [9900, 'always'] }),
  p('Festive Jumper 2022', 'women-knitwear archive', 7900, 'Last season’s reindeer jumper.', { status: 'archived' }),
  p('Prototype Tote', 'bags', 3900, 'A prototype tote still being tested.', { status: 'draft' }),
];

/** Aurora Outfitters' catalogue: 64 published products on a three-level category tree. */
export const AURORA_CATALOG: CatalogSeed = {
  caption: 'Aurora Outfitters',
  skuPrefix: 'AUR',
  categories,
  products,
  recentCategory: 'new-arrivals',
  details: {
    'women-clothing': [
      'Natural fibres, sourced in Europe',
      'Relaxed fit: take your usual size',
      'Wash cool, dry flat',
    ],
    'men-clothing': ['Garment-washed for a soft hand', 'Regular fit', 'Machine wash at 30 °C'],
    'women-shoes': ['Vegetable-tanned leather', 'Resoleable by any cobbler'],
    'men-shoes': ['Vegetable-tanned leather', 'Resoleable by any cobbler'],
    kitchen: ['Food safe and dishwasher friendly', 'Made by independent makers'],
    living: ['Natural materials only', 'Spot clean or dry clean'],
    accessories: ['Comes in a recycled gift box', 'Free engraving on request'],
  },
};
