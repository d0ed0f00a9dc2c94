/** Signing in (code or the order email's link), the profile and signing out. */
import type { Context } from 'hono';
import { apiClient, visitorAddressOf } from '../api';
import type { ThemeEnv } from '../env';
import { field } from '../lib/forms';
import { deviceId, endSession, setToken } from '../session';
import { CodeForm, message, nextPath, refusal, SignIn } from './account-forms';
import { accountPage, customerProfile } from './customer';

type C = Context<ThemeEnv>;

export async function dashboard(c: C) {
  const profile = await customerProfile(c);
  const next = nextPath(c.req.query('next'));
  if (!profile) return accountPage(c, '/dashboard', 'Sign in', <SignIn next={next} />);
  const s = profile.shipping;
  const saved = c.req.query('saved') === '1';
  const error = c.req.query('error');
  return accountPage(
    c,
    '/dashboard',
    'Your account',
    <>
      <h1>Hello, {profile.user.name || profile.user.email}</h1>
      <p>
        Signed in as {profile.user.email}. <a href="/dashboard/orders">Your orders</a>
      </p>
      {saved ? <p role="status">Your details are saved.</p> : null}
      {error ? (
        <p class="error" role="alert">
          {message(error)}
        </p>
      ) : null}
      <form method="post" action="/dashboard/profile" class="form" aria-labelledby="details">
        <h2 id="details">Your details</h2>
        <label>
          Name
          <input name="name" required autocomplete="name" value={profile.user.name} />
        </label>
        <label>
          Phone
          <input name="phone" type="tel" required autocomplete="tel" value={profile.user.phone} />
        </label>
        <label>
          Town or city
          <input name="town" required autocomplete="address-level2" value={s?.town ?? ''} />
        </label>
        <label>
          District or area
          <input name="city" autocomplete="address-level3" value={s?.city ?? ''} />
        </label>
        <label>
          Street and number
          <input name="apartment" autocomplete="address-line1" value={s?.apartment ?? ''} />
        </label>
        <label>
          Apartment, floor or room
          <input name="room" value={s?.room ?? ''} />
        </label>
        <label>
          Postal code
          <input name="postalCode" autocomplete="postal-code" value={s?.postalCode ?? ''} />
        </label>
        <button type="submit">Save details</button>
      </form>
      <form method="post" action="/dashboard/sign-out">
        <h2>Sign out</h2>
        <button type="submit" class="ghost">
          Sign out
        </button>
      </form>
    </>,
  );
}

export async function requestCode(c: C) {
  const form = await c.req.parseBody();
  const email = field(form, 'email');
  const next = nextPath(field(form, 'next'));
  const { data, error, response } = await c.get('api').POST('/auth', { body: { email } });
  const id = data && 'data' in data ? (data.data as { id?: string } | undefined)?.id : undefined;
  if (!data || !id)
    return accountPage(
      c,
      '/dashboard',
      'Sign in',
      <SignIn next={next} email={email} error={refusal(error?.code, response)} />,
      422,
    );
  return accountPage(
    c,
    '/dashboard',
    'Enter your code',
    <CodeForm email={email} id={id} next={next} />,
  );
}

const tokenOf = (data: unknown) => {
  const d = data as { token?: string; data?: { token?: string } } | undefined;
  return d?.token ?? d?.data?.token ?? null;
};

export async function verifyCode(c: C) {
  const form = await c.req.parseBody();
  const email = field(form, 'email');
  const id = field(form, 'id');
  const next = nextPath(field(form, 'next'));
  const api = apiClient(c.env, { visitor: visitorAddressOf(c.req.raw), deviceId: deviceId(c) });
  const { data, error, response } = await api.POST('/auth/verify', {
    body: { email, id, code: field(form, 'code'), event: 'login' },
  });
  const token = tokenOf(data);
  if (!token)
    return accountPage(
      c,
      '/dashboard',
      'Enter your code',
      <CodeForm email={email} id={id} next={next} error={refusal(error?.code, response)} />,
      422,
    );
  setToken(c, token);
  return c.redirect(next, 303);
}

/** GET /auth/access: the order email's link signs the customer in (POST /auth/access) and opens the order. */
export async function accessLink(c: C) {
  const id = c.req.query('id') ?? '';
  const email = c.req.query('email') ?? '';
  const order = c.req.query('order') ?? '';
  const api = apiClient(c.env, { visitor: visitorAddressOf(c.req.raw), deviceId: deviceId(c) });
  const { data, error, response } = await api.POST('/auth/access', {
    body: { id, email, order },
  });
  const token = tokenOf(data);
  if (!token)
    return accountPage(
      c,
      '/dashboard',
      'Sign in',
      <SignIn next="/dashboard/orders" email={email} error={refusal(error?.code, response)} />,
      422,
    );
  setToken(c, token);
  return c.redirect(`/dashboard/orders/${encodeURIComponent(order)}`, 303);
}

export async function saveProfile(c: C) {
  const api = c.get('customerApi');
  if (!api) return c.redirect('/dashboard', 303);
  const form = await c.req.parseBody();
  const { error } = await api.PATCH('/auth', {
    body: {
      name: field(form, 'name'),
      phone: field(form, 'phone'),
      town: field(form, 'town'),
      city: field(form, 'city'),
      apartment: field(form, 'apartment'),
      room: field(form, 'room'),
      postalCode: field(form, 'postalCode'),
    },
  });
  return c.redirect(
    error ? `/dashboard?error=${encodeURIComponent(error.code)}` : '/dashboard?saved=1',
    303,
  );
}

export async function signOut(c: C) {
  await endSession(c);
  return c.redirect('/dashboard', 303);
}
