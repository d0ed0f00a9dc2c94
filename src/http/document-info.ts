/** What both OpenAPI documents say of themselves, besides their own title and guide. */

// OpenAPI 3.1 names a license by SPDX identifier; this code is not published under one.
export const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

/** A document's servers: the origin serving it, and `npm run dev` on the reader's machine. */
export const serversOf = (base: string) => [
  { url: base, description: 'This deployment (the origin serving this document)' },
  { url: `http://127.0.0.1:8787${base}`, description: '`npm run dev` on your machine' },
];

/** A tag of a document: one per module, shown in the reference under its display name. */
export type DocumentTag = { name: string; 'x-displayName': string; description: string };
