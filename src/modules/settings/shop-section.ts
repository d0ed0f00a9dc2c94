import { z } from '@hono/zod-openapi';
import type { ShopProfile, ShopProfileChange } from '../../identity/shop-profile';
import type { SettingsDocument } from './document';

/**
 * The `shop` section: the shop itself rather than its storefront document. Its name and
 * currency live on the shop; its support email is the document's `branding.helpEmail`, one
 * stored value shown in both sections.
 */
export const ShopSectionSchema = z
  .object({
    name: z.string().openapi({
      description:
        'The shop’s name, as the storefront (GET /settings/health `name`), the theme’s header and every email show it; 1 to 80 characters, trimmed',
      example: 'Aurora Linen',
    }),
    supportEmail: z.string().openapi({
      description:
        'Where buyers write for help, and where new-order notices go: the same value as `branding.helpEmail`; empty for none',
      example: 'help@aurora.example',
    }),
    currency: z.string().openapi({
      description:
        'The ISO 4217 code of every amount; fixed once the shop has an order (409 SHOP_CURRENCY_LOCKED)',
      example: 'EUR',
    }),
    currencyDigits: z.number().int().openapi({
      description:
        'Digits after the decimal point (2 for EUR, 0 for JPY): amounts are stored as integers of 10^-n units, so this is fixed once the shop has an order (409 SHOP_CURRENCY_LOCKED). Prices already entered keep their stored integers.',
      example: 2,
    }),
    currencyLocked: z.boolean().openapi({
      description: 'Read-only: true once the shop has an order, so currency and digits are fixed',
      example: false,
    }),
  })
  .openapi('SettingsShop', {
    description:
      'The shop itself: name, support email and currency, as GET /settings shows them; PATCH /settings/shop changes them',
  });

export type ShopSection = z.infer<typeof ShopSectionSchema>;

/** What PATCH /settings/shop takes: any of the fields (`currencyLocked` is read-only, ignored). */
export const ShopPatchSchema = z
  .object({
    name: z.string().trim().min(1, 'Must not be empty.').max(80, 'At most 80 characters.'),
    supportEmail: z
      .string()
      .trim()
      .max(254, 'At most 254 characters.')
      .pipe(z.union([z.literal(''), z.email('Must be an email address, or empty.')])),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Must be a three-letter ISO 4217 code.'),
    currencyDigits: z
      .number()
      .int('Must be a whole number.')
      .min(0, 'At least 0.')
      .max(4, 'At most 4.'),
    currencyLocked: z.boolean(),
  })
  .partial()
  .strict();

export type ShopPatch = z.infer<typeof ShopPatchSchema>;

/** The section as GET /settings shows it. */
export const shopSectionOf = (profile: ShopProfile, document: SettingsDocument): ShopSection => ({
  name: profile.name,
  supportEmail: document.branding.helpEmail,
  currency: profile.currency,
  currencyDigits: profile.currencyDigits,
  currencyLocked: profile.hasOrders,
});

/** The shop's columns a patch changes (only those that differ). */
export function profileChange(profile: ShopProfile, patch: ShopPatch): ShopProfileChange {
  const change: ShopProfileChange = {};
  if (patch.name !== undefined && patch.name !== profile.name) change.name = patch.name;
  if (patch.currency !== undefined && patch.currency !== profile.currency) {
    change.currency = patch.currency;
  }
  if (patch.currencyDigits !== undefined && patch.currencyDigits !== profile.currencyDigits) {
    change.currencyDigits = patch.currencyDigits;
  }
  return change;
}
