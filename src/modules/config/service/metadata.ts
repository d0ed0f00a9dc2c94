import type { Db } from '../../../db/client';
import { ApiError } from '../../../errors';
import { readSettingsDocument } from '../../settings/document';
import { mediaFileUrl } from '../../storage/service';
import {
  type CategoryPageRow,
  type MediaRow,
  type PageContextRow,
  type PolicyPageRow,
  type ProductPageRow,
  selectPageContext,
} from '../queries';
import type { PageMetadata } from '../schemas';
import { humanize, staticPageTitle } from './pages';
import { storefrontOrigin } from './storefront-origin';
import { collapseWhitespace, htmlToText, truncate } from './text';
import { matchPage, type PageTarget, parseStorefrontUrl, type StorefrontUrl } from './url';

/** Where links and images point, from the configuration and the request. */
export type LinkContext = {
  /** Base of media URLs, ending in `/` (settings `media.url` without `<shop_id>/media/`). */
  mediaBaseUrl: string;
  platformSuffix: string | undefined;
  /** The host the request reached; the last resort for a shop without any storefront host. */
  fallbackHost: string;
};

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;
const SEARCH_TERM_LENGTH = 100;

type Page = { title: string | null; description: string; image: string | null; path: string };

/** Plain-text summary of merchant HTML for a meta description; empty when there is no text. */
const summary = (html: string) => truncate(htmlToText(html), DESCRIPTION_LENGTH);

function describePage(
  target: PageTarget,
  url: StorefrontUrl,
  path: string,
  row: PageContextRow,
  merchantPages: ReadonlyArray<{ name: string; url: string }>,
  mediaUrl: (m: MediaRow) => string,
): Page {
  const page = row.page;
  switch (target.kind) {
    case 'product': {
      if (!page) break;
      const product = page as ProductPageRow;
      return {
        title: product.title,
        description: summary(product.description),
        image: product.image && mediaUrl(product.image),
        // Canonical: the slug, also when the product was asked for by id.
        path: `/product/${encodeURIComponent(product.slug)}`,
      };
    }
    case 'collection': {
      if (!page) break;
      const category = page as CategoryPageRow;
      return {
        title: category.name,
        description: summary(category.description),
        image: category.image && mediaUrl(category.image),
        path: `/collections/${encodeURIComponent(category.slug)}`,
      };
    }
    case 'support': {
      if (!page) break;
      const policy = page as PolicyPageRow;
      return {
        title: policy.title || humanize(policy.type),
        description: summary(policy.content),
        image: null,
        path,
      };
    }
    case 'search': {
      const term = target.term && truncate(collapseWhitespace(target.term), SEARCH_TERM_LENGTH);
      return {
        title: term ? `Search results for "${term}"` : 'Search',
        description: '',
        image: null,
        path,
      };
    }
    default:
      break;
  }
  // Static pages, and dynamic ones whose identifier is missing or unknown: the shop's defaults.
  return {
    title: target.kind === 'static' ? staticPageTitle(url.segments, path, merchantPages) : null,
    description: '',
    image: null,
    path,
  };
}

/**
 * The page metadata of a storefront URL (title, description, icons, Open Graph),
 * built in one statement. The URL is only parsed, never fetched.
 */
export async function pageMetadata(
  db: Db,
  shopId: string,
  request: { url: string; param?: string | null | undefined },
  links: LinkContext,
): Promise<PageMetadata> {
  const url = parseStorefrontUrl(request.url);
  const param = request.param?.trim() || null;
  const { target, path } = matchPage(url, param);
  const row = await selectPageContext(db, shopId, target, url.host);
  if (url.host !== null) {
    const handleHost =
      row.storefront && links.platformSuffix
        ? `${row.storefront.handle}.${links.platformSuffix}`.toLowerCase()
        : null;
    if (!row.hostIsDomain && url.host !== handleHost) throw new ApiError('SHOP_URL_INVALID');
  }

  const doc = readSettingsDocument(row.document);
  const site = doc.seo.title || row.name;
  const mediaUrl = (m: MediaRow) => mediaFileUrl(links.mediaBaseUrl, shopId, m.filename);
  const icon = row.images.find((m) => m.id === doc.seo.iconId);
  const logo = row.images.find((m) => m.id === doc.branding.logoId);

  const page = describePage(target, url, path, row, doc.pages, mediaUrl);
  const title = page.title ? `${page.title} | ${site}` : site;
  const description = page.description || doc.seo.description || site;
  const image = page.image ?? (logo ? mediaUrl(logo) : null);
  const metadataBase = storefrontOrigin(row.storefront, links.platformSuffix, links.fallbackHost);

  return {
    title,
    description,
    icons: { icon: icon ? [{ url: mediaUrl(icon), type: icon.mimeType }] : [] },
    metadataBase,
    author: doc.seo.author || row.name,
    keywords: doc.seo.keywords,
    charSet: 'utf-8',
    openGraph: {
      type: 'website',
      images: image ? [image] : [],
      title,
      description,
      url: `${metadataBase}${page.path}`,
    },
  };
}
