/** An object read from storage. */
export type StoredObject = {
  body: ReadableStream;
  size: number;
  contentType: string | undefined;
  etag: string;
};

/** Port: the object store holding media and digital files. */
export interface Storage {
  get(key: string): Promise<StoredObject | null>;
  put(key: string, body: ArrayBuffer | string, contentType: string): Promise<void>;
}

/** Cloudflare R2 (miniflare's R2 locally). */
export function createR2Storage(bucket: R2Bucket): Storage {
  return {
    async get(key) {
      const object = await bucket.get(key);
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
  };
}
