/**
 * The body of a request or a response, read while it streams and abandoned as soon as it
 * passes `maxBytes`: a larger declared `Content-Length` is refused before reading anything,
 * and a body without one (or lying about it) is read only up to the limit. `tooLarge` makes
 * the error thrown either way (an upload's coded 413 naming its limit, an outbound fetch's
 * `too-large` failure).
 */
export async function readStreamCapped(
  message: { body: ReadableStream<Uint8Array> | null; headers: Headers },
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  if (Number(message.headers.get('content-length')) > maxBytes) {
    await message.body?.cancel();
    throw tooLarge();
  }
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
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
