import { addCatalog, type CatalogSeed } from './catalog';
import { addContent } from './content';
import { addCoupons, addCustomers } from './customers';
import { iconSvg, logoSvg } from './images';
import { addOrders } from './orders';
import { ShopPlan } from './plan';
import { addPolicies, addSettings, addShipping, addShop } from './shop';

/**
 * A second, smaller shop, so tenant isolation is visible: it reuses Aurora's product slug
 * `linen-cafe-apron`, category slug `kitchen`, coupon code WELCOME10 (with another value),
 * customer email and content model slug `home-hero`.
 */
const CATALOG: CatalogSeed = {
  caption: 'Nordic Pantry',
  skuPrefix: 'NPY',
  recentCategory: 'fika',
  categories: [
    {
      slug: 'pantry',
      name: 'Pantry',
      description: '<p>Preserves, crispbread and flour from Nordic farms.</p>',
      featured: true,
    },
    { slug: 'fika', name: 'Fika', description: '<p>Everything for a proper coffee break.</p>' },
    {
      slug: 'kitchen',
      name: 'Kitchen',
      description: '<p>Linen and wood for the Nordic kitchen.</p>',
    },
  ],
  details: { pantry: ['Made in Sweden', 'Best before: see the lid'] },
  products: [
    {
      title: 'Linen Café Apron',
      cats: 'kitchen',
      price: 34900,
      blurb: 'A café apron in Swedish linen.',
      featured: true,
    },
    {
      title: 'Lingonberry Jam',
      cats: 'pantry',
      price: 8900,
      blurb: 'Wild lingonberries from Norrland, lightly sweetened.',
    },
    {
      title: 'Cloudberry Preserve',
      cats: 'pantry',
      price: 14900,
      blurb: 'The gold of the northern bogs.',
      sale: [12900, 'active'],
    },
    {
      title: 'Rye Crispbread',
      cats: 'pantry',
      price: 4900,
      blurb: 'Wholegrain rye, baked thin and crisp.',
    },
    {
      title: 'Cardamom Bun Mix',
      cats: 'fika pantry',
      price: 6900,
      blurb: 'Flour, cardamom and pearl sugar for twelve buns.',
      featured: true,
    },
    {
      title: 'Kanelbulle Baking Kit',
      cats: 'fika',
      price: 24900,
      blurb: 'Mix, paper cups and a rolling pin for cinnamon buns.',
    },
    {
      title: 'Birch Butter Knife',
      cats: 'kitchen',
      price: 14900,
      blurb: 'Carved from Dalarna birch.',
      untracked: true,
    },
    {
      title: 'Swedish Dishcloth Set',
      cats: 'kitchen',
      price: 7900,
      blurb: 'Three compostable dishcloths.',
      stock: 0,
    },
  ],
};

/** Nordic Pantry: eight products in Swedish kronor. */
export function pantryPlan(shopId: string, apiKey: string, now: Date): ShopPlan {
  const plan = new ShopPlan(shopId, now);
  addShop(plan, {
    handle: 'pantry',
    name: 'Nordic Pantry',
    currency: 'SEK',
    apiKey,
    domains: ['pantry.example'],
  });
  const logoId = plan.addMedia(
    'pantry-logo.svg',
    'Nordic Pantry logo',
    'image/svg+xml',
    logoSvg('Nordic Pantry', '#1f2e4a', '#b7410e'),
  );
  const iconId = plan.addMedia(
    'pantry-icon.svg',
    'Nordic Pantry icon',
    'image/svg+xml',
    iconSvg('N', '#1f2e4a', '#f4f0dc'),
  );
  addSettings(plan, {
    branding: {
      logoId,
      address: 'Södermannagatan 12, 116 23 Stockholm, Sweden',
      helpEmail: 'hej@pantry.example',
      helpPhone: '+46 8 555 012 00',
      instagramUrl: 'https://www.instagram.com/nordicpantry',
    },
    headerTopbar: {
      activateTopBar: true,
      announcements: [{ _id: 'announcement-fika', value: 'Fika kits are back in stock' }],
    },
    shipping: { active: true, standardActive: true, pickupActive: false },
    tax: { active: true, value: 12 },
    footer: [{ title: 'Help', links: [{ title: 'Shipping', link: '/support/shipping' }] }],
    footerConfig: { logoId },
    seo: {
      title: 'Nordic Pantry',
      description: 'Swedish preserves, crispbread and fika.',
      keywords: ['fika', 'preserves'],
      author: 'Nordic Pantry',
      iconId,
    },
  });
  addShipping(
    plan,
    [
      {
        key: 'standard',
        title: 'PostNord',
        priceMinor: 5900,
        description: '2–3 working days',
        isDefault: true,
      },
    ],
    [],
  );
  addPolicies(plan, [
    {
      type: 'privacy',
      title: 'Integritetspolicy',
      body: ['We only use your details to deliver your order.'],
    },
    {
      type: 'shipping',
      title: 'Frakt',
      body: ['We ship within Sweden with PostNord in 2–3 working days.'],
    },
  ]);
  addCatalog(plan, CATALOG);
  addContent(plan, [
    {
      slug: 'home-hero',
      name: 'Home hero',
      kind: 'singleton',
      fields: [
        { name: 'headline', type: 'text' },
        { name: 'ctaUrl', type: 'url' },
      ],
      entries: [
        {
          status: 'published',
          daysAgo: 5,
          data: { headline: 'Fika, all year round', ctaUrl: '/collections/fika' },
        },
      ],
    },
  ]);
  addCustomers(plan, [
    {
      key: 'lena',
      email: 'demo@aurora.example',
      name: 'Lena Vogel',
      phone: '+46 70 555 99 88',
      sinceDays: 20,
      lastLoginDays: 20,
      address: {
        town: 'Stockholm',
        city: 'Södermalm',
        apartment: 'Götgatan 40',
        room: '',
        postalCode: '118 26',
      },
    },
  ]);
  addCoupons(plan, [{ code: 'WELCOME10', kind: 'percentage', value: 15 }]);
  addOrders(
    plan,
    [
      {
        number: 1001,
        buyer: 'lena',
        daysAgo: 12,
        status: 'delivered',
        deliveredAfterDays: 3,
        shipping: { rate: 'standard' },
        lines: [
          ['linen-cafe-apron', 1],
          ['lingonberry-jam', 2],
        ],
      },
    ],
    12,
  );
  return plan;
}
