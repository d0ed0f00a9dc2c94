import type { Db, Tx } from '../db/client';
import { staffRoles } from '../db/schema';
import { ALL_SCOPES, knownScopes, type MerchantScope, normaliseScopes } from './merchant-scopes';

/** The roles every shop has; `owner` holds every scope, now and as scopes are added. */
export const PRESET_ROLE_KEYS = [
  'owner',
  'admin',
  'catalogue_editor',
  'fulfilment',
  'support',
  'analyst',
] as const;

export type PresetRoleKey = (typeof PRESET_ROLE_KEYS)[number];

/** Name and scopes of each preset role (docs/decisions/staff.md says why these). */
export const PRESET_ROLES: Record<PresetRoleKey, { name: string; scopes: MerchantScope[] }> = {
  owner: { name: 'Owner', scopes: ALL_SCOPES },
  admin: {
    name: 'Admin',
    scopes: normaliseScopes(
      ALL_SCOPES.filter((scope) => scope !== 'staff:write').concat('staff:read'),
    ),
  },
  catalogue_editor: {
    name: 'Catalogue editor',
    scopes: ['catalogue:write', 'content:write'],
  },
  fulfilment: {
    name: 'Fulfilment',
    scopes: ['orders:write', 'customers:read', 'catalogue:read'],
  },
  support: {
    name: 'Support',
    scopes: ['orders:read', 'customers:write', 'reviews:write', 'catalogue:read'],
  },
  analyst: {
    name: 'Analyst',
    scopes: [
      'catalogue:read',
      'content:read',
      'settings:read',
      'orders:read',
      'customers:read',
      'reviews:read',
      'marketing:read',
    ],
  },
};

export const isPresetRoleKey = (value: string | null): value is PresetRoleKey =>
  value !== null && (PRESET_ROLE_KEYS as readonly string[]).includes(value);

/** A role as responses name it: its id, name and preset key (null for a shop's own role). */
export const roleRef = (role: { id: string; name: string; key: string | null }) => ({
  id: role.id,
  name: role.name,
  key: isPresetRoleKey(role.key) ? role.key : null,
});

/** The scopes a role grants: the owner every scope there is, any other its stored ones. */
export const roleScopes = (role: { key: string | null; scopes: readonly string[] }) =>
  role.key === 'owner' ? ALL_SCOPES : knownScopes(role.scopes);

/**
 * Creates the shop's preset roles that do not exist yet (one statement, a no-op once they
 * do): run before anything that needs a role of the shop.
 */
export async function ensurePresetRoles(db: Db | Tx, shopId: string): Promise<void> {
  await db
    .insert(staffRoles)
    .values(
      PRESET_ROLE_KEYS.map((key) => ({
        shopId,
        key,
        name: PRESET_ROLES[key].name,
        scopes: PRESET_ROLES[key].scopes,
      })),
    )
    .onConflictDoNothing({ target: [staffRoles.shopId, staffRoles.key] });
}

/** A lower-cased, trimmed email: staff emails compare case-insensitively. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
