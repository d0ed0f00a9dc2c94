/**
 * Webhook signing secrets (Standard Webhooks): `whsec_` and base64 of 24 random bytes. The
 * database keeps each secret sealed with AES-GCM under a key derived from APP_HMAC_SECRET,
 * so a copy of the database alone cannot forge deliveries. Rotating APP_HMAC_SECRET makes
 * stored secrets unreadable: endpoints must then be recreated (docs/decisions/merchant-api.md, "Webhooks").
 */

const encoder = new TextEncoder();
const PREFIX = 'whsec_';
const SEALED = 'v1';

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** A new signing secret, as shown to the merchant once. */
export function newSigningSecret(): string {
  return PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(24)));
}

const sealingKeys = new Map<string, Promise<CryptoKey>>();

/** AES-256-GCM key: HMAC-SHA-256 of a fixed label under APP_HMAC_SECRET (one key per purpose). */
function sealingKey(appSecret: string): Promise<CryptoKey> {
  let key = sealingKeys.get(appSecret);
  if (!key) {
    key = (async () => {
      const master = await crypto.subtle.importKey(
        'raw',
        encoder.encode(appSecret),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      const raw = await crypto.subtle.sign('HMAC', master, encoder.encode('webhook-secret-seal'));
      return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
    })();
    sealingKeys.set(appSecret, key);
  }
  return key;
}

/** `v1.<iv>.<ciphertext>`, base64. */
export async function sealSecret(appSecret: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await sealingKey(appSecret),
    encoder.encode(secret),
  );
  return `${SEALED}.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

export async function openSecret(appSecret: string, sealed: string): Promise<string> {
  const [version, iv, data] = sealed.split('.');
  if (version !== SEALED || !iv || !data) throw new Error('unknown sealed secret format');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv) },
    await sealingKey(appSecret),
    fromBase64(data),
  );
  return new TextDecoder().decode(plain);
}

/** `webhook-signature`: `v1,` and base64 HMAC-SHA-256 of `id.timestamp.body` under the secret's bytes. */
export async function signPayload(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    fromBase64(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}
