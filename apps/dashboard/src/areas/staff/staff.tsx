import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, newIdempotencyKey, unwrap } from '../../api/client';
import { useMe } from '../../components/layout';
import { type ResourceConfig, ResourceList } from '../../components/resource';
import { ErrorNotice, formatDate, Notice, ScopeWords } from '../../components/ui';
import { can, SCOPE_OPTIONS } from '../../lib/scopes';
import { Members } from './members';
import { roleKeys } from './queries';

export const rolesQuery = {
  queryKey: roleKeys.every(),
  queryFn: () => unwrap(api.GET('/roles', { params: { query: { limit: 100 } } })),
};

const ROLES: Omit<ResourceConfig, 'onChange'> = {
  path: '/roles',
  singular: 'role',
  plural: 'roles',
  level: 2,
  writeScope: 'staff:write',
  editable: true,
  removable: (r) => !r.preset && r.members === 0,
  name: (r) => String(r.name),
  fields: [
    { name: 'name', label: 'Role name', kind: 'text', required: true },
    { name: 'scopes', label: 'What this role may do', kind: 'choices', options: SCOPE_OPTIONS },
  ],
  columns: [
    { label: 'Role', value: (r) => `${String(r.name)}${r.preset ? ' (built in)' : ''}` },
    { label: 'May', value: (r) => <ScopeWords scopes={r.scopes as string[]} /> },
    { label: 'Members', value: (r) => String(r.members) },
  ],
};

function Resend({ id, email }: { id: string; email: string }) {
  const [state, setState] = useState<{ done?: boolean; error?: unknown }>({});
  return (
    <>
      <button
        type="button"
        onClick={async () => {
          try {
            await unwrap(
              api.POST('/invites/{id}/resend', {
                params: { path: { id } },
                headers: { 'idempotency-key': newIdempotencyKey() },
              }),
            );
            setState({ done: true });
          } catch (error) {
            setState({ error });
          }
        }}
      >
        Resend<span className="sr-only"> the invite to {email}</span>
      </button>
      {state.done ? <Notice tone="success">Invite sent again to {email}.</Notice> : null}
      <ErrorNotice error={state.error} />
    </>
  );
}

/** Staff members, their invites and the roles that say what each may do. */
export function Staff() {
  const me = useMe();
  const queryClient = useQueryClient();
  const roles = useQuery(rolesQuery);
  const rolesChanged = () => void queryClient.invalidateQueries({ queryKey: rolesQuery.queryKey });
  const roleOptions = (roles.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  const invites: ResourceConfig = {
    path: '/invites',
    singular: 'invite',
    plural: 'invites',
    level: 2,
    writeScope: 'staff:write',
    editable: false,
    removable: (i) => i.status === 'pending',
    removeLabel: 'Revoke',
    name: (i) => `Invite to ${String(i.email)}`,
    fields: [
      { name: 'email', label: 'Email', kind: 'email', required: true },
      {
        name: 'role_id',
        label: 'Role',
        kind: 'select',
        options: roleOptions,
        placeholder: 'Choose a role…',
        required: true,
      },
    ],
    columns: [
      { label: 'Email', value: (i) => String(i.email) },
      { label: 'Role', value: (i) => String((i.role as { name: string }).name) },
      { label: 'Status', value: (i) => String(i.status) },
      { label: 'Expires', value: (i) => formatDate(i.expires_at as string) },
    ],
    actions: (i) =>
      i.status === 'pending' && can(me.scopes, 'staff:write') ? (
        <Resend id={i.id} email={String(i.email)} />
      ) : null,
  };
  return (
    <>
      <h1>Staff</h1>
      <ErrorNotice error={roles.error} />
      <Members roles={roleOptions} />
      {roles.data ? <ResourceList config={invites} /> : null}
      <ResourceList config={{ ...ROLES, onChange: rolesChanged }} />
    </>
  );
}
