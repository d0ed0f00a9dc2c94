import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { timestamp } from '../../admin-kit/route';
import { MERCHANT_SCOPES, type MerchantScope } from '../../identity/merchant-scopes';
import { PRESET_ROLE_KEYS } from '../../identity/staff-roles';
import { MerchantKeySchema } from '../keys/schemas';

/** The answer of a call that has nothing to return. */
export const NO_CONTENT = { 204: { description: 'Done; no body' } };

const email = () =>
  z
    .email({ message: 'Must be an email address.' })
    .max(254)
    .transform((value) => value.trim().toLowerCase())
    .openapi({ example: 'owner@aurora.example' });

export const ShopRefSchema = z
  .object({ id: z.string(), handle: z.string(), name: z.string() })
  .openapi('StaffShop');

export const RoleRefSchema = z
  .object({
    id: z.string(),
    name: z.string().openapi({ example: 'Owner' }),
    key: z.enum(PRESET_ROLE_KEYS).nullable().openapi({ description: 'The preset, or null' }),
  })
  .openapi('RoleRef');

export const MembershipSchema = z
  .object({ shop: ShopRefSchema, role: RoleRefSchema })
  .openapi('StaffMembership');

export const SessionSchema = z
  .object({
    object: z.literal('session'),
    id: z.string(),
    created_at: timestamp(),
    expires_at: timestamp().openapi({
      description: 'The absolute end; the session also ends after 12 hours without a request',
    }),
    staff: z.object({ email: z.string(), name: z.string() }),
    // A union, not .nullable(): that would make the shared StaffShop component nullable.
    shop: z.union([ShopRefSchema, z.null()]).openapi({
      description: 'The shop the session works on; null until a member of several shops picks one',
    }),
    memberships: z.array(MembershipSchema),
  })
  .openapi('Session');

export const CodeRequestSchema = z.object({ email: email() }).openapi('SignInCodeRequest');

export const CodeSentSchema = z
  .object({
    object: z.literal('sign_in_code'),
    email: z.string(),
    expires_in: z.number().int().openapi({ example: 600, description: 'Seconds' }),
  })
  .openapi('SignInCode');

export const VerifyRequestSchema = z
  .object({
    email: email(),
    code: z
      .string()
      .regex(/^\d{6}$/, 'Must be the 6 digits of the email.')
      .openapi({ example: '042917' }),
  })
  .openapi('SignInVerify');

export const PickShopSchema = z
  .object({
    shop: z.string().min(1).max(200).openapi({ description: 'The shop id or handle' }),
  })
  .openapi('PickShop');

export const InviteTokenQuerySchema = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .openapi({
      param: { name: 'token', in: 'query' },
      description: 'The token of the invite link',
    }),
});

export const InvitePreviewSchema = z
  .object({
    object: z.literal('invite_preview'),
    email: z.string(),
    shop: ShopRefSchema,
    role: RoleRefSchema,
    expires_at: timestamp(),
  })
  .openapi('InvitePreview');

export const AcceptInviteSchema = z
  .object({
    token: z.string().min(1).max(200),
    name: z.string().trim().min(1).max(200).openapi({ example: 'Olivia Owner' }),
  })
  .openapi('AcceptInvite');

const ScopeSchema = z.enum(MERCHANT_SCOPES as [MerchantScope, ...MerchantScope[]]);

export const MeSchema = z
  .object({
    object: z.literal('me'),
    actor: z.discriminatedUnion('type', [
      z.object({ type: z.literal('staff'), id: z.string(), email: z.string(), name: z.string() }),
      z.object({ type: z.literal('key'), id: z.string(), name: z.string(), prefix: z.string() }),
    ]),
    shop: z.object({
      id: z.string(),
      handle: z.string(),
      name: z.string(),
      currency: z.string(),
      storefront_url: z.string().nullable(),
    }),
    role: z.union([RoleRefSchema, z.null()]).openapi({
      description: "A staff member's role; null for a key",
    }),
    scopes: z.array(ScopeSchema),
    memberships: z.array(MembershipSchema).optional().openapi({ description: 'Staff only' }),
  })
  .openapi('Me');

