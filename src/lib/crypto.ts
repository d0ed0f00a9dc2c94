const encoder = new TextEncoder();

/** Each byte's two hex digits, made once: a digest is written by lookups, not formatting. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

const toHex = (buffer: ArrayBuffer) => {
  let hex = '';
  for (const b of new Uint8Array(buffer)) hex += HEX[b];
  return hex;
};

/** SHA-256 of a string, as lower-case hex. */
export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(value)));
}

/** SHA-256 of some bytes, as lower-case hex (an upload's digest). */
export async function sha256HexOfBytes(bytes: Uint8Array): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();
const hmacKey = (secret: string) => {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    hmacKeys.set(secret, key);
  }
  return key;
};

/**
 * HMAC-SHA-256 as hex. `purpose` separates domains, so a MAC made for one use
 * (a sign-in code) is never valid for another (a newsletter link).
 */
export async function hmacHex(secret: string, purpose: string, value: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret),
    encoder.encode(`${purpose}\n${value}`),
  );
  return toHex(mac);
}

/** Compares two strings in time independent of where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let diff = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  }
  return diff === 0;
}

/** `bytes` random bytes from the platform CSPRNG, as base64url. */
export function randomToken(bytes = 32): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...buffer))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}
