import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError, api, newIdempotencyKey, type StaffSession, unwrap } from '../../api/client';
import { ErrorNotice, Notice, TextField } from '../../components/ui';
import { meQuery } from '../../lib/session';

/** Sign-in by emailed code: the email first, then the six digits from the message. */
export function SignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { redirect } = useSearch({ from: '/sign-in' });
  const [step, setStep] = useState<'email' | 'code' | 'shop'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [session, setSession] = useState<StaffSession>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const key = useRef(newIdempotencyKey());

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  /**
   * Into the dashboard: the session asked again (the router read "signed out" before the code
   * and would otherwise keep it), then the address that led to sign-in, or Home.
   */
  const proceed = async () => {
    await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
    const target = new URL(redirect ?? '/', window.location.origin);
    await navigate({
      to: target.pathname as '/',
      search: Object.fromEntries(target.searchParams) as never,
    });
  };

  const enter = async (signedIn: StaffSession) => {
    if (!signedIn.shop && signedIn.memberships.length > 1) {
      setSession(signedIn);
      setStep('shop');
      return;
    }
    await proceed();
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await unwrap(
        api.POST('/auth/code', {
          body: { email },
          headers: { 'idempotency-key': key.current },
        }),
      );
      key.current = newIdempotencyKey();
      setStep('code');
    });
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const signedIn = await unwrap(
        api.POST('/auth/verify', {
          body: { email, code: code.trim() },
          headers: { 'idempotency-key': key.current },
        }),
      );
      key.current = newIdempotencyKey();
      await enter(signedIn);
    });
  };

  const pick = (shop: string) =>
    void run(async () => {
      await unwrap(api.POST('/auth/shop', { body: { shop } }));
      await proceed();
    });

  const fieldError = (field: string) =>
    error instanceof ApiError ? error.fieldMessage(field) : undefined;
  const codeError =
    error instanceof ApiError && error.code.startsWith('VERIFICATION')
      ? 'That code is wrong or has expired. Check the latest email, or send a new code.'
      : fieldError('code');

  return (
    <main className="auth" id="main">
      <h1>Sign in to your shop</h1>
      {step === 'email' ? (
        <form onSubmit={sendCode} noValidate>
          <p>We email you a six-digit code. No password needed.</p>
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldError('email')}
          />
          {error && !fieldError('email') ? <ErrorNotice error={error} /> : null}
          <button type="submit" className="primary" disabled={busy || !email.includes('@')}>
            Email me a code
          </button>
        </form>
      ) : null}
      {step === 'code' ? (
        <form onSubmit={verify} noValidate>
          <Notice tone="info">
            If {email} belongs to a shop's staff, a code is on its way. It works for 10 minutes.
          </Notice>
          <TextField
            label="Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={codeError}
          />
          {error && !codeError ? <ErrorNotice error={error} /> : null}
          <div className="actions">
            <button type="submit" className="primary" disabled={busy || code.trim().length !== 6}>
              Sign in
            </button>
            <button
              type="button"
              onClick={() => {
                setStep('email');
                setCode('');
                setError(undefined);
              }}
            >
              Use another email
            </button>
          </div>
        </form>
      ) : null}
      {step === 'shop' && session ? (
        <ShopPicker session={session} onPick={pick} busy={busy} />
      ) : null}
      {step === 'shop' ? <ErrorNotice error={error} /> : null}
    </main>
  );
}

export function ShopPicker({
  session,
  onPick,
  busy,
}: {
  session: Pick<StaffSession, 'memberships'>;
  onPick: (shop: string) => void;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="pick-shop">
      <h2 id="pick-shop">Choose a shop</h2>
      <ul className="plain">
        {session.memberships
          .flatMap((m) => (m.shop ? [{ shop: m.shop, role: m.role }] : []))
          .map((m) => (
            <li key={m.shop.id}>
              <button type="button" disabled={busy} onClick={() => onPick(m.shop.id)}>
                {m.shop.name} <span className="muted">({m.role.name})</span>
              </button>
            </li>
          ))}
      </ul>
    </section>
  );
}
