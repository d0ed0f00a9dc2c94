import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { actorOf, recordAudit } from '../../admin-kit/audit';
import { ListQuerySchema, toList } from '../../admin-kit/list';
import { adminRoute, IdParamSchema, resourceContent } from '../../admin-kit/route';
import { merchantWrite } from '../../admin-kit/write';
import type { AppEnv } from '../../app-env';
import { withTransaction } from '../../db/client';
import { jsonBody, jsonContent } from '../../http/openapi';
import { clientNetwork, enforceLimits } from '../../http/rate-limit';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { assertSameOrigin, requireStaffSession } from '../../http/staff-session';
import { isPresetRoleKey } from '../../identity/staff-roles';
import { SIGN_IN_RATE_RULES } from '../auth/limits';
import { selectMemberships, selectStorefrontHost } from './queries';
import {
  AcceptInviteSchema,
  CodeRequestSchema,
  CodeSentSchema,
  DeletedRoleSchema,
  DeletedStaffMemberSchema,
  InviteCreateSchema,
  InviteListSchema,
  InvitePreviewSchema,
  InviteSchema,
  InviteTokenQuerySchema,
  MeSchema,
  PickShopSchema,
  RoleCreateSchema,
  RoleListSchema,
  RoleSchema,
  RoleUpdateSchema,
  SessionSchema,
  StaffListQuerySchema,
  StaffMemberListSchema,
  StaffMemberSchema,
  StaffSessionListSchema,
  StaffUpdateSchema,
  VerifyRequestSchema,
} from './schemas';
import {
  acceptInvite,
  createInvite,
  createRole,
  deleteRole,
  endMemberSessions,
  endOwnSessions,
  getMember,
  getRole,
  listInvites,
  listMembers,
  listOwnSessions,
  listRoles,
  previewInvite,
  RAISES,
  removeMember,
  resendInvite,
  revokeInvite,
  updateMember,
  updateRole,
} from './service';
import {
  openSession,
  pickShop,
  requestStaffCode,
  RAISES as SIGN_IN_RAISES,
  signOut,
  toMemberships,
  toSession,
  verifyStaffCode,
} from './sign-in';

const NO_CONTENT = { 204: { description: 'Done; no body' } };
const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

// ---------------------------------------------------------------- /auth

const requestCodeRoute = defineRoute({
  method: 'post',
  path: '/code',
  tags: ['Sign-in'],
  operationId: 'requestStaffSignInCode',
  summary: 'Emails a staff member a 6-digit sign-in code',
  description:
    'Step 1 of signing in to the dashboard. Emails a 6-digit code that works once, for 10 minutes, to an active staff member of any shop; a new request voids earlier codes. The answer is the same whether or not the email is staff (no account discovery). Limited per email (1 a minute, 5 an hour) and per client network (`429 TOO_MANY_LOGIN_ATTEMPTS` with `Retry-After`); when the limiter cannot answer, `503 SERVICE_UNAVAILABLE` (it fails closed).',
  request: { body: jsonBody(CodeRequestSchema) },
  raises: SIGN_IN_RAISES.requestCode,
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
  raises: SIGN_IN_RAISES.verifyCode,
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
  raises: SIGN_IN_RAISES.pickShop,
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
  if (c.req.header('cookie')?.includes('__Host-session=')) assertSameOrigin(c);
  await signOut(c);
  return c.body(null, 204);
});

staffAuthRoutes.openapi(pickShopRoute, async (c) => {
  return c.json(await pickShop(c, c.req.valid('json').shop), 200);
});

staffAuthRoutes.openapi(sessionRoute, async (c) => {
  const staff = c.get('staff');
  const memberships = await selectMemberships(c.get('services').database.db, staff.personId);
  return c.json(
    toSession({ id: staff.sessionId, ...staff, shopId: staff.shopId }, staff, memberships),
    200,
  );
});

// ---------------------------------------------------------------- /me

