import type { Db } from '../../../db/client';
import { storefrontOrigin } from '../../../identity/storefront-origin';
import type { Logger } from '../../../lib/log';
import { collectionPath, productPath, supportPath } from '../../../lib/storefront-paths';
import {
  lastPublishedCategoryChangeSql,
  selectPublishedCategorySlugs,
} from '../../categories/queries';
import { policyDatesSql } from '../../policies/queries';
import {
  lastPublishedProductChangeSql,
  selectPublishedProductSlugs,
} from '../../products/queries/page';
import { readSettingsDocument } from '../../settings/document';
import { type SitemapHeadRow, selectSitemapHead } from '../queries';
import type { SitemapEntry } from '../schemas';
import { withoutQuery } from './url';

/** Rows per statement while streaming products and categories: bounds the worker's memory. */
export const SITEMAP_CHUNK_SIZE = 5000;

type Frequency = SitemapEntry['changeFrequency'];

const SECTIONS: ReadonlyArray<{
  /** One page of published slugs after a slug, from the module owning them. */
  slugs: typeof selectPublishedProductSlugs;
  path: (slug: string) => string;
  changeFrequency: Frequency;
  priority: number;
}> = [
  {
    slugs: selectPublishedCategorySlugs,
    path: collectionPath,
    changeFrequency: 'weekly',
    priority: 0.7,
  },
  {
    slugs: selectPublishedProductSlugs,
    path: productPath,
    changeFrequency: 'weekly',
    priority: 0.8,
  },
];

const isoOf = (value: string | null, fallback: string) =>
  value ? new Date(value).toISOString() : fallback;

/**
 * The shop-level entries: home, the default shop and contact pages the merchant keeps,
 * the merchant's own pages (settings `pages` with a storefront path), and one
 * `/support/<type>` per configured policy.
 */
function staticEntries(head: SitemapHeadRow, origin: string, now: Date): SitemapEntry[] {
  const doc = readSettingsDocument(head.document);
  const settingsChanged = isoOf(head.settingsUpdatedAt, now.toISOString());
  const catalogChanged = isoOf(head.catalogUpdatedAt, settingsChanged);
  const listingChanged = catalogChanged > settingsChanged ? catalogChanged : settingsChanged;
  const entries = new Map<string, SitemapEntry>();
  const add = (
    path: string,
    lastModified: string,
    changeFrequency: Frequency,
    priority: number,
  ) => {
    let url: string;
    try {
      url = new URL(path, origin).href;
    } catch {
      return;
    }
    if (!entries.has(url)) entries.set(url, { url, lastModified, changeFrequency, priority });
  };

  add('/', listingChanged, 'daily', 1);
  if (doc.defaultPages.shop) add('/shop', listingChanged, 'daily', 0.9);
  if (doc.defaultPages.contact) add('/contact-us', settingsChanged, 'monthly', 0.5);
  for (const page of doc.pages) {
    const path = withoutQuery(page.url);
    if (path.startsWith('/') && !path.startsWith('//') && !path.includes('\\')) {
      add(path, settingsChanged, 'monthly', 0.5);
    }
  }
  for (const policy of head.policies) {
    add(supportPath(policy.type), isoOf(policy.updatedAt, settingsChanged), 'yearly', 0.3);
  }
  return [...entries.values()];
}

async function* sitemapParts(
  db: Db,
  shopId: string,
  statics: SitemapEntry[],
  origin: string,
  chunkSize: number,
): AsyncGenerator<string> {
  let first = true;
  const json = (entries: SitemapEntry[]) => {
    if (entries.length === 0) return '';
    const body = entries.map((entry) => JSON.stringify(entry)).join(',');
    const out = first ? body : `,${body}`;
    first = false;
    return out;
  };

  yield '{"status":"success","data":[';
  yield json(statics);
  for (const section of SECTIONS) {
    let after = '';
    for (;;) {
      const rows = await section.slugs(db, shopId, after, chunkSize);
      yield json(
        rows.map((row) => ({
          url: `${origin}${section.path(row.slug)}`,
          lastModified: row.updatedAt.toISOString(),
          changeFrequency: section.changeFrequency,
          priority: section.priority,
        })),
      );
      const last = rows.at(-1);
      if (!last || rows.length < chunkSize) break;
      after = last.slug;
    }
  }
  yield ']}';
}

/**
 * The sitemap as a JSON byte stream: the shop-level part is read before the response
 * starts (so a failure there is still an error envelope), then categories and products
 * follow in keyset-paginated chunks, one statement each, never all in memory at once.
 */
export async function sitemapStream(
  db: Db,
  shopId: string,
  links: { platformSuffix: string | undefined; fallbackHost: string; log: Logger },
  chunkSize = SITEMAP_CHUNK_SIZE,
): Promise<ReadableStream<Uint8Array>> {
  const head = await selectSitemapHead(db, shopId, {
    catalogChanges: [lastPublishedProductChangeSql(shopId), lastPublishedCategoryChangeSql(shopId)],
    policies: policyDatesSql(shopId),
  });
  const origin = storefrontOrigin(head.storefront, links.platformSuffix, links.fallbackHost);
  const parts = sitemapParts(
    db,
    shopId,
    staticEntries(head, origin, new Date()),
    origin,
    chunkSize,
  );
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const { value, done } = await parts.next();
          if (done) {
            controller.close();
            return;
          }
          if (value) {
            controller.enqueue(encoder.encode(value));
            return;
          }
        }
      } catch (error) {
        // Headers are gone: all that is left is to cut the body short, which no parser accepts.
        links.log.error('sitemap stream failed', { error });
        controller.error(error);
      }
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}
