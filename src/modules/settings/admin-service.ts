import type { z } from 'zod';
import { unchanged } from '../../admin-kit/audit';
import type { WriteScope } from '../../admin-kit/write';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { ApiError, type ErrorCode, type ErrorDetail } from '../../errors';
import { detailsOf } from '../../http/router';
import { isScriptingUrl } from '../../lib/link-url';
import { isUuid } from '../../lib/uuid';
import { isMediaOfShop } from '../media/queries';
import {
  lockSettingsRecord,
  type SettingsRecord,
  selectSettingsRecord,
  writeSettingsDocument,
} from './admin-queries';
import type { SettingsPatch, SettingsSection } from './admin-schemas';
import { readSettingsDocument, type SettingsDocument, SettingsDocumentSchema } from './document';

const TYPE = 'settings';

/** The codes each verb can raise; routes document them from here. */
export const ADMIN_RAISES = {
  updateSettingsSection: ['VALIDATION_FAILED'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** The fields of a section that name an image of the shop. */
const MEDIA_FIELDS: Partial<Record<SettingsSection, string>> = {
  branding: 'logoId',
  footerConfig: 'logoId',
  seo: 'iconId',
};

type Record_ = Pick<SettingsRecord, 'document' | 'version' | 'updatedAt'> | null;

/** The settings as the merchant API shows them: the whole document, defaults filled. */
function toSettings(
  row: Record_,
  document: SettingsDocument = readSettingsDocument(row?.document),
) {
  return {
    object: 'settings' as const,
    version: row?.version ?? 0,
    updated_at: row && row.version > 0 ? row.updatedAt.toISOString() : null,
    ...document,
  };
}

export async function getMerchantSettings(db: Db, shop: ShopContext) {
  return toSettings(await selectSettingsRecord(db, shop.id));
}

const invalid = (details: ErrorDetail[]) => new ApiError('VALIDATION_FAILED', { details });

/**
 * The section after the patch, validated by the section's own schema: an object section
 * takes the given fields over its current ones (unknown fields refused); a list section
 * is replaced by the given list.
 */
function patchedSection(current: SettingsDocument, section: SettingsSection, patch: SettingsPatch) {
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
  return parsed.data as SettingsDocument[SettingsSection];
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

async function assertMediaOfShop(w: WriteScope, section: SettingsSection, value: unknown) {
  const field = MEDIA_FIELDS[section];
  const id = field ? (value as Record<string, unknown>)[field] : null;
  if (typeof id !== 'string') return;
  if (!isUuid(id) || !(await isMediaOfShop(w.tx, w.shop.id, id))) {
    throw invalid([{ field: field ?? '', message: 'No image with this id in the shop.' }]);
  }
}

/** Changes one section of the settings document; a no-op writes nothing. */
export async function updateSettingsSection(
  w: WriteScope,
  section: SettingsSection,
  patch: SettingsPatch,
) {
  const current = await lockSettingsRecord(w.tx, w.shop.id);
  w.expectVersion(current.version);
  const document = readSettingsDocument(current.document);
  const next = { ...document, [section]: patchedSection(document, section, patch) };
  const before = toSettings(current, document);
  if (unchanged(before, toSettings(current, next))) return before;
  await assertMediaOfShop(w, section, next[section]);
  const after = toSettings(await writeSettingsDocument(w.tx, w.shop.id, next));
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: w.shop.id, before, after });
  return after;
}
