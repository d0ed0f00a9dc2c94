import type { z } from 'zod';
import { unchanged } from '../../admin-kit/audit';
import type { WriteScope } from '../../admin-kit/write';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { ApiError, type ErrorCode, type ErrorDetail } from '../../errors';
import { detailsOf } from '../../http/router';
import {
  type ShopProfile,
  selectShopProfile,
  updateShopProfile,
} from '../../identity/shop-profile';
import { forgetShop } from '../../identity/shops';
import { isScriptingUrl } from '../../lib/link-url';
import { isUuid } from '../../lib/uuid';
import { isMediaOfShop } from '../media/queries';
import {
  lockSettingsRecord,
  type SettingsRecord,
  selectSettingsRecord,
  writeSettingsDocument,
} from './admin-queries';
import type { DocumentSection, SettingsPatch, SettingsSection } from './admin-schemas';
import { readSettingsDocument, type SettingsDocument, SettingsDocumentSchema } from './document';
import { profileChange, type ShopPatch, ShopPatchSchema, shopSectionOf } from './shop-section';

const TYPE = 'settings';

/** The codes each verb can raise; routes document them from here. */
export const ADMIN_RAISES = {
  updateSettingsSection: ['VALIDATION_FAILED', 'SHOP_CURRENCY_LOCKED'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** The fields of a section that name an image of the shop. */
const MEDIA_FIELDS: Partial<Record<DocumentSection, string>> = {
  branding: 'logoId',
  footerConfig: 'logoId',
  seo: 'iconId',
};

type Record_ = Pick<SettingsRecord, 'document' | 'version' | 'updatedAt'> | null;

/**
 * The settings as the merchant API shows them: the shop itself (`shop`) and the whole
 * document, defaults filled.
 */
function toSettings(
  row: Record_,
  profile: ShopProfile,
  document: SettingsDocument = readSettingsDocument(row?.document),
) {
  return {
    object: 'settings' as const,
    version: row?.version ?? 0,
    updated_at: row && row.version > 0 ? row.updatedAt.toISOString() : null,
    shop: shopSectionOf(profile, document),
    ...document,
  };
}

export async function getMerchantSettings(db: Db, shop: ShopContext) {
  const { record, profile } = await selectSettingsRecord(db, shop.id);
  return toSettings(record, profile);
}

const invalid = (details: ErrorDetail[]) => new ApiError('VALIDATION_FAILED', { details });

/**
 * The section after the patch, validated by the section's own schema: an object section
 * takes the given fields over its current ones (unknown fields refused); a list section
 * is replaced by the given list.
 */
function patchedSection(current: SettingsDocument, section: DocumentSection, patch: SettingsPatch) {
  const schema = SettingsDocumentSchema.shape[section] as z.ZodType;
  const inner =
    'unwrap' in schema ? (schema as unknown as { unwrap(): z.ZodType }).unwrap() : schema;
  const isList = Array.isArray(current[section]);
  if (isList !== Array.isArray(patch)) {
    throw invalid([
      { field: '(root)', message: isList ? 'Must be a list.' : 'Must be an object.' },
    ]);
  }
  const strict = 'strict' in inner ? (inner as unknown as z.ZodObject).strict() : inner;
  const merged = isList ? patch : { ...(current[section] as object), ...patch };
  const parsed = strict.safeParse(merged);
  if (!parsed.success) throw invalid(detailsOf(parsed.error.issues));
  const links = scriptingLinks(parsed.data);
  if (links.length) throw invalid(links);
  return parsed.data as SettingsDocument[DocumentSection];
}

/** Fields that hold a link a page renders: `*Url` (socials), `url` (menu, pages), `link` (footer). */
const LINK_FIELD = /(^url|Url|^link)$/;

/** Every link field in a section's value that holds a scripting URL, named by its path. */
function scriptingLinks(value: unknown, path: string[] = []): ErrorDetail[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => scriptingLinks(v, [...path, String(i)]));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    typeof v === 'string'
      ? LINK_FIELD.test(key) && isScriptingUrl(v)
        ? [
            {
              field: [...path, key].join('.'),
              message: 'Must not be a javascript:, data: or vbscript: URL.',
            },
          ]
        : []
      : scriptingLinks(v, [...path, key]),
  );
}

