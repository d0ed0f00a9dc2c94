import type { Context } from 'hono';
import { ListQuerySchema } from '../../admin-kit/list';
import { adminRoute, IdParamSchema } from '../../admin-kit/route';
import { actionRoute, listRoute, mount } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import type { AppEnv } from '../../app-env';
import { jsonBody, jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import {
  AcceptInviteSchema,
  InviteCreateSchema,
  InviteListSchema,
  InvitePreviewSchema,
  InviteSchema,
  InviteTokenQuerySchema,
  SessionSchema,
} from './schemas';
import {
  acceptInviteAndSignIn,
  LINK_RAISES,
  limitInviteAttempts,
  previewInvite,
} from './service/invite-links';
import { createInvite, listInvites, RAISES, resendInvite, revokeInvite } from './service/invites';

/** Invite links open the dashboard at its configured origin, never at the request's `Host`. */
const origin = (c: Context<AppEnv>) => c.get('services').config.DASHBOARD_ORIGIN;

const previewRoute = defineRoute({
  method: 'get',
  path: '/accept',
  tags: ['Invites'],
  operationId: 'previewStaffInvite',
  summary: 'What an invite link offers: the shop, the role, the email',
  description:
    'No authentication: the token of the link is the credential. `404 INVITE_NOT_FOUND` for a token that names no invite (a link replaced by a resend, or revoked, names none); `410 INVITE_EXPIRED` once it expired (7 days) or was accepted.',
  request: { query: InviteTokenQuerySchema },
  raises: LINK_RAISES,
  responses: { 200: jsonContent(InvitePreviewSchema, 'The invite') },
});

const acceptRoute = defineRoute({
  method: 'post',
  path: '/accept',
  tags: ['Invites'],
  operationId: 'acceptStaffInvite',
  summary: 'Accepts an invite: sets the name and signs in',
  description:
    'The token of the link and the name to show. The membership turns active, the link is used up, and a new session starts on the shop (the cookie is set). Attempts per client network are limited, failing closed.',
  request: { body: jsonBody(AcceptInviteSchema) },
  raises: LINK_RAISES,
  responses: { 200: jsonContent(SessionSchema, 'Signed in, on the shop') },
});

const listInvitesRoute = listRoute({
  path: '/',
  tag: 'Invites',
  scope: 'staff:read',
  operationId: 'listStaffInvites',
  summary: 'The shop’s invites, newest first',
  description: 'Every invite with its status: pending, accepted, revoked or expired.',
  request: { query: ListQuerySchema },
  schema: InviteListSchema,
  answers: 'A page of invites',
  list: ({ db, shop, query }) => listInvites(db, shop, query),
});

const createInviteRoute = adminRoute({
  method: 'post',
  path: '/',
  tag: 'Invites',
  scope: 'staff:write',
  operationId: 'createStaffInvite',
  summary: 'Invites someone by email with a role',
  description:
    "Emails a single-use link to `<DASHBOARD_ORIGIN>/admin/invite?token=…` (the configured origin, never the request's `Host`), valid 7 days; the member is listed as `invited` until they accept. Inviting a pending email again replaces its invite; an active or disabled member is `409 STAFF_ALREADY_MEMBER`. You can only invite with a role within your own scopes.",
  request: { body: jsonBody(InviteCreateSchema) },
  raises: RAISES.invite,
  responses: { 201: jsonContent(InviteSchema, 'The invite') },
});

const resendRoute = actionRoute({
  path: '/{id}/resend',
  tag: 'Invites',
  scope: 'staff:write',
  operationId: 'resendStaffInvite',
  summary: 'Sends the invite again with a new link, valid 7 days',
  description:
    'The earlier link stops working. An accepted or revoked invite is `409 INVITE_NOT_PENDING`.',
  request: { params: IdParamSchema },
  raises: RAISES.inviteById,
  schema: InviteSchema,
  answers: 'The invite',
  versioned: false,
  act: (w, { params, caller, c }) => resendInvite(w, caller, params.id, origin(c)),
});

const revokeRoute = adminRoute({
  method: 'delete',
  path: '/{id}',
  tag: 'Invites',
  scope: 'staff:write',
  operationId: 'revokeStaffInvite',
  summary: 'Revokes an invite',
  description:
    'The invite and the membership that was never accepted are deleted (the audit log keeps the revocation): the link names no invite any more (`404`). An accepted invite is `409 INVITE_NOT_PENDING`.',
  request: { params: IdParamSchema },
  raises: RAISES.inviteById,
  responses: { 200: jsonContent(InviteSchema, 'The revoked invite') },
});

/** /admin/api/v1/invites */
export const inviteRoutes = createRouter();

inviteRoutes.openapi(previewRoute, async (c) => {
  await limitInviteAttempts(c.get('services'), c.req.raw.headers);
  return c.json(
    await previewInvite(c.get('services').database.db, c.req.valid('query').token),
    200,
  );
});

inviteRoutes.openapi(acceptRoute, async (c) => {
  await limitInviteAttempts(c.get('services'), c.req.raw.headers);
  const { token, name } = c.req.valid('json');
  return c.json(await acceptInviteAndSignIn(c, token, name), 200);
});

mount(inviteRoutes, listInvitesRoute);

// Not createRoute: an invite has no version (no ETag), and its link names who invited.
inviteRoutes.openapi(createInviteRoute, async (c) => {
  const body = c.req.valid('json');
  const merchant = c.get('merchant');
  const by =
    merchant.actor.type === 'staff'
      ? merchant.actor.email
      : `${merchant.actor.name} (${merchant.actor.prefix})`;
  const { invite } = await merchantWrite(c, (w) =>
    createInvite(w, { ...body, invitedBy: by, origin: origin(c), caller: merchant }),
  );
  return c.json(invite, 201);
});

mount(inviteRoutes, resendRoute);

// Not deleteRoute: an invite has no version, so its revocation takes no If-Match.
inviteRoutes.openapi(revokeRoute, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => revokeInvite(w, c.get('merchant'), id)), 200);
});
