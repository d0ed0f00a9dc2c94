import type { Context } from 'hono';

/**
 * Reads a request's raw body, at most `maxBytes`: a larger `Content-Length` is refused before
 * reading anything, and a body without one is read only up to the limit. `tooLarge` makes
 * the error thrown either way (the caller's coded 413 naming its limit).
 */
export async function readBodyCapped(
  c: Context,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
