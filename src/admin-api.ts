import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { except } from 'hono/combine';
import { documentAdminApi } from './admin-document';
import { ADMIN_BASE, ADMIN_UPLOAD_PATHS } from './admin-paths';
import type { AppEnv } from './app-env';
import type { DocumentTag } from './http/document-info';
import { validationHook } from './http/router';
import { analyticsAdminRoutes } from './modules/analytics/admin-routes';
import { auditAdminRoutes } from './modules/audit/admin-routes';
import { categoryAdminRoutes } from './modules/categories/admin-routes';
import {
  contentEntryAdminRoutes,
  contentModelEntryAdminRoutes,
} from './modules/content-entries/admin-routes';
import { contentModelAdminRoutes } from './modules/content-models/admin-routes';
import { couponAdminRoutes } from './modules/coupons/admin-routes';
import { customerAdminRoutes } from './modules/customers/admin-routes';
import { digitalFileAdminRoutes } from './modules/digital-files/admin-routes';
import { downloadGrantAdminRoutes } from './modules/downloads/admin-routes';
import { exportAdminRoutes } from './modules/exports/admin-routes';
import { importAdminRoutes } from './modules/imports/admin-routes';
import { keyAdminRoutes } from './modules/keys/admin-routes';
import { mediaAdminRoutes } from './modules/media/admin-routes';
import { newsletterAdminRoutes } from './modules/newsletter/admin-routes';
import { orderAdminRoutes } from './modules/orders/admin-routes';
import { pickupLocationAdminRoutes } from './modules/pickup-locations/admin-routes';
import { policyAdminRoutes } from './modules/policies/admin-routes';
import { productAdminRoutes } from './modules/products/admin-routes';
import { reviewAdminRoutes } from './modules/reviews/admin-routes';
import { settingsAdminRoutes } from './modules/settings/admin-routes';
import { shippingRateAdminRoutes } from './modules/shipping-rates/admin-routes';
import {
  inviteRoutes,
  meRoutes,
  roleRoutes,
  sessionRoutes,
  staffAuthRoutes,
  staffMemberRoutes,
} from './modules/staff/admin-routes';
import { webhookAdminRoutes } from './modules/webhooks/admin-routes';
import { createPlatformApp, limitBody, limitJsonDepth } from './platform';

export { ADMIN_BASE, ADMIN_OPENAPI_PATH, ADMIN_UPLOAD_PATHS } from './admin-paths';

/** A module of the merchant API: its mount path, its router, and its tag in the document. */
type AdminModule = {
  path: `/${string}`;
  /** Its routers, mounted at `path` in this order (a resource's sub-resources may bring their own). */
  routes: OpenAPIHono<AppEnv> | OpenAPIHono<AppEnv>[];
  /** The tag every route of the module declares (`adminRoute({ tag })`). */
  tag: string;
  description: string;
};