export const StaffSessionSchema = z
  .object({
    object: z.literal('staff_session'),
    id: z.string(),
    current: z.boolean(),
    created_at: timestamp(),
    last_seen_at: timestamp(),
    expires_at: timestamp(),
    user_agent: z.string(),
    ip_network: z.string().openapi({ description: 'The IPv4 address or IPv6 /64 it began from' }),
  })
  .openapi('StaffSession');

export const StaffSessionListSchema = listSchema(StaffSessionSchema, 'StaffSessionList');

const STATUSES = ['invited', 'active', 'disabled'] as const;

export const StaffMemberSchema = z
  .object({
    object: z.literal('staff_member'),
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: RoleRefSchema,
    status: z.enum(STATUSES),
    created_at: timestamp(),
    last_sign_in_at: timestamp().nullable(),
    version: z.number().int(),
  })
  .openapi('StaffMember');

export type StaffMember = z.infer<typeof StaffMemberSchema>;

export type StaffListQuery = z.infer<typeof StaffListQuerySchema>;

export const StaffMemberListSchema = listSchema(StaffMemberSchema, 'StaffMemberList');

export const StaffListQuerySchema = ListQuerySchema.extend({
  status: z
    .enum(STATUSES)
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  role: z
    .string()
    .max(100)
    .optional()
    .openapi({ param: { name: 'role', in: 'query' }, description: 'A role id or preset key' }),
  q: z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: 'q', in: 'query' }, description: 'Part of the email or name' }),
});

export const StaffUpdateSchema = z
  .object({
    role_id: z.uuid().optional(),
    status: z.enum(['active', 'disabled']).optional(),
  })
  .openapi('StaffMemberUpdate');

const RevokedKeysSchema = z.array(MerchantKeySchema).openapi({
  description:
    'The merchant keys this member created from the dashboard, revoked by this change (empty when none): a key does not outlive its maker’s access.',
});

export const DeletedStaffMemberSchema = z
  .object({
    id: z.string(),
    object: z.literal('staff_member'),
    deleted: z.literal(true),
    revoked_keys: RevokedKeysSchema,
  })
  .openapi('DeletedStaffMember');

/** PATCH /staff/{id}'s answer: the member, and the keys disabling them revoked. */
export const StaffMemberChangeSchema = StaffMemberSchema.extend({
  revoked_keys: RevokedKeysSchema,
}).openapi('StaffMemberChange');

export const InviteSchema = z
  .object({
    object: z.literal('staff_invite'),
    id: z.string(),
    email: z.string(),
    role: RoleRefSchema,
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    expires_at: timestamp(),
    created_at: timestamp(),
    invited_by: z.string(),
  })
  .openapi('StaffInvite');

export type Invite = z.infer<typeof InviteSchema>;

export const InviteListSchema = listSchema(InviteSchema, 'StaffInviteList');

export const InviteCreateSchema = z
  .object({ email: email(), role_id: z.uuid() })
  .openapi('StaffInviteCreate');

export const RoleSchema = z
  .object({
    object: z.literal('role'),
    id: z.string(),
    key: z.enum(PRESET_ROLE_KEYS).nullable(),
    name: z.string(),
    scopes: z.array(ScopeSchema),
    preset: z.boolean(),
    members: z.number().int().openapi({ description: 'Members holding the role' }),
    version: z.number().int(),
  })
  .openapi('Role');

export type Role = z.infer<typeof RoleSchema>;

export const RoleListSchema = listSchema(RoleSchema, 'RoleList');

export const RoleCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(ScopeSchema).max(MERCHANT_SCOPES.length),
  })
  .openapi('RoleCreate');

export const RoleUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    scopes: z.array(ScopeSchema).max(MERCHANT_SCOPES.length).optional(),
  })
  .openapi('RoleUpdate');

export const DeletedRoleSchema = z
  .object({ id: z.string(), object: z.literal('role'), deleted: z.literal(true) })
  .openapi('DeletedRole');
