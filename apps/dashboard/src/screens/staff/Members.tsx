import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, newIdempotencyKey, type Schema, unwrap, writeHeaders } from '../../api/client';
import { useMe } from '../../components/Layout';
import { ConfirmDialog, ErrorNotice, Loading, Notice, Pager } from '../../components/ui';
import { useCursor } from '../../lib/list';
import { can } from '../../lib/scopes';

type Member = Schema<'StaffMember'>;
type Change = { role_id: string } | { status: 'active' | 'disabled' };

/** The shop's staff: change a member's role, disable or enable them, remove them. */
export function Members({ roles }: { roles: { value: string; label: string }[] }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const pager = useCursor();
  const writable = can(me.scopes, 'staff:write');
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const [removing, setRemoving] = useState<Member | null>(null);
  const list = useQuery({
    queryKey: ['staff', pager.cursor],
    queryFn: () => unwrap(api.GET('/staff', { params: { query: { limit: 25, ...pager.cursor } } })),
    placeholderData: keepPreviousData,
  });
  const run = async (what: string, call: Promise<unknown>) => {
    setFailure(undefined);
    setDone(undefined);
    try {
      await call;
      setDone(what);
    } catch (caught) {
      setFailure(caught);
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
    }
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
  const rows = list.data?.data ?? [];
  const self = me.actor.id;
  return (
    <section aria-labelledby="members">
      <h2 id="members">Members</h2>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ErrorNotice error={list.error ?? failure} />
      {list.isPending ? <Loading what="staff members" /> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">Members</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => {
                const editable = writable && m.id !== self && m.role.key !== 'owner';
                return (
                  <tr key={m.id}>
                    <td>
                      {m.name || m.email}
                      {m.name ? <div className="muted">{m.email}</div> : null}
                    </td>
                    <td>
                      {editable ? (
                        <select
                          aria-label={`Role of ${m.email}`}
                          value={m.role.id}
                          onChange={(e) =>
                            void change(
                              m,
                              { role_id: e.target.value },
                              `${m.email}’s role changed.`,
                            )
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
                      )}
                    </td>
                    <td>{m.status}</td>
                    <td className="row-actions">
                      {editable && m.status !== 'invited' ? (
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
                      {editable ? (
                        <button type="button" className="danger" onClick={() => setRemoving(m)}>
                          Remove<span className="sr-only"> {m.email}</span>
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        hasPrevious={pager.page > 0}
        hasNext={pager.hasNext(list.data?.has_more ?? false)}
        onPrevious={() => pager.previous(rows[0]?.id)}
        onNext={() => pager.next(rows.at(-1)?.id)}
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
      </ConfirmDialog>
    </section>
  );
}
