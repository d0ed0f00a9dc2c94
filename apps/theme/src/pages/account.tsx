/** /account: signing in with an emailed code, the customer's details, and signing out. */
import { CodeForm, message, nextPath, refusal, SignIn } from '../components/account-forms';
import { ACCOUNT_PATTERN, accountPage, customerProfile } from '../customer';
import type { ThemeContext } from '../env';
import { field } from '../lib/forms';
import { endSession, setToken } from '../session';
import { signInClient, tokenOf } from '../sign-in';

type Account = Awaited<ReturnType<typeof load>>;

export async function load(c: ThemeContext) {
  return {
    profile: await customerProfile(c),
    next: nextPath(c.req.query('next')),
    saved: c.req.query('saved') === '1',
    error: c.req.query('error'),
  };
}

export function render(c: ThemeContext, { profile, next, saved, error }: Account) {
  if (!profile) return accountPage(c, ACCOUNT_PATTERN.account, 'Sign in', <SignIn next={next} />);
  const s = profile.shipping;
  return accountPage(
    c,
    ACCOUNT_PATTERN.account,
    'Your account',
    <>
      <h1>Hello, {profile.user.name || profile.user.email}</h1>
      <p>
        Signed in as {profile.user.email}. <a href="/account/orders">Your orders</a>
      </p>
      {saved ? <p role="status">Your details are saved.</p> : null}
      {error ? (
        <p class="error" role="alert">
          {message(error)}
        </p>
      ) : null}
      <form method="post" action="/account/profile" class="form" aria-labelledby="details">
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
      <form method="post" action="/account/sign-out">
        <h2>Sign out</h2>
        <button type="submit" class="ghost">
          Sign out
        </button>
      </form>
    </>,
  );
}

/** POST /account/sign-in: the email asks the API for a code, then the code's form. */
export async function signIn(c: ThemeContext) {
  const form = await c.req.parseBody();
  const email = field(form, 'email');
  const next = nextPath(field(form, 'next'));
  const { data, error, response } = await c.get('api').POST('/auth', { body: { email } });
  const id = data && 'data' in data ? (data.data as { id?: string } | undefined)?.id : undefined;
  if (!data || !id)
    return accountPage(
      c,
      ACCOUNT_PATTERN.account,
      'Sign in',
      <SignIn next={next} email={email} error={refusal(error?.code, response)} />,
      422,
    );
  return accountPage(
    c,
    ACCOUNT_PATTERN.account,
    'Enter your code',
    <CodeForm email={email} id={id} next={next} />,
  );
}

/** POST /account/verify: the emailed code signs the customer in and goes on to `next`. */
export async function verify(c: ThemeContext) {
  const form = await c.req.parseBody();
  const email = field(form, 'email');
  const id = field(form, 'id');
  const next = nextPath(field(form, 'next'));
  const { data, error, response } = await signInClient(c).POST('/auth/verify', {
    body: { email, id, code: field(form, 'code'), event: 'login' },
  });
  const token = tokenOf(data);
  if (!token)
    return accountPage(
      c,
      ACCOUNT_PATTERN.account,
      'Enter your code',
      <CodeForm email={email} id={id} next={next} error={refusal(error?.code, response)} />,
      422,
    );
  setToken(c, token);
  return c.redirect(next, 303);
}

/** POST /account/profile: the customer's details saved. */
export async function profile(c: ThemeContext) {
  const api = c.get('customerApi');
  if (!api) return c.redirect('/account', 303);
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
    error ? `/account?error=${encodeURIComponent(error.code)}` : '/account?saved=1',
    303,
  );
}

/** POST /account/sign-out. */
export async function signOut(c: ThemeContext) {
  await endSession(c);
  return c.redirect('/account', 303);
}
