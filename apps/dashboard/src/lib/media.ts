import { api, unwrap } from '../api/client';

/** Uploads an image the merchant picked or dropped; its alt text starts as its file name. */
export const uploadImage = (file: File) =>
  unwrap(
    api.POST('/media', {
      params: { query: { filename: file.name, alt: file.name.replace(/\.[^.]+$/, '') } },
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    }),
  );
