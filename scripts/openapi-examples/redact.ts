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

/** The origin the reference's examples name, whatever host and port the recording ran on. */
export const PUBLIC_ORIGIN = 'https://shop.example';

/** A local origin: loopback or `localhost`, with or without a port. */
const LOCAL_ORIGIN = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?/g;

/**
 * `example` with every local origin (the throw-away stack's storage, the payment stand-in's
 * checkout link) moved onto {@link PUBLIC_ORIGIN}: a reader sees URLs of a shop, never the
 * random port a recording happened to use.
 */
export function withPublicOrigin<T>(example: T): T {
  return JSON.parse(JSON.stringify(example).replace(LOCAL_ORIGIN, PUBLIC_ORIGIN)) as T;
}
