/**
 * The screens of the storefront settings: each edits one section of the settings document
 * (`PATCH /settings/{section}`), described by its fields. The shapes are the settings
 * module's (src/modules/settings/document.ts).
 */
import type { Field, Row } from '../../lib/fields';

export type SettingsScreen = {
  slug: string;
  title: string;
  /** The section of the settings document it changes. */
  section: string;
  /** What the storefront does with it, in one sentence. */
  intro: string;
  fields: readonly Field[];
  /** The fields as the loaded settings allow them (a field fixed by the shop's state). */
  fieldsOf?: (settings: Record<string, unknown>) => readonly Field[];
  /** A section that is a list: edited as the rows of one field, and sent as the list. */
  list?: { toRows: (value: unknown) => Row[]; fromRows: (rows: Row[]) => unknown[] };
};

const text = (name: string, label: string, hint?: string): Field => ({
  name,
  label,
  kind: 'text',
  ...(hint ? { hint } : {}),
});
const url = (name: string, label: string): Field => ({ name, label, kind: 'url' });
const flag = (name: string, label: string): Field => ({ name, label, kind: 'bool' });

type FooterColumn = { title: string; links: { title: string; link: string }[] };

/** Footer columns as one row per link (the column's title repeated), and back. */
const footerList = {
  toRows: (value: unknown) =>
    ((value as FooterColumn[]) ?? []).flatMap((c) =>
      c.links.length === 0
        ? [{ column: c.title, title: '', link: '' }]
        : c.links.map((l) => ({ column: c.title, title: l.title, link: l.link })),
    ),
  fromRows: (rows: Row[]) => {
    const columns: FooterColumn[] = [];
    for (const r of rows) {
      const title = String(r.column ?? '');
      let column = columns.find((c) => c.title === title);
      if (!column) {
        column = { title, links: [] };
        columns.push(column);
      }
      if (String(r.title ?? '') !== '' || String(r.link ?? '') !== '') {
        column.links.push({ title: String(r.title ?? ''), link: String(r.link ?? '') });
      }
    }
    return columns;
  },
};

const plainList = {
  toRows: (value: unknown) => (Array.isArray(value) ? (value as Row[]) : []),
  fromRows: (rows: Row[]) => rows,
};

/**
 * The shop section's fields: the currency's digits are fixed once the shop has an order
 * (`currencyLocked`), since its amounts are stored in minor units.
 */
const shopFields = (locked: boolean): readonly Field[] => [
  { name: 'name', label: 'Shop name', kind: 'text', required: true },
  {
    name: 'supportEmail',
    label: 'Support email',
    kind: 'email',
    hint: 'Buyers write here for help, and new orders are announced here (the Help email under Branding)',
  },
  {
    name: 'currencyDigits',
    label: 'Currency digits',
    kind: 'int',
    min: 0,
    max: 4,
    disabled: locked,
    hint: locked
      ? 'Fixed: the shop has orders, whose amounts are stored in the smallest unit of its currency, so changing the digits would change what they mean'
      : 'Digits after the decimal point: 2 for EUR, 0 for JPY. Fixed once the shop has its first order',
  },
];

const currencyLocked = (settings: Record<string, unknown>) =>
  (settings.shop as { currencyLocked?: boolean } | undefined)?.currencyLocked === true;

