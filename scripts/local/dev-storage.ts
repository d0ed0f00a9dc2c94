import { Miniflare } from 'miniflare';

export type StorageObject = { key: string; contentType: string; body: Uint8Array | string };

/** The R2 bucket name in wrangler.toml; local persistence is keyed by it. */
const BUCKET_NAME = 'storefront-storage';

/**
 * Writes objects into the local R2 that `wrangler dev --persist-to <dir>` serves, through
 * Miniflare's own R2 implementation, so the worker finds them exactly as in R2.
 */
export async function writeLocalObjects(
  persistTo: string,
  objects: StorageObject[],
): Promise<void> {
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }); } }',
    r2Buckets: { STORAGE: BUCKET_NAME },
    r2Persist: `${persistTo}/v3/r2`,
  });
  try {
    const bucket = await mf.getR2Bucket('STORAGE');
    for (const object of objects) {
      await bucket.put(object.key, object.body, {
        httpMetadata: { contentType: object.contentType },
      });
    }
  } finally {
    await mf.dispose();
  }
}
