import { z } from '@hono/zod-openapi';

const str = z.string().default('');
const flag = (value = false) => z.boolean().default(value);

// Named, so a document of it refers to itself for `children` instead of recursing.
const MenuPageSchema: z.ZodType<{ name: string; url: string; children: unknown[] }> = z
  .lazy(() =>
    z.object({ name: z.string(), url: z.string(), children: z.array(MenuPageSchema).default([]) }),
  )
  .openapi('SettingsMenuPage');

/** Whether a shop takes new reviews when its settings say nothing (GET /settings, POST /reviews). */
export const ALLOW_REVIEWS_DEFAULT = true;

/**
 * The merchant's storefront configuration as stored in `shop_settings.document`.
 * Every field has a default, so a shop that configured nothing still gets every field
 * of the contract with the right type. Relational parts (shipping rates, pickup points,
 * policies, menu categories, images) live in their own tables and are joined in.
 */
export const SettingsDocumentSchema = z.object({
  branding: z
    .object({
      logoId: z.string().nullable().default(null),
      address: str,
      helpEmail: str,
      helpPhone: str,
      facebookUrl: str,
      instagramUrl: str,
      xUrl: str,
      tiktokUrl: str,
      linkedinUrl: str,
      pinterestUrl: str,
      youtubeUrl: str,
      messagingNumber: str,
      messagingText: str,
      showContacts: flag(true),
      showSocials: flag(true),
    })
    .prefault({}),
  headerTopbar: z
    .object({
      activateTopBar: flag(),
      topBarTemplate: z.string().default('default'),
      announcements: z.array(z.object({ _id: z.string(), value: z.string() })).default([]),
      showShopNowButton: flag(),
      menuCollectionsLimit: z.number().int().nonnegative().default(6),
      announcementInterval: z.number().int().nonnegative().default(5000),
      headerTemplate: z.string().default('default'),
      headerLayout: z.string().default('default'),
      menuContent: z.string().default('collections'),
      menuPages: z.array(MenuPageSchema).default([]),
    })
    .prefault({}),
  checkout: z.object({ requiresAccount: flag(), requiresPayments: flag() }).prefault({}),
  reviews: z.object({ allowReviews: flag(ALLOW_REVIEWS_DEFAULT) }).prefault({}),
  shipping: z
    .object({
      active: flag(true),
      removeAddress: flag(),
      standardActive: flag(true),
      pickupActive: flag(),
      partnerDeliveryActive: flag(),
    })
    .prefault({}),
  tax: z
    .object({
      active: flag(),
      value: z.number().min(0).max(100).default(0),
      // Whether the catalogue's prices already include the tax (they do in most of Europe).
      inclusive: flag(),
    })
    .prefault({}),
  footer: z
    .array(
      z.object({
        title: z.string(),
        links: z.array(z.object({ title: z.string(), link: z.string() })).default([]),
      }),
    )
    .default([]),
  footerConfig: z
    .object({
      logoId: z.string().nullable().default(null),
      footerTemplate: z.string().default('default'),
      showNewsletter: flag(true),
    })
    .prefault({}),
  pages: z
    .array(z.object({ _id: z.string().optional(), name: z.string(), url: z.string() }))
    .default([]),
  adsTracker: z
    .object({
      facebookPixelId: str,
      googleTagManagerId: str,
      googleAnalyticsId: str,
      tiktokPixelId: str,
      hotjarId: str,
    })
    .prefault({}),
  defaultPages: z.object({ home: flag(true), shop: flag(true), contact: flag(true) }).prefault({}),
  popups: z.object({ emailCaptureEnabled: flag() }).prefault({}),
  /** Page metadata defaults (POST /config). */
  seo: z
    .object({
      title: str,
      description: str,
      keywords: z.array(z.string()).default([]),
      author: str,
      iconId: z.string().nullable().default(null),
    })
    .prefault({}),
});

export type SettingsDocument = z.infer<typeof SettingsDocumentSchema>;
export type SettingsDocumentInput = z.input<typeof SettingsDocumentSchema>;

/** Reads a stored document, filling defaults; a malformed stored value falls back to defaults. */
export function readSettingsDocument(raw: unknown): SettingsDocument {
  const parsed = SettingsDocumentSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : SettingsDocumentSchema.parse({});
}
