import { crudRoutes } from '../../admin-kit/crud';
import { ListQuerySchema } from '../../admin-kit/list';
import {
  DeletedRoleSchema,
  RoleCreateSchema,
  RoleListSchema,
  RoleSchema,
  RoleUpdateSchema,
} from './schemas';
import { createRole, deleteRole, getRole, listRoles, RAISES, updateRole } from './service/roles';

/** /admin/api/v1/roles: named sets of merchant scopes that staff members hold. */
export const roleRoutes = crudRoutes({
  tag: 'Roles',
  scope: 'staff',
  names: { one: 'Role', many: 'Roles', noun: 'role' },
  summaries: {
    list: 'The shop’s roles: the presets and its own',
    create: 'Adds a role: a name and a set of scopes',
    update: 'Renames a role or changes its scopes',
    remove: 'Deletes a role of the shop’s own',
  },
  descriptions: {
    list: 'Each role is a set of merchant scopes. The presets (owner, admin, catalogue editor, fulfilment, support, analyst) are always there; `members` counts who holds each.',
    create: 'Names are unique in the shop, in any case. You can only grant scopes you hold.',
    update:
      'Members holding the role get the new scopes at their next request. The owner role cannot be changed (`409 ROLE_OWNER_LOCKED`); presets can. You can only change a role within your own scopes.',
    remove:
      'Presets cannot be deleted (`409 ROLE_PRESET`), nor a role that members or invites not yet accepted or revoked hold (`409 ROLE_IN_USE`): give them another role first.',
  },
  schemas: {
    resource: RoleSchema,
    list: RoleListSchema,
    listQuery: ListQuerySchema,
    create: RoleCreateSchema,
    update: RoleUpdateSchema,
    deleted: DeletedRoleSchema,
  },
  raises: {
    get: RAISES.role,
    create: RAISES.createRole,
    update: RAISES.updateRole,
    remove: RAISES.deleteRole,
  },
  service: {
    list: listRoles,
    get: getRole,
    create: createRole,
    update: updateRole,
    remove: deleteRole,
  },
});
