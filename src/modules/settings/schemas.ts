import { z } from '@hono/zod-openapi';
import { POLICY_TYPES } from '../../db/schema';
import { ImageSchema, orNull } from '../../http/schemas';

export const HealthSchema = z
  .object({ status: z.literal('ok'), name: z.string(), id: z.string() })
  .openapi('Health');

type MenuCollection = {
  _id: string;
  name: string;
  slug: string;
  featured: boolean;
  image: z.infer<typeof ImageSchema> | null;
  children: MenuCollection[];
};
const MenuCollectionSchema: z.ZodType<MenuCollection> = z
  .lazy(() =>
    z.object({
      _id: z.string(),
      name: z.string(),
      slug: z.string(),
      featured: z.boolean(),
      image: orNull(ImageSchema),
      children: z.array(MenuCollectionSchema),
    }),
  )
  .openapi('MenuCollection');

type MenuPage = { name: string; url: string; children: MenuPage[] };
const MenuPageSchema: z.ZodType<MenuPage> = z
  .lazy(() => z.object({ name: z.string(), url: z.string(), children: z.array(MenuPageSchema) }))
  .openapi('MenuPage');

export const SettingsSchema = z
  .object({
    _id: z.string(),
    branding: z.object({
      logo: orNull(ImageSchema),
      address: z.string(),
      helpEmail: z.string(),
      helpPhone: z.string(),
      facebookUrl: z.string(),
      instagramUrl: z.string(),
      xUrl: z.string(),
      tiktokUrl: z.string(),
      linkedinUrl: z.string(),
      pinterestUrl: z.string(),
      youtubeUrl: z.string(),
      messagingNumber: z.string(),
      messagingText: z.string(),
      showContacts: z.boolean(),
      showSocials: z.boolean(),
    }),
    headerTopbar: z.object({
      activateTopBar: z.boolean(),
      topBarTemplate: z.string(),
      announcements: z.array(z.object({ value: z.string(), _id: z.string() })),
      showShopNowButton: z.boolean(),
      menuCollectionsLimit: z.number(),
      announcementInterval: z.number(),
      headerTemplate: z.string(),
      headerLayout: z.string(),
      menuContent: z.string(),
      menuPages: z.array(MenuPageSchema),
      menuCollections: z.array(MenuCollectionSchema),
    }),
    checkout: z.object({
      requiresAccount: z.boolean(),
      requiresPayments: z.boolean(),
      paymentActive: z.boolean(),
    }),
    reviews: z.object({ allowReviews: z.boolean() }),
    shipping: z.object({
      active: z.boolean(),
      removeAddress: z.boolean(),
      standardActive: z.boolean(),
      pickupActive: z.boolean(),
      partnerDeliveryActive: z.boolean(),
      standard: z.array(
        z.object({
          _id: z.string(),
          title: z.string(),
          price: z.number(),
          description: z.string(),
          default: z.boolean(),
          minOrder: z.number().nullable().openapi({
            description:
              'Additive: the least order value (products after coupons) the rate serves; null for any order. An order below it cannot choose the rate (`INVALID_SHIPPING_ID`).',
          }),
        }),
      ),
      pickup: z.array(
        z.object({
          _id: z.string(),
          name: z.string(),
          buildingName: z.string(),
          description: z.string(),
          fee: z.number(),
          openingHours: z.string(),
          lat: z.number().nullable(),
          lng: z.number().nullable(),
          mapUrl: z.string(),
          image: orNull(ImageSchema),
          phone: z.string(),
        }),
      ),
    }),
    tax: z.object({
      active: z.boolean(),
      value: z.number(),
      inclusive: z.boolean().openapi({
        description:
          'Additive: true when prices already include the tax (the total adds none), false when it is added on top of the discounted products',
      }),
    }),
    policies: z.array(z.object({ _id: z.string(), policyId: z.string(), type: z.string() })),
    footer: z.array(
      z.object({
        title: z.string(),
        links: z.array(z.object({ title: z.string(), link: z.string() })),
      }),
    ),
    footerConfig: z.object({
      logo: orNull(ImageSchema),
      footerTemplate: z.string(),
      showNewsletter: z.boolean(),
    }),
    footerPolicies: z.array(z.object({ title: z.string(), link: z.string() })),
    pages: z.array(z.object({ _id: z.string().optional(), name: z.string(), url: z.string() })),
    adsTracker: z.object({
      facebookPixelId: z.string(),
      googleTagManagerId: z.string(),
      googleAnalyticsId: z.string(),
      tiktokPixelId: z.string(),
      hotjarId: z.string(),
    }),
    defaultPages: z.object({ home: z.boolean(), shop: z.boolean(), contact: z.boolean() }),
    popups: z.object({ emailCaptureEnabled: z.boolean() }),
    media: z.object({ url: z.string() }),
  })
  .openapi('Settings');

export type Settings = z.infer<typeof SettingsSchema>;

export const PolicyTypeParam = z.object({
  type: z
    .enum(POLICY_TYPES)
    .openapi({ param: { name: 'type', in: 'path' }, description: 'One of the 14 policy types' }),
});

export const PolicySchema = z
  .object({ _id: z.string(), type: z.enum(POLICY_TYPES), content: z.string() })
  .openapi('Policy');
