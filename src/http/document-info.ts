/** What both OpenAPI documents say of themselves, besides their own title and guide. */

// OpenAPI 3.1 names a license by SPDX identifier; this code is not published under one.
export const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

/**
 * A document's servers: only the origin serving it (a relative URL), so a deployment's document
 * names that deployment, and the one `npm run dev` serves names the local server.
 */
export const serversOf = (base: string) => [
  { url: base, description: 'This deployment (the origin serving this document)' },
];

/** A tag of a document: one per module, shown in the reference under its display name. */
export type DocumentTag = { name: string; 'x-displayName': string; description: string };
