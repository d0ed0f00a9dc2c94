import { requireCustomerProfile, requireCustomerToken } from '../../http/customer';
import { jsonBody, jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
import { deviceHash } from '../../identity/device';
import { RAISES as ACCESS_RAISES, signInWithLink } from './access';
import { limitAccess, limitVerify } from './limits';
import { RAISES as OTP_RAISES, requestCode, verifyCode } from './otp';
import { RAISES as PROFILE_RAISES, toCustomer, updateProfile } from './profile';
import {
  AccessBodySchema,
  CustomerSchema,
  RequestCodeBodySchema,
  RequestCodeResponseSchema,
  SessionsEndedSchema,
  SignedOutSchema,
  TokenResponseSchema,
  UpdateProfileBodySchema,
  VerifyBodySchema,
} from './schemas';
import { endOtherSessions, endThisSession } from './sign-out';

const requestCodeRoute = defineRoute({
  method: 'post',
  path: '/',
  tags: ['auth'],
  operationId: 'requestSignInCode',
  summary: 'Emails a 6-digit sign-in code',
  description:
    'Step 1 of signing in (see “Signing a customer in” above). Emails a 6-digit code valid for 10 minutes and answers the verification `id` to send with it to `POST /auth/verify`; a new request voids earlier codes. An unknown email is `404 ACCOUNT_NOT_FOUND`, unless the shop requires accounts (`settings.checkout.requiresAccount`): the account is then created at verification. Limited per email and per client IP (`429 TOO_MANY_LOGIN_ATTEMPTS` with `Retry-After`).',
  middleware: [requireShop] as const,
  request: { body: jsonBody(RequestCodeBodySchema) },
  raises: OTP_RAISES.requestCode,
  validationCode: 'EMAIL_REQUIRED',
  responses: {
    200: jsonContent(RequestCodeResponseSchema, 'The code was sent; keep `data.id` with the email'),
  },
});

const verifyRoute = defineRoute({
  method: 'post',
  path: '/verify',
  tags: ['auth'],
  operationId: 'verifySignInCode',
  summary: 'Exchanges the emailed code for a customer token',
  description:
    'Step 2: the email, the verification `id` and the code the customer typed. Answers the customer token (valid 30 days, for the device that sends this request: keep sending the same `x-device-id`). A wrong code is `400 INVALID_CODE`; after 5 wrong codes the verification is locked (`429 TOO_MANY_VERIFY_ATTEMPTS`); an expired, used or replaced code is `400 VERIFICATION_NOT_VALID`.',
  middleware: [requireShop, limitVerify] as const,
  request: { body: jsonBody(VerifyBodySchema) },
  raises: OTP_RAISES.verifyCode,
  responses: {
    200: jsonContent(TokenResponseSchema, 'Signed in'),
  },
});

const accessRoute = defineRoute({
  method: 'post',
  path: '/access',
  tags: ['auth'],
  operationId: 'signInWithAccessLink',
  summary: 'Exchanges the link of an order email for a customer token',
  description:
    'The link in an order confirmation email carries `id`, `email` and `order` query parameters: send them as the body. Signs in the account of that email (created for a guest buyer). The link works once, within an hour of the email; later or again it answers `410 ACCESS_LINK_EXPIRED` and the shopper signs in with a code.',
  middleware: [requireShop, limitAccess] as const,
  request: { body: jsonBody(AccessBodySchema) },
  raises: ACCESS_RAISES.signInWithLink,
  validationCode: 'INVALID_ACCESS_LINK',
  responses: {
    200: jsonContent(TokenResponseSchema, 'Signed in'),
  },
});

const getCustomer = defineRoute({
  method: 'get',
  path: '/',
  tags: ['auth'],
  operationId: 'getCustomer',
  summary: "The signed-in customer's profile and saved address",
  description:
    'Name, email, phone, dates and the saved shipping address (null until one is saved). Send `user._id` as `cartUserId` when placing an order to link the order to the account.',
  middleware: [requireShop, requireCustomerProfile] as const,
  responses: {
    200: jsonContent(success(CustomerSchema), 'The customer'),
  },
});

const patchCustomer = defineRoute({
  method: 'patch',
  path: '/',
  tags: ['auth'],
  operationId: 'updateCustomer',
  summary: "Updates the customer's name, phone and saved address",
  description:
    '`name`, `phone` and `town` are required; `city`, `apartment`, `room` and `postalCode` keep their saved value when left out. The phone must be a plausible international number (`400 PHONE_NUMBER_INVALID`). The email cannot be changed here.',
  middleware: [requireShop, requireCustomerProfile] as const,
  request: { body: jsonBody(UpdateProfileBodySchema) },
  raises: PROFILE_RAISES.updateProfile,
  // A bad phone is the contract's PHONE_NUMBER_INVALID; any other bad field, VALIDATION_FAILED.
  fieldCodes: [['phone', 'PHONE_NUMBER_INVALID']],
  responses: {
    200: jsonContent(success(CustomerSchema), 'The updated customer'),
  },
});

const endSessions = defineRoute({
  method: 'delete',
  path: '/sessions',
  tags: ['auth'],
  operationId: 'endOtherSessions',
  summary: "Signs the customer out everywhere else: ends every session but this token's",
  description:
    'Beside the contract: a lost phone or a shared computer. Every other session of the customer ends at once (their tokens answer `401 AUTH_TOKEN_INVALID` from the next request); the token that asks stays valid. `data.revoked` counts the sessions ended.',
  middleware: [requireShop, requireCustomerToken] as const,
  responses: {
    200: jsonContent(success(SessionsEndedSchema), 'The other sessions were ended'),
  },
});

const endSession = defineRoute({
  method: 'delete',
  path: '/session',
  tags: ['auth'],
  operationId: 'endSession',
  summary: "Signs out: ends this token's session on the server",
  description:
    "Beside the contract: signing out. The token's session ends at once and the token answers `401 AUTH_TOKEN_INVALID` from its next request; the customer's other sessions stay open.",
  middleware: [requireShop, requireCustomerToken] as const,
  responses: {
    200: jsonContent(SignedOutSchema, 'The session was ended'),
  },
});

export const authRoutes = createRouter();

const signedIn = (token: string) => ({ status: 'success' as const, token, data: { token } });

authRoutes.openapi(requestCodeRoute, async (c) => {
  const { email } = c.req.valid('json');
  const data = await requestCode(c.get('services'), c.get('shop'), email, c.req.raw.headers);
  return c.json(
    { status: 'verify' as const, message: 'A sign-in code was sent to your email.', data },
    200,
  );
});

authRoutes.openapi(verifyRoute, async (c) => {
  const body = c.req.valid('json');
  const token = await verifyCode(c.get('services'), c.get('shop'), {
    ...body,
    deviceHash: await deviceHash(c.get('services').config.APP_HMAC_SECRET, c.req.raw.headers),
  });
  return c.json(signedIn(token), 200);
});

authRoutes.openapi(accessRoute, async (c) => {
  const body = c.req.valid('json');
  const token = await signInWithLink(c.get('services'), c.get('shop'), {
    ...body,
    deviceHash: await deviceHash(c.get('services').config.APP_HMAC_SECRET, c.req.raw.headers),
  });
  return c.json(signedIn(token), 200);
});

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

authRoutes.openapi(endSessions, async (c) => {
  const data = await endOtherSessions(
    c.get('services').database.db,
    c.get('shop').id,
    c.get('customerClaims'),
  );
  return c.json({ status: 'success' as const, data }, 200);
});

authRoutes.openapi(endSession, async (c) => {
  await endThisSession(c.get('services').database.db, c.get('shop').id, c.get('customerClaims'));
  return c.json({ status: 'success' as const }, 200);
});
