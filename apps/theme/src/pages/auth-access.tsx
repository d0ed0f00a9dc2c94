/** GET /auth/access: the order email's link signs the customer in (POST /auth/access) and opens the order. */
import { refusal, SignIn } from '../components/account-forms';
import { ACCOUNT_PATTERN, accountPage } from '../customer';
import type { ThemeContext } from '../env';
import { setToken } from '../session';
import { signInClient, tokenOf } from '../sign-in';

type Refused = { email: string; error: string };

export async function load(c: ThemeContext): Promise<Refused | Response> {
  const id = c.req.query('id') ?? '';
  const email = c.req.query('email') ?? '';
  const order = c.req.query('order') ?? '';
  const { data, error, response } = await signInClient(c).POST('/auth/access', {
    body: { id, email, order },
  });
  const token = tokenOf(data);
  if (!token) return { email, error: refusal(error?.code, response) };
  setToken(c, token);
  return c.redirect(`/account/orders/${encodeURIComponent(order)}`, 303);
}

/** A link the API refused: the sign-in form, and why. */
export function render(c: ThemeContext, { email, error }: Refused) {
  return accountPage(
    c,
    ACCOUNT_PATTERN.account,
    'Sign in',
    <SignIn next="/account/orders" email={email} error={error} />,
    422,
  );
}