async function assertMediaOfShop(w: WriteScope, section: DocumentSection, value: unknown) {
  const field = MEDIA_FIELDS[section];
  const id = field ? (value as Record<string, unknown>)[field] : null;
  if (typeof id !== 'string') return;
  if (!isUuid(id) || !(await isMediaOfShop(w.tx, w.shop.id, id))) {
    throw invalid([{ field: field ?? '', message: 'No image with this id in the shop.' }]);
  }
}

/** The `shop` section's patch, validated (an object of its fields only). */
function shopPatchOf(patch: SettingsPatch): ShopPatch {
  if (Array.isArray(patch)) throw invalid([{ field: '(root)', message: 'Must be an object.' }]);
  const parsed = ShopPatchSchema.safeParse(patch);
  if (!parsed.success) throw invalid(detailsOf(parsed.error.issues));
  return parsed.data;
}

/**
 * Amounts are stored as integers of the currency's minor unit: once an order holds some,
 * a new currency or number of digits would change what they mean (1234 is 12.34 EUR with 2
 * digits, 1234 with 0), so the shop's currency is fixed from its first order on.
 */
function assertCurrencyMayChange(profile: ShopProfile, next: ShopProfile) {
  if (!profile.hasOrders) return;
  const fields = (['currency', 'currencyDigits'] as const).filter((f) => next[f] !== profile[f]);
  if (fields.length === 0) return;
  throw new ApiError('SHOP_CURRENCY_LOCKED', {
    message: `The shop has orders, whose amounts are stored as integers of ${profile.currency} with ${profile.currencyDigits} digits: changing the currency or its digits would change what they mean, so they are fixed.`,
    details: fields.map((field) => ({ field, message: 'Fixed once the shop has an order.' })),
  });
}

/**
 * Changes one section of the settings; a no-op writes nothing. `shop` changes the shop's
 * name and currency (its row locked) and the document's support email; every section
 * raises the settings' version, so If-Match works the same for all.
 */
export async function updateSettingsSection(
  w: WriteScope,
  section: SettingsSection,
  patch: SettingsPatch,
) {
  const shopPatch = section === 'shop' ? shopPatchOf(patch) : null;
  const current = await lockSettingsRecord(w.tx, w.shop.id);
  w.expectVersion(current.version);
  const profile = await selectShopProfile(w.tx, w.shop.id, { lock: shopPatch !== null });
  const document = readSettingsDocument(current.document);
  let next: SettingsDocument;
  let nextProfile = profile;
  if (shopPatch) {
    const { supportEmail } = shopPatch;
    next =
      supportEmail === undefined
        ? document
        : { ...document, branding: { ...document.branding, helpEmail: supportEmail } };
    nextProfile = { ...profile, ...profileChange(profile, shopPatch) };
  } else {
    const documentSection = section as DocumentSection;
    next = {
      ...document,
      [documentSection]: patchedSection(document, documentSection, patch),
    };
  }
  const before = toSettings(current, profile, document);
  if (unchanged(before, toSettings(current, nextProfile, next))) return before;
  if (shopPatch) {
    assertCurrencyMayChange(profile, nextProfile);
    await updateShopProfile(w.tx, w.shop.id, profileChange(profile, shopPatch));
    // The shop's name and currency are part of every cached resolution of the shop.
    w.afterCommit(() => forgetShop(w.services, w.shop.id));
  } else {
    await assertMediaOfShop(w, section as DocumentSection, next[section as DocumentSection]);
  }
  const after = toSettings(await writeSettingsDocument(w.tx, w.shop.id, next), nextProfile, next);
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: w.shop.id, before, after });
  return after;
}
