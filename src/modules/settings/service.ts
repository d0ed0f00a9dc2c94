import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import type { ImageJson } from '../../db/json';
import type { PolicyType } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import { escapeHtml } from '../../lib/html';
import { toAmount } from '../../lib/money';
import { supportPath } from '../../lib/storefront-paths';
import { type MenuCategory, menuCategoriesSql } from '../categories/queries';
import { hasActiveProviderSql } from '../payments/queries';
import { type StorefrontPickup, storefrontPickupsSql } from '../pickup-locations/queries';
import { type StorefrontPolicy, selectPolicy, storefrontPoliciesSql } from '../policies/queries';
import { type StorefrontRate, storefrontRatesSql } from '../shipping-rates/queries';
import { shopMediaUrl } from '../storage/service';
import { readSettingsDocument } from './document';
import { selectSettings } from './queries';
import type { Settings } from './schemas';

/** What GET /settings reads in its one statement (selectSettings). */
type SettingsRow = {
  document: unknown;
  rates: StorefrontRate[];
  pickups: StorefrontPickup[];
  policies: StorefrontPolicy[];
  menu: MenuCategory[];
  images: ImageJson[];
  paymentActive: boolean;
};

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getPolicy: ['POLICY_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

type MenuItem = Settings['headerTopbar']['menuCollections'][number];

/** Nests the flat list of menu categories under their parents (any depth). */
export function buildMenuTree(rows: SettingsRow['menu']): MenuItem[] {
  const ids = new Set(rows.map((r) => r._id));
  const childrenOf = new Map<string | null, SettingsRow['menu']>();
  for (const row of rows) {
    const parent = row.parent && ids.has(row.parent) ? row.parent : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const build = (parent: string | null, seen: Set<string>): MenuItem[] =>
    (childrenOf.get(parent) ?? [])
      .filter((row) => !seen.has(row._id))
      .map((row) => ({
        _id: row._id,
        name: row.name,
        slug: row.slug,
        featured: row.featured,
        image: row.image,
        children: build(row._id, new Set([...seen, row._id])),
      }));
  return build(null, new Set());
}

/** The public settings of a shop, every field of the contract present. */
export async function getSettings(
  db: Db,
  shop: ShopContext,
  mediaBaseUrl: string,
): Promise<Settings> {
  const row = await selectSettings<SettingsRow>(db, shop.id, {
    rates: storefrontRatesSql(shop.id),
    pickups: storefrontPickupsSql(shop.id),
    policies: storefrontPoliciesSql(shop.id),
    menu: menuCategoriesSql(shop.id),
    paymentActive: hasActiveProviderSql(shop.id),
  });
  const doc = readSettingsDocument(row.document);
  const image = (id: string | null): ImageJson | null =>
    (id && row.images.find((i) => i._id === id)) || null;
  const amount = (minor: number) => toAmount(minor, shop.currencyDigits);
  const { logoId, ...branding } = doc.branding;
  const { logoId: footerLogoId, ...footerConfig } = doc.footerConfig;

  return {
    _id: shop.id,
    branding: { logo: image(logoId), ...branding },
    headerTopbar: {
      ...doc.headerTopbar,
      menuCollections: buildMenuTree(row.menu),
    } as Settings['headerTopbar'],
    checkout: { ...doc.checkout, paymentActive: row.paymentActive },
    reviews: doc.reviews,
    shipping: {
      ...doc.shipping,
      standard: row.rates.map(({ priceMinor, minOrderMinor, ...rate }) => ({
        ...rate,
        price: amount(priceMinor),
        minOrder: minOrderMinor === null ? null : amount(minOrderMinor),
      })),
      pickup: row.pickups.map(({ feeMinor, ...pickup }) => ({ ...pickup, fee: amount(feeMinor) })),
    },
    tax: doc.tax,
    policies: row.policies.map((p) => ({ _id: p._id, policyId: p._id, type: p.type })),
    footer: doc.footer,
    footerConfig: { logo: image(footerLogoId), ...footerConfig },
    footerPolicies: row.policies.map((p) => ({
      title: p.title || p.type,
      link: supportPath(p.type),
    })),
    pages: doc.pages,
    adsTracker: doc.adsTracker,
    defaultPages: doc.defaultPages,
    popups: doc.popups,
    media: { url: shopMediaUrl(mediaBaseUrl, shop.id) },
  };
}

/** One policy document, its HTML escaped as the contract requires. */
export async function getPolicy(db: Db, shopId: string, type: PolicyType) {
  const policy = await selectPolicy(db, shopId, type);
  if (!policy) throw new ApiError('POLICY_NOT_FOUND');
  return { ...policy, content: escapeHtml(policy.content) };
}