/** Every merchant module, in the order the reference shows them (add a resource here). */
const MODULES: AdminModule[] = [
  {
    path: '/products',
    routes: productAdminRoutes,
    tag: 'Products',
    description:
      'The catalogue: products with up to three options and their variants, images, categories, digital files and stock; a published product is on the storefront and in search at once.',
  },
  {
    path: '/categories',
    routes: categoryAdminRoutes,
    tag: 'Categories',
    description:
      'The category tree the storefront shows: titles, slugs, images, order among siblings, and moves that never form a cycle.',
  },
  {
    path: '/media',
    routes: mediaAdminRoutes,
    tag: 'Media',
    description:
      'The shop’s images: uploaded as raw bytes, typed by their content, served to the storefront under `settings.media.url`.',
  },
  {
    path: '/digital-files',
    routes: digitalFileAdminRoutes,
    tag: 'Digital files',
    description:
      'Private files sold as downloads: never served publicly, streamed only to buyers of a paid order.',
  },
  {
    path: '/imports',
    routes: importAdminRoutes,
    tag: 'Imports',
    description:
      'Shopify product CSV imports: upload the file, follow its background job, read its report (line and column of each problem).',
  },
  {
    path: '/exports',
    routes: exportAdminRoutes,
    tag: 'Exports',
    description: 'The catalogue as a Shopify product CSV, streamed.',
  },
  {
    path: '/content-models',
    routes: [contentModelAdminRoutes, contentModelEntryAdminRoutes],
    tag: 'Content models',
    description:
      'Merchant-defined content types (singletons and collections) with typed fields, and the entries of each; the storefront serves published entries at `/content/{slug}`.',
  },
  {
    path: '/content-entries',
    routes: contentEntryAdminRoutes,
    tag: 'Content entries',
    description:
      'One content entry by id: its data, checked against its model, and its status (only published entries reach the storefront).',
  },
  {
    path: '/policies',
    routes: policyAdminRoutes,
    tag: 'Policies',
    description:
      'The shop’s legal texts, one per policy type, served by the storefront at `/settings/policy/{type}`.',
  },
  {
    path: '/settings',
    routes: settingsAdminRoutes,
    tag: 'Settings',
    description:
      'The settings document behind the storefront’s GET /settings, changed one section at a time.',
  },
  {
    path: '/shipping-rates',
    routes: shippingRateAdminRoutes,
    tag: 'Shipping rates',
    description: 'The delivery rates the storefront offers at checkout.',
  },
  {
    path: '/pickup-locations',
    routes: pickupLocationAdminRoutes,
    tag: 'Pickup locations',
    description: 'The places where customers may collect their orders.',
  },
  {
    path: '/coupons',
    routes: couponAdminRoutes,
    tag: 'Coupons',
    description:
      'Discount codes shoppers redeem at checkout: percentage or fixed, with minimums, windows, usage limits and a product or category scope.',
  },
  {
    path: '/orders',
    routes: orderAdminRoutes,
    tag: 'Orders',
    description:
      'Orders as placed, and the one state machine that moves them: deliver, complete, cancel, mark paid, refund.',
  },
  {
    path: '/reviews',
    routes: reviewAdminRoutes,
    tag: 'Reviews',
    description: 'What buyers wrote: a moderation queue, pending first; approve, hide, unhide.',
  },
  {
    path: '/customers',
    routes: customerAdminRoutes,
    tag: 'Customers',
    description: 'Who buys: search, status (tokens follow at once), data export and erasure.',
  },
  {
    path: '/download-grants',
    routes: downloadGrantAdminRoutes,
    tag: 'Downloads',
    description: 'Each purchase’s right to a file and its download count, which can be reset.',
  },
  {
    path: '/newsletter',
    routes: newsletterAdminRoutes,
    tag: 'Newsletter',
    description: 'Newsletter subscribers by state, their CSV export, and the subscriber cap.',
  },
  {
    path: '/analytics',
    routes: analyticsAdminRoutes,
    tag: 'Analytics',
    description:
      'Reports over the storefront’s visitor events: traffic, top products, funnel, referrers.',
  },
  {
    path: '/webhook-endpoints',
    routes: webhookAdminRoutes,
    tag: 'Webhooks',
    description:
      'Where the shop’s events are sent (Standard Webhooks, signed), with each endpoint’s delivery log and replays.',
  },
  {
    path: '/keys',
    routes: keyAdminRoutes,
    tag: 'Keys',
    description: 'Secret keys for the merchant API, each with a name, scopes and a rate limit.',
  },
  {
    path: '/audit',
    routes: auditAdminRoutes,
    tag: 'Audit',
    description:
      'Who changed what, and when: one record for every write, naming its actor (a key or a staff member).',
  },
  {
    path: '/auth',
    routes: staffAuthRoutes,
    tag: 'Sign-in',
    description:
      'How the people who run a shop sign in from a browser: an emailed 6-digit code, then a `__Host-session` cookie. With the cookie every merchant route works within the member’s role; unsafe methods need a same-origin request.',
  },
  {
    path: '/me',
    routes: meRoutes,
    tag: 'Me',
    description: 'The caller (a key or a staff member), its shop and its scopes.',
  },
  {
    path: '/sessions',
    routes: sessionRoutes,
    tag: 'Sessions',
    description: 'The signed-in person’s browser sessions: list them, end one or all others.',
  },
  {
    path: '/staff',
    routes: staffMemberRoutes,
    tag: 'Staff',
    description:
      'The people who run the shop, each with a role; a shop always keeps an active owner.',
  },
  {
    path: '/invites',
    routes: inviteRoutes,
    tag: 'Invites',
    description:
      'Emailed single-use links, valid 7 days, that make someone a staff member with a role.',
  },
  {
    path: '/roles',
    routes: roleRoutes,
    tag: 'Roles',
    description:
      'Named sets of merchant scopes staff members hold: presets (owner, admin, catalogue editor, fulfilment, support, analyst) and the shop’s own.',
  },
];

/** The document's tags: one per module, named as its routes name it. */
export const ADMIN_TAGS: DocumentTag[] = MODULES.map(({ tag, description }) => ({
  name: tag,
  'x-displayName': tag,
  description,
}));

/**
 * The merchant API: every admin module mounted at its path and its own OpenAPI document,
 * both relative to ADMIN_BASE (the document's server), as the storefront's are to its base.
 */
export function createAdminOpenApi() {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook() });
  for (const module of MODULES) {
    for (const routes of [module.routes].flat()) api.route(module.path, routes);
  }

  documentAdminApi(api, ADMIN_TAGS);
  return api;
}

/** The merchant API inside a plain Hono app, so its operations stay out of the storefront's document. */
export function createAdminApi(): Hono<AppEnv> {
  return new Hono<AppEnv>().route(ADMIN_BASE, createAdminOpenApi());
}

/**
 * The merchant API as an application of its own, with the platform around it: the storefront
 * application (src/app.ts) builds it on the first request under ADMIN_BASE and hands it every
 * such request. Uploads read their raw body under limits of their own; JSON bodies are
 * limited in size and in depth.
 */
export function createAdminApp() {
  const app = createPlatformApp();
  const isUpload = (c: { req: { method: string; path: string } }) =>
    c.req.method === 'POST' && ADMIN_UPLOAD_PATHS.has(c.req.path.replace(/\/$/, ''));
  app.use(`${ADMIN_BASE}/*`, except(isUpload, limitBody));
  app.use(`${ADMIN_BASE}/*`, except(isUpload, limitJsonDepth));
  app.route('/', createAdminApi());
  return app;
}
