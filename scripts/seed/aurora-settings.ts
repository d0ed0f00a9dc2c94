import { AURORA_POLICIES } from './aurora-policies';
import { addArt, iconSvg, logoSvg } from './images';
import type { ShopPlan } from './plan';
import { addPolicies, addSettings, addShipping } from './shop';

const link = (title: string, url: string) => ({ title, link: url });
const page = (name: string, url: string, children: Array<{ name: string; url: string }> = []) => ({
  name,
  url,
  children: children.map((c) => ({ ...c, children: [] })),
});

/** Aurora's storefront configuration: branding, navigation, flags, shipping and tax. */
export function addAuroraSettings(plan: ShopPlan): void {
  const logoId = plan.addMedia(
    'aurora-logo.svg',
    'Aurora Outfitters logo',
    'image/svg+xml',
    logoSvg('Aurora Outfitters', '#2b3a55', '#e0a030'),
  );
  const footerLogoId = plan.addMedia(
    'aurora-logo-light.svg',
    'Aurora Outfitters logo (light)',
    'image/svg+xml',
    logoSvg('Aurora Outfitters', '#fafafa', '#e0a030'),
  );
  const iconId = plan.addMedia(
    'aurora-icon.svg',
    'Aurora Outfitters icon',
    'image/svg+xml',
    iconSvg('A', '#2b3a55', '#e0a030'),
  );

  addSettings(plan, {
    branding: {
      logoId,
      address: 'Oranienstraße 25, 10999 Berlin, Germany',
      helpEmail: 'hello@aurora.example',
      helpPhone: '+49 30 5557 1200',
      facebookUrl: 'https://www.facebook.com/auroraoutfitters',
      instagramUrl: 'https://www.instagram.com/auroraoutfitters',
      xUrl: 'https://x.com/auroraoutfit',
      tiktokUrl: 'https://www.tiktok.com/@auroraoutfitters',
      linkedinUrl: '',
      pinterestUrl: 'https://www.pinterest.com/auroraoutfitters',
      youtubeUrl: 'https://www.youtube.com/@auroraoutfitters',
      messagingNumber: '+49 151 5557 1200',
      messagingText: 'Hello Aurora! I have a question about an order.',
      showContacts: true,
      showSocials: true,
    },
    headerTopbar: {
      activateTopBar: true,
      topBarTemplate: 'marquee',
      announcements: [
        { _id: 'announcement-free-shipping', value: 'Free standard shipping on orders over €100' },
        { _id: 'announcement-returns', value: '30-day returns on all clothing' },
        {
          _id: 'announcement-welcome',
          value: 'New here? WELCOME10 takes 10% off your first order',
        },
      ],
      showShopNowButton: true,
      menuCollectionsLimit: 6,
      announcementInterval: 6000,
      headerTemplate: 'classic',
      headerLayout: 'centered',
      menuContent: 'collections',
      menuPages: [
        page('Shop', '/shop', [
          { name: 'New arrivals', url: '/collections/new-arrivals' },
          { name: 'Gift ideas', url: '/collections/gift-ideas' },
          { name: 'Sale', url: '/shop?onSale=true' },
        ]),
        page('Journal', '/journal'),
        page('About', '/about', [
          { name: 'Our studio', url: '/about#studio' },
          { name: 'Contact', url: '/contact-us' },
        ]),
      ],
    },
    checkout: { requiresAccount: false, requiresPayments: false },
    reviews: { allowReviews: true },
    shipping: {
      active: true,
      removeAddress: false,
      standardActive: true,
      pickupActive: true,
      partnerDeliveryActive: false,
    },
    tax: { active: true, value: 19 },
    footer: [
      {
        title: 'Shop',
        links: [
          link('Women', '/collections/women'),
          link('Men', '/collections/men'),
          link('Home', '/collections/home'),
          link('Gift ideas', '/collections/gift-ideas'),
        ],
      },
      {
        title: 'Help',
        links: [
          link('Shipping', '/support/shipping'),
          link('Returns', '/support/return'),
          link('Contact us', '/contact-us'),
        ],
      },
      {
        title: 'Aurora',
        links: [
          link('Our story', '/about'),
          link('Journal', '/journal'),
          link('Instagram', 'https://www.instagram.com/auroraoutfitters'),
        ],
      },
    ],
    footerConfig: { logoId: footerLogoId, footerTemplate: 'columns', showNewsletter: true },
    pages: [
      { name: 'Home', url: '/' },
      { _id: 'page-shop', name: 'Shop', url: '/shop' },
      { _id: 'page-journal', name: 'Journal', url: '/journal' },
      { _id: 'page-about', name: 'About', url: '/about' },
      { _id: 'page-contact', name: 'Contact', url: '/contact-us' },
    ],
    adsTracker: {
      facebookPixelId: '104857600123456',
      googleTagManagerId: 'GTM-AUR0RA7',
      googleAnalyticsId: 'G-AURORA2024',
      tiktokPixelId: '',
      hotjarId: '',
    },
    defaultPages: { home: true, shop: true, contact: true },
    popups: { emailCaptureEnabled: true },
    seo: {
      title: 'Aurora Outfitters — linen, knitwear and slow home goods',
      description:
        'Clothing, shoes and homeware in natural materials, designed in our Berlin studio and made by independent makers across Europe.',
      keywords: ['linen', 'knitwear', 'slow fashion', 'homeware', 'Berlin'],
      author: 'Aurora Outfitters',
      iconId,
    },
  });

  addShipping(
    plan,
    [
      {
        key: 'standard',
        title: 'Standard',
        priceMinor: 490,
        description: 'DHL, 2–4 working days',
        isDefault: true,
      },
      {
        key: 'express',
        title: 'Express',
        priceMinor: 1290,
        description: 'Next working day when ordered before 14:00',
      },
      {
        key: 'free',
        title: 'Free shipping (orders over €100)',
        priceMinor: 0,
        minOrderMinor: 10000,
        description: 'DHL, 3–5 working days',
      },
      {
        key: 'courier',
        title: 'Bike courier (Berlin)',
        priceMinor: 900,
        description: 'Paused for the winter',
        active: false,
      },
    ],
    [
      {
        key: 'studio',
        name: 'Aurora Studio Kreuzberg',
        buildingName: 'Hof 2, Oranienstraße 25',
        description: 'Ring the studio bell; parcels wait at the front desk.',
        feeMinor: 0,
        openingHours: 'Mon–Fri 10:00–19:00, Sat 10:00–16:00',
        lat: 52.5014,
        lng: 13.4187,
        phone: '+49 30 5557 1200',
        imageId: addArt(plan, 'pickup-studio', {
          title: 'Aurora Studio',
          caption: 'Kreuzberg',
          width: 1200,
          height: 800,
        }),
      },
      {
        key: 'market',
        name: 'Aurora Corner at Markthalle Neun',
        buildingName: 'Markthalle Neun, Eisenbahnstraße 42',
        description: 'Collect from our stall beside the coffee roaster.',
        feeMinor: 150,
        openingHours: 'Thu 17:00–22:00, Sat 10:00–18:00',
        lat: 52.5022,
        lng: 13.4318,
        phone: '+49 30 5557 1210',
        imageId: addArt(plan, 'pickup-market', {
          title: 'Aurora Corner',
          caption: 'Markthalle Neun',
          width: 1200,
          height: 800,
        }),
      },
    ],
  );
  addPolicies(plan, AURORA_POLICIES);
}
