import { z } from '@hono/zod-openapi';
import { SettingsDocumentSchema } from './document';
import { ShopSectionSchema } from './shop-section';

/** The sections of the settings document, each read whole and changed on its own. */
export const DOCUMENT_SECTIONS = Object.keys(SettingsDocumentSchema.shape) as Array<
  keyof typeof SettingsDocumentSchema.shape
>;
export type DocumentSection = (typeof DOCUMENT_SECTIONS)[number];

/** Every section a PATCH may name: the document's, and `shop` (the shop itself). */
export const SETTINGS_SECTIONS = ['shop', ...DOCUMENT_SECTIONS] as const;
export type SettingsSection = 'shop' | DocumentSection;

export const SettingsSectionParamSchema = z.object({
  section: z.enum(SETTINGS_SECTIONS as unknown as [SettingsSection, ...SettingsSection[]]).openapi({
    param: { name: 'section', in: 'path' },
    description: 'A section of the settings document',
  }),
});

const schemaName = (section: string) => `Settings${section[0]?.toUpperCase()}${section.slice(1)}`;

/**
 * Each section's schema is the one that validates it (`SettingsDocumentSchema`), named
 * `Settings<Section>` in the document: what a PATCH must satisfy is what the reference shows.
 */
const SECTION_SCHEMAS = Object.fromEntries(
  DOCUMENT_SECTIONS.map((section) => [
    section,
    SettingsDocumentSchema.shape[section].openapi(schemaName(section), {
      description: `The \`${section}\` section, as GET /settings shows it; PATCH /settings/${section} changes it`,
    }),
  ]),
) as { [S in DocumentSection]: (typeof SettingsDocumentSchema.shape)[S] };

export const MerchantSettingsSchema = z
  .object({
    object: z.literal('settings'),
    version: z.number().int().openapi({
      description: 'Raised by every change; the ETag (0 until the first change)',
    }),
    updated_at: z.string().nullable(),
    shop: ShopSectionSchema,
    ...SECTION_SCHEMAS,
  })
  .openapi('MerchantSettings', {
    description:
      'The stored settings behind the storefront’s GET /settings, every field filled with its default; shipping rates, pickup locations, policies and menu categories are resources of their own',
  });

export const SettingsPatchSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .openapi('SettingsSectionPatch', {
    description:
      'For a section that is an object, the fields to change (the others are kept; a nested object or list is replaced whole); for `footer` and `pages`, the new list',
  });

export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