export const SETTINGS_SCREENS: readonly SettingsScreen[] = [
  {
    slug: 'branding',
    title: 'Branding',
    section: 'branding',
    intro:
      'The logo, contact details and social links the storefront shows in its header and footer.',
    fields: [
      { name: 'logoId', label: 'Logo', kind: 'image' },
      { name: 'address', label: 'Address', kind: 'textarea' },
      { name: 'helpEmail', label: 'Help email', kind: 'email' },
      text('helpPhone', 'Help phone'),
      flag('showContacts', 'Show contact details'),
      url('facebookUrl', 'Facebook URL'),
      url('instagramUrl', 'Instagram URL'),
      url('xUrl', 'X URL'),
      url('tiktokUrl', 'TikTok URL'),
      url('linkedinUrl', 'LinkedIn URL'),
      url('pinterestUrl', 'Pinterest URL'),
      url('youtubeUrl', 'YouTube URL'),
      flag('showSocials', 'Show social links'),
      text('messagingNumber', 'Messaging number', 'A chat number buyers can write to'),
      text('messagingText', 'Messaging greeting'),
    ],
  },
  {
    slug: 'shop',
    title: 'Shop',
    section: 'shop',
    intro:
      'The shop’s name, as the storefront and every email show it, where buyers write for help, and its currency.',
    fields: shopFields(false),
    fieldsOf: (settings) => shopFields(currencyLocked(settings)),
  },
  {
    slug: 'top-bar',
    title: 'Top bar and announcements',
    section: 'headerTopbar',
    intro: 'The strip above the header and the announcements it rotates through.',
    fields: [
      flag('activateTopBar', 'Show the top bar'),
      {
        name: 'announcements',
        label: 'Announcements',
        kind: 'rows',
        singular: 'announcement',
        columns: [{ name: 'value', label: 'Text' }],
        newRow: () => ({ _id: crypto.randomUUID(), value: '' }),
      },
      {
        name: 'announcementInterval',
        label: 'Time per announcement (milliseconds)',
        kind: 'int',
        min: 0,
      },
      flag('showShopNowButton', 'Show a “Shop now” button'),
      text('topBarTemplate', 'Top bar template'),
      text('headerTemplate', 'Header template'),
      text('headerLayout', 'Header layout'),
    ],
  },
  {
    slug: 'menus',
    title: 'Menus',
    section: 'headerTopbar',
    intro: 'What the header menu lists: the shop’s categories, or the pages below.',
    fields: [
      {
        name: 'menuContent',
        label: 'Menu shows',
        kind: 'select',
        options: [
          { value: 'collections', label: 'Categories' },
          { value: 'pages', label: 'Pages' },
        ],
      },
      { name: 'menuCollectionsLimit', label: 'Categories shown at most', kind: 'int', min: 0 },
      {
        name: 'menuPages',
        label: 'Menu pages',
        kind: 'rows',
        singular: 'menu page',
        columns: [
          { name: 'name', label: 'Name' },
          { name: 'url', label: 'Address' },
        ],
        newRow: () => ({ name: '', url: '', children: [] }),
      },
    ],
  },
  {
    slug: 'pages',
    title: 'Pages',
    section: 'pages',
    intro: 'Extra pages the storefront links to.',
    fields: [
      {
        name: 'items',
        label: 'Pages',
        kind: 'rows',
        singular: 'page',
        columns: [
          { name: 'name', label: 'Name' },
          { name: 'url', label: 'Address' },
        ],
      },
    ],
    list: plainList,
  },
  {
    slug: 'footer',
    title: 'Footer',
    section: 'footerConfig',
    intro: 'The footer’s logo, template and newsletter sign-up.',
    fields: [
      { name: 'logoId', label: 'Footer logo', kind: 'image' },
      text('footerTemplate', 'Footer template'),
      flag('showNewsletter', 'Show the newsletter sign-up'),
    ],
  },
  {
    slug: 'footer-links',
    title: 'Footer links',
    section: 'footer',
    intro: 'The footer’s columns of links: rows with the same column title form one column.',
    fields: [
      {
        name: 'items',
        label: 'Footer links',
        kind: 'rows',
        singular: 'link',
        columns: [
          { name: 'column', label: 'Column' },
          { name: 'title', label: 'Link text' },
          { name: 'link', label: 'Address' },
        ],
      },
    ],
    list: footerList,
  },
  {
    slug: 'shipping',
    title: 'Shipping',
    section: 'shipping',
    intro: 'Which ways of delivery checkout offers; their rates and pickup points are below.',
    fields: [
      flag('active', 'Ship orders'),
      flag('standardActive', 'Offer standard delivery'),
      flag('pickupActive', 'Offer pickup'),
      flag('partnerDeliveryActive', 'Offer partner delivery'),
      flag('removeAddress', 'Do not ask for an address'),
    ],
  },
  {
    slug: 'tax',
    title: 'Tax',
    section: 'tax',
    intro: 'The tax rate checkout adds to orders.',
    fields: [
      flag('active', 'Charge tax'),
      { name: 'value', label: 'Tax rate (%)', kind: 'number', min: 0, max: 100 },
    ],
  },
  {
    slug: 'checkout',
    title: 'Checkout',
    section: 'checkout',
    intro: 'What a buyer needs to place an order.',
    fields: [
      flag('requiresAccount', 'Buyers must sign in to order'),
      flag('requiresPayments', 'Orders must be paid online'),
    ],
  },
  {
    slug: 'reviews',
    title: 'Reviews',
    section: 'reviews',
    intro: 'Whether buyers can review what they bought.',
    fields: [flag('allowReviews', 'Take new reviews')],
  },
  {
    slug: 'newsletter',
    title: 'Newsletter and pop-ups',
    section: 'popups',
    intro: 'The email sign-up pop-up, and how many subscribers the newsletter takes.',
    fields: [flag('emailCaptureEnabled', 'Show the email sign-up pop-up')],
  },
  {
    slug: 'tracking',
    title: 'Tracking',
    section: 'adsTracker',
    intro: 'The ids of the analytics and advertising tags the storefront loads.',
    fields: [
      text('facebookPixelId', 'Facebook pixel id'),
      text('googleTagManagerId', 'Google Tag Manager id'),
      text('googleAnalyticsId', 'Google Analytics id'),
      text('tiktokPixelId', 'TikTok pixel id'),
      text('hotjarId', 'Hotjar id'),
    ],
  },
  {
    slug: 'default-pages',
    title: 'Default pages',
    section: 'defaultPages',
    intro: 'The built-in pages the storefront serves.',
    fields: [flag('home', 'Home page'), flag('shop', 'Shop page'), flag('contact', 'Contact page')],
  },
  {
    slug: 'seo',
    title: 'Search and sharing',
    section: 'seo',
    intro: 'The title, description and icon search engines and shared links show.',
    fields: [
      text('title', 'Title'),
      { name: 'description', label: 'Description', kind: 'textarea' },
      { name: 'keywords', label: 'Keywords', kind: 'list', hint: 'Separated by commas' },
      text('author', 'Author'),
      { name: 'iconId', label: 'Icon', kind: 'image' },
    ],
  },
];