const meRoute = adminRoute({
  method: 'get',
  path: '/',
  tag: 'Me',
  scope: null,
  operationId: 'getMe',
  summary: 'Who is calling: the key or staff member, its shop and its scopes',
  description:
    'Any merchant key or staff session may call it. `scopes` is what the caller may do (a staff member: their role’s scopes, every scope for the owner); the dashboard shows only what they allow. `memberships` lists a staff member’s shops.',
  responses: { 200: jsonContent(MeSchema, 'The caller') },
});

/** /admin/api/v1/me */
export const meRoutes = createRouter();

meRoutes.openapi(meRoute, async (c) => {
  const db = c.get('services').database.db;
  const shop = c.get('shop');
  const merchant = c.get('merchant');
  const [row] = (await db.execute(sql`select handle from shops where id = ${shop.id}`))
    .rows as Array<{ handle: string }>;
  const handle = row?.handle ?? '';
  const host = await selectStorefrontHost(db, shop.id);
  const suffix = c.get('services').config.SHOP_DOMAIN_SUFFIX?.replace(/^\./, '');
  const storefrontUrl = host ? `https://${host}` : suffix ? `https://${handle}.${suffix}` : null;
  const staff = merchant.actor.type === 'staff' ? c.get('staff') : null;
  const memberships = staff ? await selectMemberships(db, staff.personId) : null;
  return c.json(
    {
      object: 'me' as const,
      actor: merchant.actor,
      shop: {
        id: shop.id,
        handle,
        name: shop.name,
        currency: shop.currency,
        storefront_url: storefrontUrl,
      },
      role: staff?.role
        ? {
            id: staff.role.id,
            name: staff.role.name,
            key: isPresetRoleKey(staff.role.key) ? staff.role.key : null,
          }
        : null,
      scopes: merchant.scopes,
      ...(memberships ? { memberships: toMemberships(memberships) } : {}),
    },
    200,
  );
});

// ---------------------------------------------------------------- /sessions

const listSessionsRoute = defineRoute({
  method: 'get',
  path: '/',
  tags: ['Sessions'],
  operationId: 'listOwnStaffSessions',
  summary: "The signed-in person's live sessions",
  description:
    'Every live session of the signed-in person (each browser they signed in with), newest first; `current` marks this one. Session cookie only.',
  middleware: [requireStaffSession] as const,
  responses: { 200: jsonContent(StaffSessionListSchema, 'The sessions') },
});

const endSessionRoute = defineRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Sessions'],
  operationId: 'endOwnStaffSession',
  summary: 'Ends one of your sessions',
  description:
    'Signs that browser out at once (its next request answers 401). Ending the current session signs you out.',
  middleware: [requireStaffSession] as const,
  request: { params: IdParamSchema },
  raises: RAISES.session,
  responses: NO_CONTENT,
});

const endSessionsRoute = defineRoute({
  method: 'delete',
  path: '/',
  tags: ['Sessions'],
  operationId: 'endOtherStaffSessions',
  summary: 'Ends every other session of yours',
  description: 'Signs you out everywhere but in this browser, at once.',
  middleware: [requireStaffSession] as const,
  responses: NO_CONTENT,
});

/** /admin/api/v1/sessions: the signed-in person's own sessions (cookie only). */
export const sessionRoutes = createRouter();

sessionRoutes.openapi(listSessionsRoute, async (c) => {
  return c.json(toList(c, await listOwnSessions(c), false), 200);
});
sessionRoutes.openapi(endSessionRoute, async (c) => {
  await endOwnSessions(c, c.req.valid('param').id);
  return c.body(null, 204);
});
sessionRoutes.openapi(endSessionsRoute, async (c) => {
  await endOwnSessions(c);
  return c.body(null, 204);
});

// ---------------------------------------------------------------- /staff

const listStaff = adminRoute({
  method: 'get',
  path: '/',
  tag: 'Staff',
  scope: 'staff:read',
  operationId: 'listStaffMembers',
  summary: 'The shop’s staff members, newest first',
  description:
    'Every member of the shop: invited (not yet accepted), active and disabled. Filter by `status`, `role` (an id or a preset key) or `q` (part of the email or name).',
  request: { query: StaffListQuerySchema },
  responses: { 200: jsonContent(StaffMemberListSchema, 'A page of staff members') },
});

