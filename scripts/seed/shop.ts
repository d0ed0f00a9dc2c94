import type { PolicyType } from '../../src/db/schema';
import { ALL_SCOPES } from '../../src/identity/merchant-scopes';
import {
  type SettingsDocumentInput,
  SettingsDocumentSchema,
} from '../../src/modules/settings/document';
import { hashApiKey, keyPrefix } from './keys';
import { newId, type ShopPlan } from './plan';

export type ShopSeed = {
  handle: string;
  name: string;
  currency: string;
  apiKey: string;
  /** A merchant key holding every scope, when the shop gets one. */
  merchantKey?: string;
  /** The first hostname is the primary one. */
  domains: string[];
  newsletterCap?: number;
  refundWindowDays?: number;
};

/** The shop row, its storefront key (and merchant key) and its hostnames. */
export function addShop(plan: ShopPlan, seed: ShopSeed): void {
  const shopId = plan.shopId;
  plan.rows.shops.push({
    id: shopId,
    handle: seed.handle,
    name: seed.name,
    currency: seed.currency,
    currencyDigits: 2,
    newsletterCap: seed.newsletterCap ?? null,
    refundWindowDays: seed.refundWindowDays ?? 14,
    createdAt: plan.at(-540),
  });
  plan.rows.apiKeys.push({
    shopId,
    keyHash: hashApiKey(seed.apiKey),
    prefix: keyPrefix(seed.apiKey),
    name: 'storefront',
  });
  if (seed.merchantKey) {
    plan.rows.merchantKeys.push({
      shopId,
      name: 'demo (all scopes)',
      keyHash: hashApiKey(seed.merchantKey),
      prefix: keyPrefix(seed.merchantKey),
      scopes: ALL_SCOPES,
      createdAt: plan.at(-30),
    });
  }
  for (const [i, hostname] of seed.domains.entries()) {
    plan.rows.shopDomains.push({ shopId, hostname, isPrimary: i === 0 });
  }
}

/** Stores the settings document after validating it the way the settings module reads it. */
export function addSettings(plan: ShopPlan, document: SettingsDocumentInput): void {
  plan.rows.shopSettings.push({
    shopId: plan.shopId,
    document: SettingsDocumentSchema.parse(document),
    updatedAt: plan.at(-2),
  });
}

export type RateSeed = {
  key: string;
  title: string;
  priceMinor: number;
  /** Least order value the rate serves (free shipping over …). */
  minOrderMinor?: number;
  description: string;
  isDefault?: boolean;
  active?: boolean;
};

export type PickupSeed = {
  key: string;
  name: string;
  buildingName: string;
  description: string;
  feeMinor: number;
  openingHours: string;
  lat: number;
  lng: number;
  phone: string;
  imageId: string | null;
};

/** Standard delivery rates and pickup points, remembered by key for the seeded orders. */
export function addShipping(plan: ShopPlan, rates: RateSeed[], pickups: PickupSeed[]): void {
  rates.forEach((r, position) => {
    const id = newId();
    plan.rates.set(r.key, { id, title: r.title, priceMinor: r.priceMinor });
    plan.rows.shippingRates.push({
      id,
      shopId: plan.shopId,
      title: r.title,
      priceMinor: r.priceMinor,
      minOrderMinor: r.minOrderMinor ?? null,
      description: r.description,
      isDefault: r.isDefault ?? false,
      position,
      active: r.active ?? true,
      createdAt: plan.at(-400),
    });
  });
  pickups.forEach(({ key, ...p }, position) => {
    const id = newId();
    plan.pickups.set(key, { id, name: p.name, feeMinor: p.feeMinor });
    plan.rows.pickupLocations.push({
      id,
      shopId: plan.shopId,
      ...p,
      mapUrl: `https://www.openstreetmap.org/?mlat=${p.lat}&mlon=${p.lng}#map=17/${p.lat}/${p.lng}`,
      position,
      createdAt: plan.at(-400),
    });
  });
}

export type PolicySeed = {
  type: PolicyType;
  title: string;
  /** Paragraphs; a paragraph that is an array becomes a bullet list. */
  body: Array<string | string[]>;
};

/** Policy documents as the merchant's HTML. */
export function addPolicies(plan: ShopPlan, list: PolicySeed[]): void {
  list.forEach((policy, i) => {
    const html = policy.body
      .map((part) =>
        Array.isArray(part)
          ? `<ul>${part.map((item) => `<li>${item}</li>`).join('')}</ul>`
          : `<p>${part}</p>`,
      )
      .join('\n');
    plan.rows.policies.push({
      shopId: plan.shopId,
      type: policy.type,
      title: policy.title,
      content: `<h2>${policy.title}</h2>\n${html}`,
      createdAt: plan.at(-365 + i),
      updatedAt: plan.at(-60 + i),
    });
  });
}
