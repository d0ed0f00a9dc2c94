import { createRoute } from '@hono/zod-openapi';
import type { ErrorCode } from '../../errors';
import { CUSTOMER_ERRORS, requireCustomerProfile } from '../../http/customer';
import {
  apiKeySecurity,
  customerSecurity,
  errorResponses,
  jsonBody,
  jsonContent,
  SHOP_ERRORS,
} from '../../http/openapi';
import { createRouter, validationHook } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
import { deviceHash } from '../../identity/device';
import { signInWithLink } from './access';
import { requestCode, verifyCode } from './otp';
import { toCustomer, updateProfile } from './profile';
import {
  AccessBodySchema,
  CustomerSchema,
  RequestCodeBodySchema,
  RequestCodeResponseSchema,
  TokenResponseSchema,
  UpdateProfileBodySchema,
  VerifyBodySchema,
} from './schemas';

/** Every error a protected customer call may answer, shop errors included. */
export const SESSION_ERRORS: ErrorCode[] = [...SHOP_ERRORS, ...CUSTOMER_ERRORS];

const requestCodeRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Customer authentication'],
  operationId: 'requestSignInCode',
  summary: 'Emails a 6-digit sign-in code',
  security: apiKeySecurity,
  request: { body: jsonBody(RequestCodeBodySchema) },
  responses: {
    200: jsonContent(RequestCodeResponseSchema, 'The code was sent; keep `data.id` with the email'),
    ...errorResponses(
      ...SHOP_ERRORS,
      'EMAIL_REQUIRED',
      'ACCOUNT_NOT_FOUND',
      'ACCOUNT_BLACKLISTED',
      'ACCOUNT_INACTIVE',
      'TOO_MANY_LOGIN_ATTEMPTS',
      'AUTH_NOT_INITIALIZED',
    ),
  },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/verify',
  tags: ['Customer authentication'],
  operationId: 'verifySignInCode',
  summary: 'Exchanges the emailed code for a customer token',
  security: apiKeySecurity,
  request: { body: jsonBody(VerifyBodySchema) },
  responses: {
    200: jsonContent(TokenResponseSchema, 'Signed in'),
    ...errorResponses(
      ...SHOP_ERRORS,
      'INVALID_CODE',
      'VERIFICATION_NOT_VALID',
      'VERIFICATION_NOT_FOUND',
      'VERIFICATION_USER_MISMATCH',
      'TOO_MANY_VERIFY_ATTEMPTS',
      'ACCOUNT_BLACKLISTED',
      'ACCOUNT_INACTIVE',
    ),
  },
});

const accessRoute = createRoute({
  method: 'post',
  path: '/access',
  tags: ['Customer authentication'],
  operationId: 'signInWithAccessLink',
  summary: 'Exchanges the link of an order email for a customer token',
  security: apiKeySecurity,
  request: { body: jsonBody(AccessBodySchema) },
  responses: {
    200: jsonContent(TokenResponseSchema, 'Signed in'),
    ...errorResponses(
      ...SHOP_ERRORS,
      'INVALID_ACCESS_LINK',
      'ACCESS_LINK_EXPIRED',
      'ORDER_CANCELLED',
      'ORDER_HAS_REFUND',
      'ACCOUNT_BLACKLISTED',
      'ACCOUNT_INACTIVE',
    ),
  },
});

const getCustomer = createRoute({
  method: 'get',
  path: '/',
  tags: ['Customer'],
  operationId: 'getCustomer',
  summary: "The signed-in customer's profile and saved address",
  security: customerSecurity,
  middleware: [requireCustomerProfile] as const,
  responses: {
    200: jsonContent(success(CustomerSchema), 'The customer'),
    ...errorResponses(...SESSION_ERRORS),
  },
});

const patchCustomer = createRoute({
  method: 'patch',
  path: '/',
  tags: ['Customer'],
  operationId: 'updateCustomer',
  summary: "Updates the customer's name, phone and saved address",
  security: customerSecurity,
  middleware: [requireCustomerProfile] as const,
  request: { body: jsonBody(UpdateProfileBodySchema) },
  responses: {
    200: jsonContent(success(CustomerSchema), 'The updated customer'),
    ...errorResponses(...SESSION_ERRORS, 'PHONE_NUMBER_INVALID'),
  },
});

export const authRoutes = createRouter();
authRoutes.use('*', requireShop);

const signedIn = (token: string) => ({ status: 'success' as const, token, data: { token } });

authRoutes.openapi(
  requestCodeRoute,
  async (c) => {
    const { email } = c.req.valid('json');
    const data = await requestCode(c.get('services'), c.get('shop'), email, c.req.raw.headers);
    return c.json(
      { status: 'verify' as const, message: 'A sign-in code was sent to your email.', data },
      200,
    );
  },
  validationHook('EMAIL_REQUIRED'),
);

authRoutes.openapi(verifyRoute, async (c) => {
  const body = c.req.valid('json');
  const token = await verifyCode(c.get('services'), c.get('shop'), {
    ...body,
    deviceHash: await deviceHash(c.get('services').config.APP_HMAC_SECRET, c.req.raw.headers),
  });
  return c.json(signedIn(token), 200);
});

authRoutes.openapi(
  accessRoute,
  async (c) => {
    const body = c.req.valid('json');
    const token = await signInWithLink(c.get('services'), c.get('shop'), {
      ...body,
      deviceHash: await deviceHash(c.get('services').config.APP_HMAC_SECRET, c.req.raw.headers),
    });
    return c.json(signedIn(token), 200);
  },
  validationHook('INVALID_ACCESS_LINK'),
);

authRoutes.openapi(getCustomer, (c) => {
  const row = c.get('sessionCustomer');
  return c.json({ status: 'success' as const, data: toCustomer(row, row.address) }, 200);
});

authRoutes.openapi(patchCustomer, async (c) => {
  const data = await updateProfile(
    c.get('services').database.db,
    c.get('shop').id,
    c.get('customer').id,
    c.req.valid('json'),
  );
  return c.json({ status: 'success' as const, data }, 200);
});