const getStaff = adminRoute({
  method: 'get',
  path: '/{id}',
  tag: 'Staff',
  scope: 'staff:read',
  operationId: 'getStaffMember',
  summary: 'One staff member',
  description: 'Reads one staff member with its ETag, for a later `If-Match`.',
  request: { params: IdParamSchema },
  raises: RAISES.member,
  responses: { 200: resourceContent(StaffMemberSchema, 'The staff member') },
});

const patchStaff = adminRoute({
  method: 'patch',
  path: '/{id}',
  tag: 'Staff',
  scope: 'staff:write',
  ifMatch: true,
  operationId: 'updateStaffMember',
  summary: 'Changes a member’s role or disables (or re-enables) them',
  description:
    'A new role takes effect at the member’s next request; disabling ends their sessions in this shop at once. You can only give a role, or change a member, within your own scopes. The last active owner cannot be demoted or disabled (`409 LAST_OWNER`).',
  request: { params: IdParamSchema, body: jsonBody(StaffUpdateSchema) },
  raises: RAISES.updateMember,
  responses: { 200: resourceContent(StaffMemberSchema, 'The staff member') },
});

const deleteStaff = adminRoute({
  method: 'delete',
  path: '/{id}',
  tag: 'Staff',
  scope: 'staff:write',
  ifMatch: true,
  operationId: 'deleteStaffMember',
  summary: 'Removes a member from the shop',
  description:
    'The membership goes and the member’s sessions in this shop end at once; the person keeps their other shops. The last active owner cannot be removed (`409 LAST_OWNER`).',
  request: { params: IdParamSchema },
  raises: RAISES.removeMember,
  responses: { 200: jsonContent(DeletedStaffMemberSchema, 'The member is removed') },
});

const endStaffSessions = adminRoute({
  method: 'delete',
  path: '/{id}/sessions',
  tag: 'Staff',
  scope: 'staff:write',
  operationId: 'endStaffMemberSessions',
  summary: 'Signs a member out of this shop everywhere',
  description: 'Ends every session of the member that works on this shop, at once (a lost laptop).',
  request: { params: IdParamSchema },
  raises: RAISES.member,
  responses: NO_CONTENT,
});

/** /admin/api/v1/staff */
export const staffMemberRoutes = createRouter();

staffMemberRoutes.openapi(listStaff, async (c) => {
  const page = await listMembers(
    c.get('services').database.db,
    c.get('shop'),
    c.req.valid('query'),
  );
  return c.json(toList(c, page.data, page.hasMore), 200);
});
staffMemberRoutes.openapi(getStaff, async (c) => {
  const member = await getMember(
    c.get('services').database.db,
    c.get('shop'),
    c.req.valid('param').id,
  );
  c.header('ETag', `"${member.version}"`);
  return c.json(member, 200);
});
staffMemberRoutes.openapi(patchStaff, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  return c.json(await merchantWrite(c, (w) => updateMember(w, c.get('merchant'), id, body)), 200);
});
staffMemberRoutes.openapi(deleteStaff, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => removeMember(w, c.get('merchant'), id)), 200);
});
staffMemberRoutes.openapi(endStaffSessions, async (c) => {
  const { id } = c.req.valid('param');
  await merchantWrite(c, (w) => endMemberSessions(w, id));
  return c.body(null, 204);
});

// ---------------------------------------------------------------- /invites

const previewRoute = defineRoute({
  method: 'get',
  path: '/accept',
  tags: ['Invites'],
  operationId: 'previewStaffInvite',
  summary: 'What an invite link offers: the shop, the role, the email',
  description:
    'No authentication: the token of the link is the credential. `404 INVITE_NOT_FOUND` for a token that names no invite (a link replaced by a resend names none); `410 INVITE_EXPIRED` once it expired (7 days), was accepted or revoked.',
  request: { query: InviteTokenQuerySchema },
  raises: ['INVITE_NOT_FOUND', 'INVITE_EXPIRED', 'TOO_MANY_LOGIN_ATTEMPTS'],
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
  raises: ['INVITE_NOT_FOUND', 'INVITE_EXPIRED', 'TOO_MANY_LOGIN_ATTEMPTS'],
  responses: { 200: jsonContent(SessionSchema, 'Signed in, on the shop') },
});

