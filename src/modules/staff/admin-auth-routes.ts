import { jsonBody, jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { assertSameOrigin, hasSessionCookie, requireStaffSession } from '../../http/staff-session';
import {
  CodeRequestSchema,
  CodeSentSchema,
  NO_CONTENT,
  PickShopSchema,
  SessionSchema,
  VerifyRequestSchema,
} from './schemas';
import {
  currentSession,
  pickShop,
  RAISES,
  requestStaffCode,
  signOut,
  verifyStaffCode,
} from './service/sign-in';

const requestCodeRoute = defineRoute({
  method: 'post',
  path: '/code',
  tags: ['Sign-in'],
  operationId: 'requestStaffSignInCode',
  summary: 'Emails a staff member a 6-digit sign-in code',
  description:
    'Step 1 of signing in to the dashboard. Emails a 6-digit code that works once, for 10 minutes, to an active staff member of any shop; a new request voids earlier codes. The answer is the same whether or not the email is staff (no account discovery). Limited per email (6 in 15 minutes, 12 an hour) and per client network (`429 TOO_MANY_LOGIN_ATTEMPTS` with `Retry-After`); when the limiter cannot answer, `503 SERVICE_UNAVAILABLE` (it fails closed).',
  request: { body: jsonBody(CodeRequestSchema) },
  raises: RAISES.requestCode,
  responses: { 202: jsonContent(CodeSentSchema, 'A code was sent if the email is staff') },
});

const verifyRoute = defineRoute({
  method: 'post',
  path: '/verify',
  tags: ['Sign-in'],
  operationId: 'verifyStaffSignInCode',
  summary: 'Exchanges the emailed code for a session cookie',
  description:
    'Step 2: the email and the code. Sets the `__Host-session` cookie (HttpOnly, Secure, SameSite=Strict) of a new session and answers the session. A member of several shops gets `shop: null` and picks one with `POST /auth/shop`. A wrong, expired or used code is `400 VERIFICATION_NOT_VALID`; after 5 wrong codes the code is locked (`429 TOO_MANY_VERIFY_ATTEMPTS`); attempts per client network are limited too, failing closed.',
  request: { body: jsonBody(VerifyRequestSchema) },
  raises: RAISES.verifyCode,
  responses: {
    200: {
      ...jsonContent(SessionSchema, 'Signed in'),
      headers: {
        'Set-Cookie': { description: 'The session cookie', schema: { type: 'string' as const } },
      },
    },
  },
});

const signOutRoute = defineRoute({
  method: 'post',
  path: '/sign-out',
  tags: ['Sign-in'],
  operationId: 'signOutStaff',
  summary: "Ends the cookie's session and clears the cookie",
  description:
    'Ends the session of the `__Host-session` cookie at once and clears the cookie. Without a cookie it does nothing and still answers 204. With one, it needs a same-origin request like every unsafe call (`403 CSRF_ORIGIN_MISMATCH`).',
  raises: ['CSRF_ORIGIN_MISMATCH'],
  responses: NO_CONTENT,
});

const pickShopRoute = defineRoute({
  method: 'post',
  path: '/shop',
  tags: ['Sign-in'],
  operationId: 'pickStaffShop',
  summary: 'Picks the shop the session works on',
  description:
    'For a member of several shops: the shop (id or handle) the session works on from the next request. `403 STAFF_NOT_MEMBER` unless the signed-in person is an active member of it.',
  middleware: [requireStaffSession] as const,
  request: { body: jsonBody(PickShopSchema) },
  raises: RAISES.pickShop,
  responses: { 200: jsonContent(SessionSchema, 'The session, on that shop') },
});

const sessionRoute = defineRoute({
  method: 'get',
  path: '/session',
  tags: ['Sign-in'],
  operationId: 'getStaffSession',
  summary: 'The session of the cookie',
  description:
    'The signed-in person, the shop the session works on (null until picked) and every shop they may pick: what the dashboard reads when it opens.',
  middleware: [requireStaffSession] as const,
  responses: { 200: jsonContent(SessionSchema, 'The session') },
});

/** /admin/api/v1/auth: staff sign-in with emailed codes and session cookies. */
export const staffAuthRoutes = createRouter();

staffAuthRoutes.openapi(requestCodeRoute, async (c) => {
  const { email } = c.req.valid('json');
  return c.json(await requestStaffCode(c.get('services'), email, c.req.raw.headers), 202);
});

staffAuthRoutes.openapi(verifyRoute, async (c) => {
  const { email, code } = c.req.valid('json');
  return c.json(await verifyStaffCode(c, email, code), 200);
});

staffAuthRoutes.openapi(signOutRoute, async (c) => {
  if (hasSessionCookie(c.req.raw.headers)) assertSameOrigin(c);
  await signOut(c);
  return c.body(null, 204);
});

staffAuthRoutes.openapi(pickShopRoute, async (c) => {
  return c.json(await pickShop(c, c.req.valid('json').shop), 200);
});

staffAuthRoutes.openapi(sessionRoute, async (c) => c.json(await currentSession(c), 200));
