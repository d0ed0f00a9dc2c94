import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, api, newIdempotencyKey, unwrap } from '../../api/client';
import { ErrorNotice, formatDate, Loading, Notice, TextField } from '../../components/ui';
import { meQuery } from '../../lib/session';
import { inviteKeys } from './queries';

/** Accepting an invite from its email link: see the shop and role, give a name, and join. */
export function Invite() {
  const { token } = useSearch({ from: '/invite' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const key = useRef(newIdempotencyKey());
  const preview = useQuery({
    queryKey: inviteKeys.detail(token),
    queryFn: () => unwrap(api.GET('/invites/accept', { params: { query: { token } } })),
    enabled: token !== '',
    retry: false,
  });

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await unwrap(
        api.POST('/invites/accept', {
          body: { token, name },
          headers: { 'idempotency-key': key.current },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      await navigate({ to: '/' });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  const gone =
    preview.error instanceof ApiError &&
    (preview.error.code === 'INVITE_EXPIRED' || preview.error.status === 410);
  return (
    <main className="auth" id="main">
      <h1>Join a shop</h1>
      {token === '' ? <Notice tone="error">This link has no invite in it.</Notice> : null}
      {preview.isPending && token !== '' ? <Loading what="the invite" /> : null}
      {preview.error ? (
        <Notice tone="error">
          {gone
            ? 'This invite has expired. Ask the shop for a new one.'
            : 'This invite was not found. It may have been revoked or already used.'}
        </Notice>
      ) : null}
      {preview.data ? (
        <form onSubmit={accept}>
          <p>
            <strong>{preview.data.shop?.name ?? 'A shop'}</strong> invites{' '}
            <strong>{preview.data.email}</strong> as <strong>{preview.data.role.name}</strong>. The
            invite is valid until {formatDate(preview.data.expires_at)}.
          </p>
          <TextField
            label="Your name"
            name="name"
            autoComplete="name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error instanceof ApiError ? error.fieldMessage('name') : undefined}
          />
          <ErrorNotice error={error} />
          <button type="submit" className="primary" disabled={busy || name.trim() === ''}>
            Accept and sign in
          </button>
        </form>
      ) : null}
    </main>
  );
}
