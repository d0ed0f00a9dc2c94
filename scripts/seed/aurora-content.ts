import { addContent, contentImage } from './content';
import { type ShopPlan, slugify } from './plan';

const caption = 'Aurora Journal';

const JOURNAL: Array<[title: string, excerpt: string, author: string, daysAgo: number]> = [
  [
    'Inside the studio: a week of linen',
    'From bolt to finished apron, we follow one roll of linen through the studio.',
    'Mara Lenz',
    6,
  ],
  [
    'How to care for merino',
    'Cool water, a little wool wash and patience: our knitwear guide.',
    'Jonas Adler',
    18,
  ],
  [
    'Meet Émile, our first tailor',
    'Forty years of shirts, and the camp collar he swears by.',
    'Mara Lenz',
    33,
  ],
  [
    'A table for long lunches',
    'Stoneware, linen runners and olive wood — setting a slow table.',
    'Ana Ruiz',
    51,
  ],
  [
    'The café apron, reimagined',
    'Why we added a deeper pocket and cross-back straps.',
    'Jonas Adler',
    70,
  ],
  ['Mending with sashiko', 'Visible mending, one running stitch at a time.', 'Ana Ruiz', 95],
];

/**
 * Content models: a singleton with a published hero, a journal collection with entries in
 * every state, an FAQ, and a singleton that has only a draft (its response data is null).
 */
export function addAuroraContent(plan: ShopPlan): void {
  const journal = JOURNAL.map(([title, excerpt, author, daysAgo]) => ({
    status: 'published' as const,
    daysAgo,
    data: {
      title,
      slug: slugify(title),
      excerpt,
      body: `<p>${excerpt}</p><p>Read the full story in our studio — or right here, with a cup of café au lait.</p>`,
      author,
      coverImage: contentImage(plan, `journal-${daysAgo}`, {
        title,
        caption,
        width: 1200,
        height: 800,
      }),
      tags: ['studio', 'craft'],
    },
  }));

  addContent(plan, [
    {
      slug: 'home-hero',
      name: 'Home hero',
      kind: 'singleton',
      fields: [
        { name: 'headline', type: 'text' },
        { name: 'subheadline', type: 'text' },
        { name: 'ctaLabel', type: 'text' },
        { name: 'ctaUrl', type: 'url' },
        { name: 'image', type: 'image' },
      ],
      entries: [
        {
          status: 'published',
          daysAgo: 12,
          data: {
            headline: 'Made slowly, worn often',
            subheadline:
              'Linen, knitwear and homeware in natural materials — new pieces every week.',
            ctaLabel: 'Shop new arrivals',
            ctaUrl: '/collections/new-arrivals',
            image: contentImage(plan, 'home-hero', {
              title: 'Made slowly, worn often',
              caption: 'Aurora Outfitters',
              width: 1600,
              height: 700,
            }),
          },
        },
        {
          status: 'draft',
          daysAgo: 1,
          data: {
            headline: 'Winter knits are here',
            subheadline: 'Coming soon.',
            ctaLabel: 'Shop knitwear',
            ctaUrl: '/collections/women-knitwear',
          },
        },
      ],
    },
    {
      slug: 'journal',
      name: 'Journal',
      kind: 'collection',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'slug', type: 'text' },
        { name: 'excerpt', type: 'text' },
        { name: 'body', type: 'richtext' },
        { name: 'author', type: 'text' },
        { name: 'coverImage', type: 'image' },
        { name: 'tags', type: 'list' },
      ],
      entries: [
        ...journal,
        {
          status: 'draft',
          daysAgo: 2,
          data: {
            title: 'Spring lookbook (draft)',
            slug: 'spring-lookbook',
            excerpt: 'Not ready yet.',
            author: 'Mara Lenz',
          },
        },
        {
          status: 'archived',
          daysAgo: 400,
          data: {
            title: 'Summer sale 2023 is on',
            slug: 'summer-sale-2023',
            excerpt: 'Ended long ago.',
            author: 'Jonas Adler',
          },
        },
      ],
    },
    {
      slug: 'faq',
      name: 'Frequently asked questions',
      kind: 'collection',
      fields: [
        { name: 'question', type: 'text' },
        { name: 'answer', type: 'richtext' },
      ],
      entries: [
        ['Do you ship outside the EU?', 'Not yet — we ship to every EU country from Berlin.'],
        [
          'Can I collect my order?',
          'Yes, choose a pickup point at checkout: our studio or our market stall.',
        ],
        [
          'How do I find my size?',
          'Each product lists its fit; our clothing runs relaxed, so take your usual size.',
        ],
        [
          'When can I download a pattern?',
          'As soon as your order is paid, from your order page: 5 downloads within 30 days.',
        ],
      ].map(([question, answer], i) => ({
        status: 'published' as const,
        daysAgo: 90 - i,
        data: { question, answer: `<p>${answer}</p>` },
      })),
    },
    {
      slug: 'announcement-bar',
      name: 'Announcement bar',
      kind: 'singleton',
      fields: [
        { name: 'message', type: 'text' },
        { name: 'url', type: 'url' },
      ],
      entries: [
        {
          status: 'draft',
          daysAgo: 3,
          data: { message: 'Studio sale this weekend', url: '/shop?onSale=true' },
        },
      ],
    },
  ]);
}
