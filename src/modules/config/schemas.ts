import { z } from '@hono/zod-openapi';
import { success } from '../../http/schemas';
import { MAX_URL_LENGTH } from './service/url';

export const PageMetadataRequestSchema = z
  .object({
    url: z.string().max(MAX_URL_LENGTH).openapi({
      description:
        "A storefront path or pattern (`/product/:id`), or a full URL on the shop's own domain",
      example: '/product/:id',
    }),
    param: z.string().max(500).nullish().openapi({
      description:
        'The identifier of a dynamic pattern: product slug or id, category slug, policy type, search term',
      example: 'linen-shirt',
    }),
  })
  .openapi('PageMetadataRequest');

export const PageMetadataSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    icons: z.object({ icon: z.array(z.object({ url: z.string(), type: z.string() })) }),
    metadataBase: z.string().openapi({ example: 'https://shop.example.com' }),
    author: z.string(),
    keywords: z.array(z.string()),
    charSet: z.literal('utf-8'),
    openGraph: z.object({
      type: z.literal('website'),
      images: z.array(z.string()),
      title: z.string(),
      description: z.string(),
      url: z.string(),
    }),
  })
  .openapi('PageMetadata');

export type PageMetadata = z.infer<typeof PageMetadataSchema>;

export const CHANGE_FREQUENCIES = [
  'always',
  'hourly',
  'daily',
  'weekly',
  'monthly',
  'yearly',
  'never',
] as const;

export const SitemapEntrySchema = z
  .object({
    url: z.string().openapi({ example: 'https://shop.example.com/product/linen-shirt' }),
    lastModified: z.string().openapi({ example: '2025-01-31T10:00:00.000Z' }),
    changeFrequency: z.enum(CHANGE_FREQUENCIES),
    priority: z.number().min(0).max(1),
  })
  .openapi('SitemapEntry');

export type SitemapEntry = z.infer<typeof SitemapEntrySchema>;

export const SitemapSchema = success(z.array(SitemapEntrySchema)).openapi('Sitemap');
export const PageMetadataResponseSchema =
  success(PageMetadataSchema).openapi('PageMetadataResponse');
