import { z } from '@hono/zod-openapi';

/**
 * A product's SEO title and description and its vendor: what the merchant API accepts and the
 * Shopify CSV importer checks, with one set of limits.
 */

/** Lengths of the SEO fields and the vendor (Shopify's own limits are 70, 320 and 255 shown). */
export const MAX_SEO_TITLE = 255;
export const MAX_SEO_DESCRIPTION = 1000;
export const MAX_VENDOR = 255;

/** What search engines and the merchant see beside the title; empty: not set. */
export const seoFields = {
  seo_title: z
    .string()
    .trim()
    .max(MAX_SEO_TITLE)
    .openapi({
      description: `The product page's title for search engines (at most ${MAX_SEO_TITLE} characters); empty: the product's title`,
      example: 'Linen shirt, stone washed | Aurora',
    }),
  seo_description: z
    .string()
    .trim()
    .max(MAX_SEO_DESCRIPTION)
    .openapi({
      description: `The product page's meta description, plain text (at most ${MAX_SEO_DESCRIPTION} characters); empty: the start of the description`,
      example: 'A breathable linen shirt, stone washed for a soft hand. Free returns for 30 days.',
    }),
  vendor: z.string().trim().max(MAX_VENDOR).openapi({
    description: 'Who makes or supplies the product (Shopify’s Vendor); shown to the merchant only',
    example: 'Aurora Outfitters',
  }),
};