const listInvitesRoute = adminRoute({
  method: 'get',
  path: '/',
  tag: 'Invites',
  scope: 'staff:read',
  operationId: 'listStaffInvites',
  summary: 'The shop’s invites, newest first',
  description: 'Every invite with its status: pending, accepted, revoked or expired.',
  request: { query: ListQuerySchema },
  responses: { 200: jsonContent(InviteListSchema, 'A page of invites') },
});

const createInviteRoute = adminRoute({
  method: 'post',
  path: '/',
  tag: 'Invites',
  scope: 'staff:write',
  operationId: 'createStaffInvite',
  summary: 'Invites someone by email with a role',
  description:
    'Emails a single-use link to `<origin>/admin/invite?token=…`, valid 7 days; the member is listed as `invited` until they accept. Inviting a pending email again replaces its invite; an active or disabled member is `409 STAFF_ALREADY_MEMBER`. You can only invite with a role within your own scopes.',
  request: { body: jsonBody(InviteCreateSchema) },
  raises: RAISES.invite,
  responses: { 201: jsonContent(InviteSchema, 'The invite') },
});

const resendRoute = adminRoute({
  method: 'post',
  path: '/{id}/resend',
  tag: 'Invites',
  scope: 'staff:write',
  operationId: 'resendStaffInvite',
  summary: 'Sends the invite again with a new link, valid 7 days',
  description:
    'The earlier link stops working. An accepted or revoked invite is `409 INVITE_NOT_PENDING`.',
  request: { params: IdParamSchema },
  raises: RAISES.inviteById,
  responses: { 200: jsonContent(InviteSchema, 'The invite') },
});

const revokeRoute = adminRoute({
  method: 'delete',
  path: '/{id}',
  tag: 'Invites',
  scope: 'staff:write',
  operationId: 'revokeStaffInvite',
  summary: 'Revokes an invite',
  description: 'The link stops working and the invited member is removed from the list.',
  request: { params: IdParamSchema },
  raises: RAISES.inviteById,
  responses: { 200: jsonContent(InviteSchema, 'The revoked invite') },
});

/** /admin/api/v1/invites */
export const inviteRoutes = createRouter();

const limitInviteAttempts = (c: Context<AppEnv>) =>
  enforceLimits(
    c.get('services'),
    [{ rule: SIGN_IN_RATE_RULES.access, key: `staff:${clientNetwork(c.req.raw.headers)}` }],
    { code: 'TOO_MANY_LOGIN_ATTEMPTS' },
    'refuse',
  );

inviteRoutes.openapi(previewRoute, async (c) => {
  await limitInviteAttempts(c);
  return c.json(
    await previewInvite(c.get('services').database.db, c.req.valid('query').token),
    200,
  );
});

inviteRoutes.openapi(acceptRoute, async (c) => {
  await limitInviteAttempts(c);
  const { token, name } = c.req.valid('json');
  const services = c.get('services');
  const { session, personId } = await withTransaction(services.database, async (tx) => {
    const { member, shopId, email } = await acceptInvite(tx, token, name);
    const session = await openSession(c, tx, {
      personId: member.personId,
      shopId,
      memberId: member.id,
    });
    const actor = actorOf(
      { keyId: null, actor: { type: 'staff', id: member.id, email, name } },
      c.get('requestId') ?? null,
    );
    await recordAudit(tx, shopId, actor, [
      {
        action: 'update',
        resourceType: 'staff_member',
        resourceId: member.id,
        before: { status: 'invited' },
        after: { status: 'active' },
      },
    ]);
    return { session, personId: member.personId };
  });
  const db = services.database.db;
  const memberships = await selectMemberships(db, personId);
  const [person] = (
    await db.execute(sql`select email, name from staff_people where id = ${personId}`)
  ).rows as Array<{ email: string; name: string }>;
  return c.json(toSession(session, person ?? { email: '', name }, memberships), 200);
});

