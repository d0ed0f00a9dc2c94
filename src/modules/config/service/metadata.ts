import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ApiError, type ErrorCode } from '../../../errors';
import { storefrontOrigin } from '../../../identity/storefront-origin';
import { collectionPath, productPath } from '../../../lib/storefront-paths';
import { categoryPageSql } from '../../categories/queries';
import { policyPageSql } from '../../policies/queries';
import { productPageSql } from '../../products/queries/page';
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
import { collapseWhitespace, htmlToText, truncate } from './text';
import { matchPage, type PageTarget, parseStorefrontUrl, type StorefrontUrl } from './url';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  pageMetadata: ['SHOP_URL_INVALID'],
} as const satisfies Record<string, readonly ErrorCode[]>;

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

type Page = {
  title: string | null;
  description: string;
  image: string | null;
  path: string;
  /** The title is whole already (a merchant's SEO title naming the shop): no `| <site>`. */
  titled?: boolean;
};

/** Plain-text summary of merchant HTML for a meta description; empty when there is no text. */
const summary = (html: string) => truncate(htmlToText(html), DESCRIPTION_LENGTH);

type MediaUrl = (m: MediaRow) => string;

/**
 * SQL reading the page a target names, from the module that owns it: null for static pages
 * and for a dynamic one without its identifier.
 */
function pageSql(shopId: string, target: PageTarget): SQL | null {
  switch (target.kind) {
    case 'product':
      return target.id ? productPageSql(shopId, target.id) : null;
    case 'collection':
      return target.slug ? categoryPageSql(shopId, target.slug) : null;
    case 'support':
      return target.type ? policyPageSql(shopId, target.type) : null;
    default:
      return null;
  }
}

const namesSite = (title: string, site: string) =>
  site !== '' && title.toLowerCase().includes(site.toLowerCase());

/**
 * A product page: its SEO title and description when the merchant set them, else its title
 * and its text; its first image, and its slug as the canonical path. An SEO title that
 * already names the site is the whole title, as Shopify's themes show it.
 */
const productPage = (product: ProductPageRow, mediaUrl: MediaUrl, site: string): Page => ({
  title: collapseWhitespace(product.seoTitle) || product.title,
  titled: namesSite(product.seoTitle, site),
  description: collapseWhitespace(product.seoDescription) || summary(product.description),
  image: product.image && mediaUrl(product.image),
  // Canonical: the slug, also when the product was asked for by id.
  path: productPath(product.slug),
});

/** A category page (`/collections/<slug>`), canonical by slug like products. */
const collectionPage = (category: CategoryPageRow, mediaUrl: MediaUrl): Page => ({
  title: category.name,
  description: summary(category.description),
  image: category.image && mediaUrl(category.image),
  path: collectionPath(category.slug),
});

/** A policy page: its title, else its type in words. */
const supportPage = (policy: PolicyPageRow, path: string): Page => ({
  title: policy.title || humanize(policy.type),
  description: summary(policy.content),
  image: null,
  path,
});

/** The search page, titled with the (shortened) term. */
const searchPage = (rawTerm: string | null, path: string): Page => {
  const term = rawTerm && truncate(collapseWhitespace(rawTerm), SEARCH_TERM_LENGTH);
  return {
    title: term ? `Search results for "${term}"` : 'Search',
    description: '',
    image: null,
    path,
  };
};

/**
 * What the page a URL names shows. Static pages, and dynamic ones whose identifier is
 * missing or unknown, get the shop's defaults (a title of their own for static pages).
 */
function describePage(
  target: PageTarget,
  url: StorefrontUrl,
  path: string,
  row: PageContextRow,
  merchantPages: ReadonlyArray<{ name: string; url: string }>,
  mediaUrl: MediaUrl,
  site: string,
): Page {
  const page = row.page;
  if (target.kind === 'product' && page) {
    return productPage(page as ProductPageRow, mediaUrl, site);
  }
  if (target.kind === 'collection' && page) {
    return collectionPage(page as CategoryPageRow, mediaUrl);
  }
  if (target.kind === 'support' && page) return supportPage(page as PolicyPageRow, path);
  if (target.kind === 'search') return searchPage(target.term, path);
  return {
    title: target.kind === 'static' ? staticPageTitle(url.segments, path, merchantPages) : null,
    description: '',
    image: null,
    path,
  };
}

/**
 * An absolute URL must be on one of the shop's domains or its platform host
 * (`<handle>.<suffix>`); a path is always the shop's own.
 */
function assertShopHost(url: StorefrontUrl, row: PageContextRow, links: LinkContext): void {
  if (url.host === null) return;
  const handleHost =
    row.storefront && links.platformSuffix
      ? `${row.storefront.handle}.${links.platformSuffix}`.toLowerCase()
      : null;
  if (!row.hostIsDomain && url.host !== handleHost) throw new ApiError('SHOP_URL_INVALID');
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
  const row = await selectPageContext(db, shopId, pageSql(shopId, target), url.host);
  assertShopHost(url, row, links);

  const doc = readSettingsDocument(row.document);
  const site = doc.seo.title || row.name;
  const mediaUrl = (m: MediaRow) => mediaFileUrl(links.mediaBaseUrl, shopId, m.filename);
  const icon = row.images.find((m) => m.id === doc.seo.iconId);
  const logo = row.images.find((m) => m.id === doc.branding.logoId);

  const page = describePage(target, url, path, row, doc.pages, mediaUrl, site);
  const title = page.title ? (page.titled ? page.title : `${page.title} | ${site}`) : site;
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
