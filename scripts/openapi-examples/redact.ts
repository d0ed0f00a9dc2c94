const DEMO_TAIL = 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwXk2mPz7RtB8vLc3nWd6hYs1eJa5u';

/**
 * A demo value for `secret`: what the answer also lists of it stays (a key's first 12
 * characters are its `prefix`, a signing secret's `whsec_`), the rest is made up.
 */
function demoSecret(secret: string): string {
  const kept = secret.startsWith('sk_') ? 12 : (/^[a-z]+_/.exec(secret)?.[0].length ?? 0);
  return (secret.slice(0, kept) + DEMO_TAIL).slice(0, Math.max(secret.length, kept + 16));
}

/**
 * `body` with every secret (a field named like one) replaced by a demo value, keeping its
 * kind: the reference shows what the answer looks like, never a credential.
 */
export function redactSecrets(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redactSecrets);
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => {
      if (/secret/i.test(name) && typeof value === 'string') return [name, demoSecret(value)];
      return [name, redactSecrets(value)];
    }),
  );
}