inviteRoutes.openapi(listInvitesRoute, async (c) => {
  const page = await listInvites(
    c.get('services').database.db,
    c.get('shop'),
    c.req.valid('query'),
  );
  return c.json(toList(c, page.data, page.hasMore), 200);
});

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

inviteRoutes.openapi(resendRoute, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => resendInvite(w, id, origin(c))), 200);
});

inviteRoutes.openapi(revokeRoute, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => revokeInvite(w, id)), 200);
});

// ---------------------------------------------------------------- /roles

const listRolesRoute = adminRoute({
  method: 'get',
  path: '/',
  tag: 'Roles',
  scope: 'staff:read',
  operationId: 'listRoles',
  summary: 'The shop’s roles: the presets and its own',
  description:
    'Each role is a set of merchant scopes. The presets (owner, admin, catalogue editor, fulfilment, support, analyst) are always there; `members` counts who holds each.',
  request: { query: ListQuerySchema },
  responses: { 200: jsonContent(RoleListSchema, 'A page of roles') },
});

const getRoleRoute = adminRoute({
  method: 'get',
  path: '/{id}',
  tag: 'Roles',
  scope: 'staff:read',
  operationId: 'getRole',
  summary: 'One role',
  description: 'Reads one role with its ETag, for a later `If-Match`.',
  request: { params: IdParamSchema },
  raises: RAISES.role,
  responses: { 200: resourceContent(RoleSchema, 'The role') },
});

const createRoleRoute = adminRoute({
  method: 'post',
  path: '/',
  tag: 'Roles',
  scope: 'staff:write',
  operationId: 'createRole',
  summary: 'Adds a role: a name and a set of scopes',
  description: 'Names are unique in the shop, in any case. You can only grant scopes you hold.',
  request: { body: jsonBody(RoleCreateSchema) },
  raises: RAISES.createRole,
  responses: { 201: resourceContent(RoleSchema, 'The new role') },
});

const patchRoleRoute = adminRoute({
  method: 'patch',
  path: '/{id}',
  tag: 'Roles',
  scope: 'staff:write',
  ifMatch: true,
  operationId: 'updateRole',
  summary: 'Renames a role or changes its scopes',
  description:
    'Members holding the role get the new scopes at their next request. The owner role cannot be changed (`409 ROLE_OWNER_LOCKED`); presets can.',
  request: { params: IdParamSchema, body: jsonBody(RoleUpdateSchema) },
  raises: RAISES.updateRole,
  responses: { 200: resourceContent(RoleSchema, 'The role') },
});

const deleteRoleRoute = adminRoute({
  method: 'delete',
  path: '/{id}',
  tag: 'Roles',
  scope: 'staff:write',
  ifMatch: true,
  operationId: 'deleteRole',
  summary: 'Deletes a role of the shop’s own',
  description:
    'Presets cannot be deleted (`409 ROLE_PRESET`), nor a role members or pending invites hold (`409 ROLE_IN_USE`).',
  request: { params: IdParamSchema },
  raises: RAISES.deleteRole,
  responses: { 200: jsonContent(DeletedRoleSchema, 'The role is deleted') },
});

/** /admin/api/v1/roles */
export const roleRoutes = createRouter();

roleRoutes.openapi(listRolesRoute, async (c) => {
  const page = await listRoles(c.get('services').database.db, c.get('shop'), c.req.valid('query'));
  return c.json(toList(c, page.data, page.hasMore), 200);
});
roleRoutes.openapi(getRoleRoute, async (c) => {
  const role = await getRole(c.get('services').database.db, c.get('shop'), c.req.valid('param').id);
  c.header('ETag', `"${role.version}"`);
  return c.json(role, 200);
});
roleRoutes.openapi(createRoleRoute, async (c) => {
  const body = c.req.valid('json');
  return c.json(await merchantWrite(c, (w) => createRole(w, c.get('merchant'), body)), 201);
});
roleRoutes.openapi(patchRoleRoute, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  return c.json(await merchantWrite(c, (w) => updateRole(w, c.get('merchant'), id, body)), 200);
});
roleRoutes.openapi(deleteRoleRoute, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => deleteRole(w, id)), 200);
});
