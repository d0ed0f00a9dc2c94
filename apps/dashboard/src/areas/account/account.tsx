import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useMe } from '../../components/layout';
import { TableRegion } from '../../components/paged';
import { ErrorNotice, formatDate, Loading, Notice } from '../../components/ui';
import { meQuery } from '../../lib/session';
import { sessionListKeys } from './queries';

/** The member's own account: who and where they are, their sessions, and other shops. */
export function Account() {
  const me = useMe();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: sessionListKeys.list(),
    queryFn: () => unwrap(api.GET('/sessions')),
    enabled: me.actor.type === 'staff',
  });
  const end = useMutation({
    mutationFn: (id: string | 'others') =>
      unwrap(
        id === 'others'
          ? api.DELETE('/sessions')
          : api.DELETE('/sessions/{id}', { params: { path: { id } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionListKeys.list() }),
  });
  const switchShop = useMutation({
    mutationFn: (shop: string) => unwrap(api.POST('/auth/shop', { body: { shop } })),
    onSuccess: async () => {
      queryClient.clear();
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
  const others = (me.memberships ?? []).flatMap((m) =>
    m.shop && m.shop.id !== me.shop.id ? [{ shop: m.shop, role: m.role }] : [],
  );
  return (
    <>
      <h1>Your account</h1>
      <p>
        {me.actor.type === 'staff' ? me.actor.email : `Key ${me.actor.prefix}`} ·{' '}
        {me.role?.name ?? 'No role'} at {me.shop.name}
      </p>
      {others.length > 0 ? (
        <section aria-labelledby="shops">
          <h2 id="shops">Switch shop</h2>
          <ul className="plain">
            {others.map((m) => (
              <li key={m.shop.id}>
                <button type="button" onClick={() => switchShop.mutate(m.shop.id)}>
                  {m.shop.name} ({m.role.name})
                </button>
              </li>
            ))}
          </ul>
          <ErrorNotice error={switchShop.error} />
        </section>
      ) : null}
      <section aria-labelledby="sessions">
        <h2 id="sessions">Where you are signed in</h2>
        {sessions.isPending ? <Loading what="sessions" /> : null}
        <ErrorNotice error={sessions.error ?? end.error} />
        {end.isSuccess ? <Notice tone="success">Signed out there.</Notice> : null}
        {sessions.data ? (
          <TableRegion label="Sessions">
            <table>
              <caption className="sr-only">Sessions</caption>
              <thead>
                <tr>
                  <th scope="col">Browser</th>
                  <th scope="col">Network</th>
                  <th scope="col">Signed in</th>
                  <th scope="col">Last seen</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sessions.data.data.map((s) => (
                  <tr key={s.id}>
                    <td>
                      {s.user_agent ?? 'Unknown browser'}
                      {s.current ? <strong> (this browser)</strong> : null}
                    </td>
                    <td>{s.ip_network ?? '—'}</td>
                    <td>{formatDate(s.created_at)}</td>
                    <td>{formatDate(s.last_seen_at)}</td>
                    <td>
                      {s.current ? null : (
                        <button
                          type="button"
                          onClick={() => end.mutate(s.id)}
                          disabled={end.isPending}
                        >
                          Sign out this session
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        ) : null}
        <button type="button" onClick={() => end.mutate('others')} disabled={end.isPending}>
          Sign out everywhere else
        </button>
      </section>
    </>
  );
}
