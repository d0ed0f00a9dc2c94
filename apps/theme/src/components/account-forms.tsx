/** The sign-in forms (email, then the emailed code) and the words for the API's refusals. */

import { withRetryAfter } from '../../../../src/lib/retry-after';

export const nextPath = (raw: string | undefined) =>
  raw && /^\/[a-z0-9/_-]*$/i.test(raw) && !raw.startsWith('//') ? raw : '/account';

const ERRORS: Record<string, string> = {
  ACCOUNT_NOT_FOUND: 'No account uses that email yet. Place an order to create one.',
  ACCOUNT_BLACKLISTED: 'This account cannot sign in.',
  ACCOUNT_INACTIVE: 'This account is not active.',
  TOO_MANY_LOGIN_ATTEMPTS: 'Too many attempts. Wait a while and try again.',
  INVALID_CODE: 'That code is not right. Check the email and try again.',
  VERIFICATION_NOT_VALID: 'That code has expired. Ask for a new one.',
  TOO_MANY_VERIFY_ATTEMPTS: 'Too many wrong codes. Ask for a new one.',
  INVALID_ACCESS_LINK: 'That link is not valid. Sign in with a code instead.',
  ACCESS_LINK_EXPIRED: 'That link has expired. Sign in with a code instead.',
  ORDER_CANCELLED: 'That order was cancelled, so its link no longer signs you in.',
  ORDER_HAS_REFUND: 'That order was refunded, so its link no longer signs you in.',
  PHONE_NUMBER_INVALID: 'That phone number is not valid.',
};
export const message = (code: string | undefined) =>
  code ? (ERRORS[code] ?? `Something went wrong (${code}).`) : 'Something went wrong.';

/** The words for a refused answer, saying when to try again where it sends Retry-After. */
export const refusal = (code: string | undefined, response: Response | undefined) =>
  withRetryAfter(message(code), response?.headers.get('retry-after'));

export function SignIn({ error, next, email }: { error?: string; next: string; email?: string }) {
  return (
    <>
      <h1>Sign in</h1>
      <p>We email you a 6-digit code: no password needed.</p>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="post" action="/account/sign-in" class="form">
        <input type="hidden" name="next" value={next} />
        <label>
          Email
          <input type="email" name="email" required autocomplete="email" value={email ?? ''} />
        </label>
        <button type="submit">Email me a code</button>
      </form>
    </>
  );
}

export function CodeForm({
  email,
  id,
  next,
  error,
}: {
  email: string;
  id: string;
  next: string;
  error?: string;
}) {
  return (
    <>
      <h1>Enter your code</h1>
      <p role="status">We sent a 6-digit code to {email}.</p>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="post" action="/account/verify" class="form">
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="next" value={next} />
        <label>
          Code from the email
          <input
            name="code"
            inputmode="numeric"
            pattern="[0-9]{6}"
            maxlength={6}
            required
            autocomplete="one-time-code"
          />
        </label>
        <button type="submit">Sign in</button>
      </form>
    </>
  );
}
