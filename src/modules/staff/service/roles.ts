import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { type ListParams, listPage } from '../../../admin-kit/list';
import type { WriteScope } from '../../../admin-kit/write';
import type { MerchantContext, ShopContext } from '../../../app-env';
import type { Db, Tx } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { staffInvites, staffRoles } from '../../../db/schema';
import { ApiError, type ErrorCode } from '../../../errors';
import { type MerchantScope, normaliseScopes } from '../../../identity/merchant-scopes';
import { ensurePresetRoles, isPresetRoleKey, roleScopes } from '../../../identity/staff-roles';
import { isUuid } from '../../../lib/uuid';
import type { Role } from '../schemas';
import { assertCanGrant } from './grants';

export const RAISES = {
  role: ['ROLE_NOT_FOUND'],
  createRole: ['ROLE_NAME_TAKEN', 'MERCHANT_SCOPE_MISSING'],
  updateRole: ['ROLE_NOT_FOUND', 'ROLE_NAME_TAKEN', 'ROLE_OWNER_LOCKED', 'MERCHANT_SCOPE_MISSING'],
  deleteRole: ['ROLE_NOT_FOUND', 'ROLE_PRESET', 'ROLE_IN_USE'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** One role of the shop by id, or null. */
export async function findRole(db: Db | Tx, shopId: string, id: string) {
  if (!isUuid(id)) return null;
  const [role] = await db
    .select()
    .from(staffRoles)
    .where(and(eq(staffRoles.shopId, shopId), eq(staffRoles.id, id)));
  return role ?? null;
}

type RoleRow = typeof staffRoles.$inferSelect & { members: number };

export const toRole = (row: RoleRow): Role => ({
  object: 'role',
  id: row.id,
  key: isPresetRoleKey(row.key) ? row.key : null,
  name: row.name,
  scopes: roleScopes(row),
  preset: row.key !== null,
  members: Number(row.members),
  version: row.version,
});

/**
 * Members holding the role. Spelt with its own alias: drizzle renders the columns of a
 * single-table select unqualified, which inside this subquery would name staff_members'.
 */
const membersOf =
  sql<number>`(select count(*) from staff_members m where m.role_id = "staff_roles"."id")`.mapWith(
    Number,
  );

export async function listRoles(db: Db, shop: ShopContext, query: ListParams) {
  await ensurePresetRoles(db, shop.id);
  const page = await listPage(db, staffRoles, shop.id, query, (keyset) =>
    db
      .select({ role: staffRoles, members: membersOf })
      .from(staffRoles)
      .where(keyset.where)
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  return {
    data: page.rows.map((r) => toRole({ ...r.role, members: r.members })),
    hasMore: page.hasMore,
  };
}

async function roleWithMembers(db: Db | Tx, shopId: string, id: string, lock = false) {
  if (!isUuid(id)) return null;
  const where = and(eq(staffRoles.shopId, shopId), eq(staffRoles.id, id));
  if (lock) await db.select({ id: staffRoles.id }).from(staffRoles).where(where).for('update');
  const [row] = await db
    .select({ role: staffRoles, members: membersOf })
    .from(staffRoles)
    .where(where);
  return row ? { ...row.role, members: row.members } : null;
}

export async function getRole(db: Db, shop: ShopContext, id: string) {
  const row = await roleWithMembers(db, shop.id, id);
  if (!row) throw new ApiError('ROLE_NOT_FOUND');
  return toRole(row);
}

/** Role names are unique in a shop, in any case (`except`: the role being renamed). */
async function assertNameFree(tx: Tx, shopId: string, name: string, except?: string) {
  const [taken] = await tx
    .select({ id: staffRoles.id })
    .from(staffRoles)
    .where(
      and(
        eq(staffRoles.shopId, shopId),
        except ? ne(staffRoles.id, except) : undefined,
        sql`lower(${staffRoles.name}) = lower(${name})`,
      ),
    );
  if (taken) throw new ApiError('ROLE_NAME_TAKEN');
}

/** A concurrent write that took the name first loses on the unique index, with the same code. */
const nameTaken = (error: unknown) => {
  if (isUniqueViolation(error)) throw new ApiError('ROLE_NAME_TAKEN');
  throw error;
};

export async function createRole(
  w: WriteScope,
  input: { name: string; scopes: MerchantScope[] },
  caller: MerchantContext,
) {
  assertCanGrant(caller, input.scopes);
  await ensurePresetRoles(w.tx, w.shop.id);
  await assertNameFree(w.tx, w.shop.id, input.name);
  const [row] = await w.tx
    .insert(staffRoles)
    .values({ shopId: w.shop.id, name: input.name, scopes: normaliseScopes(input.scopes) })
    .returning()
    .catch(nameTaken);
  if (!row) throw new Error('the role was not stored');
  const role = toRole({ ...row, members: 0 });
  await w.audit({
    action: 'create',
    resourceType: 'role',
    resourceId: row.id,
    before: null,
    after: role,
  });
  return role;
}

/** PATCH /roles/{id}: members holding it get the new scopes at their next request. */
export async function updateRole(
  w: WriteScope,
  id: string,
  input: { name?: string; scopes?: MerchantScope[] },
  caller: MerchantContext,
) {
  const current = await roleWithMembers(w.tx, w.shop.id, id, true);
  if (!current) throw new ApiError('ROLE_NOT_FOUND');
  w.expectVersion(current.version);
  if (current.key === 'owner') throw new ApiError('ROLE_OWNER_LOCKED');
  assertCanGrant(caller, roleScopes(current));
  if (input.scopes) assertCanGrant(caller, input.scopes);
  if (input.name) await assertNameFree(w.tx, w.shop.id, input.name, id);
  const [row] = await w.tx
    .update(staffRoles)
    .set({
      ...(input.name ? { name: input.name } : {}),
      ...(input.scopes ? { scopes: normaliseScopes(input.scopes) } : {}),
      version: sql`${staffRoles.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(staffRoles.id, id))
    .returning()
    .catch(nameTaken);
  if (!row) throw new ApiError('ROLE_NOT_FOUND');
  const after = toRole({ ...row, members: current.members });
  await w.audit({
    action: 'update',
    resourceType: 'role',
    resourceId: id,
    before: toRole(current),
    after,
  });
  return after;
}

/**
 * DELETE /roles/{id}: only a shop's own role that no member and no pending invite holds
 * (409 ROLE_IN_USE: give them another role first); its spent invites go with it.
 */
export async function deleteRole(w: WriteScope, id: string) {
  const current = await roleWithMembers(w.tx, w.shop.id, id, true);
  if (!current) throw new ApiError('ROLE_NOT_FOUND');
  w.expectVersion(current.version);
  if (current.key !== null) throw new ApiError('ROLE_PRESET');
  const [invites] = await w.tx
    .select({ n: count() })
    .from(staffInvites)
    .where(
      and(
        eq(staffInvites.roleId, id),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.revokedAt),
      ),
    );
  if (current.members > 0 || (invites?.n ?? 0) > 0) throw new ApiError('ROLE_IN_USE');
  await w.tx.delete(staffInvites).where(eq(staffInvites.roleId, id));
  await w.tx.delete(staffRoles).where(eq(staffRoles.id, id));
  await w.audit({
    action: 'delete',
    resourceType: 'role',
    resourceId: id,
    before: toRole(current),
    after: null,
  });
  return { id, object: 'role' as const, deleted: true as const };
}
