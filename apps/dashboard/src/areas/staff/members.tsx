import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, newIdempotencyKey, type Schema, unwrap, writeHeaders } from '../../api/client';
import { useMe } from '../../components/layout';
import { PagedTable, usePaged } from '../../components/paged';
import { ConfirmDialog, ErrorNotice, Notice } from '../../components/ui';
import { apiKeyKeys, resourceKeys } from '../../lib/queries';
import { can } from '../../lib/scopes';
import { roleKeys, staffKeys } from './queries';

type Member = Schema<'StaffMember'>;
type Change = { role_id: string } | { status: 'active' | 'disabled' };

/** The shop's staff: change a member's role, disable or enable them, remove them. */
export function Members({ roles }: { roles: { value: string; label: string }[] }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const writable = can(me.scopes, 'staff:write');
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const [removing, setRemoving] = useState<Member | null>(null);
  // The keys a member made from the dashboard are revoked with them: the confirmation names them.
  const keys = useQuery({
    queryKey: apiKeyKeys.every(),
    enabled: removing !== null && can(me.scopes, 'admin'),
    queryFn: () => unwrap(api.GET('/keys', { params: { query: { limit: 100 } } })),
  });
  const keysOf = (m: Member) =>
    (keys.data?.data ?? []).filter((k) => k.created_by_member_id === m.id && !k.revoked_at);
  const revokedNote = (answer: { revoked_keys: { name: string }[] }) =>
    answer.revoked_keys.length > 0
      ? ` Keys revoked: ${answer.revoked_keys.map((k) => k.name).join(', ')}.`
      : '';
  const list = usePaged(staffKeys.list(), (cursor) =>
    unwrap(api.GET('/staff', { params: { query: { limit: 25, ...cursor } } })),
  );
  const run = async (
    what: string,
    call: Promise<{ revoked_keys: { name: string }[] } | undefined>,
  ) => {
    setFailure(undefined);
    setDone(undefined);
    let note: string | undefined;
    try {
      const answer = await call;
      note = `${what}${answer ? revokedNote(answer) : ''}`;
    } catch (caught) {
      setFailure(caught);
    } finally {
      // A member's role or removal changes the roles' member counts (a role in use stays).
      await Promise.all(
        [
          staffKeys.all(),
          roleKeys.all(),
          resourceKeys.list('/roles'),
          apiKeyKeys.all(),
          resourceKeys.list('/keys'),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    }
    // Said once the list shows the change, so the next action starts from its new version.
    if (note) setDone(note);
  };
  const change = (m: Member, body: Change, what: string) =>
    run(
      what,
      unwrap(
        api.PATCH('/staff/{id}', {
          params: { path: { id: m.id } },
          body,
          headers: writeHeaders(newIdempotencyKey(), m.version),
        }),
      ),
    );
  const remove = async () => {
    if (!removing) return;
    const m = removing;
    setRemoving(null);
    await run(
      `${m.email} removed.`,
      unwrap(
        api.DELETE('/staff/{id}', {
          params: { path: { id: m.id } },
          headers: writeHeaders(newIdempotencyKey(), m.version),
        }),
      ),
    );
  };
  // Nobody changes their own membership here, and owners are changed by the shop's owners only.
  const editable = (m: Member) => writable && m.id !== me.actor.id && m.role.key !== 'owner';
  return (
    <section aria-labelledby="members">
      <h2 id="members">Members</h2>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ErrorNotice error={failure} />
      <PagedTable
        list={list}
        caption="Members"
        what="staff members"
        empty="No members."
        columns={[
          {
            label: 'Member',
            value: (m) => (
              <>
                {m.name || m.email}
                {m.name ? <div className="muted">{m.email}</div> : null}
              </>
            ),
          },
          {
            label: 'Role',
            value: (m) =>
              editable(m) ? (
                <select
                  aria-label={`Role of ${m.email}`}
                  value={m.role.id}
                  onChange={(e) =>
                    void change(m, { role_id: e.target.value }, `${m.email}’s role changed.`)
                  }
                >
                  {roles.map((r) => (
                    <option key={r.value} value={r.value}>
                      {r.label}
                    </option>
                  ))}
                </select>
              ) : (
                m.role.name
              ),
          },
          { label: 'Status', value: (m) => m.status },
        ]}
        actions={(m) =>
          editable(m) ? (
            <>
              {m.status !== 'invited' ? (
                <button
                  type="button"
                  onClick={() =>
                    void change(
                      m,
                      { status: m.status === 'disabled' ? 'active' : 'disabled' },
                      `${m.email} ${m.status === 'disabled' ? 'enabled' : 'disabled'}.`,
                    )
                  }
                >
                  {m.status === 'disabled' ? 'Enable' : 'Disable'}
                  <span className="sr-only"> {m.email}</span>
                </button>
              ) : null}
              <button type="button" className="danger" onClick={() => setRemoving(m)}>
                Remove<span className="sr-only"> {m.email}</span>
              </button>
            </>
          ) : null
        }
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.email ?? ''}?`}
        confirmLabel="Remove member"
        danger
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <p>They lose access to this shop at once; their sessions end.</p>
        {removing && keysOf(removing).length > 0 ? (
          <>
            <p>These keys they made are revoked with them:</p>
            <ul>
              {keysOf(removing).map((k) => (
                <li key={k.id}>
                  {k.name} <code>{k.prefix}</code>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>Any merchant key they made is revoked with them.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
