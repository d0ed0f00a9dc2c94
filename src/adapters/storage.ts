import type { Logger } from '../lib/log';

/** An object read from storage. */
export type StoredObject = {
  body: ReadableStream;
  size: number;
  contentType: string | undefined;
  etag: string;
};

/** Port: the object store holding media and digital files. */
export interface Storage {
  /** The object, or with `range` only those bytes of it. */
  get(key: string, range?: { offset: number; length: number }): Promise<StoredObject | null>;
  put(key: string, body: ArrayBuffer | Uint8Array | string, contentType: string): Promise<void>;
  /** Removes an object; removing one that is not there is no error. */
  delete(key: string): Promise<void>;
}

/** Cloudflare R2 (miniflare's R2 locally). */
export function createR2Storage(bucket: R2Bucket): Storage {
  return {
    async get(key, range) {
      const object = await bucket.get(key, range ? { range } : {});
      if (!object) return null;
      return {
        body: object.body,
        size: object.size,
        contentType: object.httpMetadata?.contentType,
        etag: object.httpEtag,
      };
    },
    async put(key, body, contentType) {
      await bucket.put(key, body, { httpMetadata: { contentType } });
    },
    async delete(key) {
      await bucket.delete(key);
    },
  };
}

/**
 * Runs a write that puts an object at `key` and commits the row naming it. If anything fails
 * (the insert, the put, the audit, the commit), the object is removed, so no object is left
 * that no committed row names. Keys are new for each upload, so no other row names it.
 */
export async function keepOnlyIfCommitted<T>(
  storage: Storage,
  log: Logger,
  key: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await storage.delete(key).catch((e: unknown) => {
      log.error('an uncommitted upload could not be removed', { key, error: String(e) });
    });
    throw error;
  }
}

/**
 * Removes the object at `key` whose row a write has deleted. Give it to the write's
 * `afterCommit`, like every effect of a write: it runs only once the deletion has committed
 * (a failure then leaves an object no row names, never a row naming a missing object) and
 * never on a rollback or an Idempotency-Key replay. A failure is logged, not thrown: the
 * delete has happened.
 */
export async function removeDeletedObject(
  storage: Storage,
  log: Logger,
  key: string,
  failure: { message: string; id: string },
): Promise<void> {
  await storage.delete(key).catch((e: unknown) => {
    log.error(failure.message, { id: failure.id, error: String(e) });
  });
}
