/**
 * The query keys of the resources several areas read (TanStack Query): the session, media,
 * the category tree, API keys, the newsletter's settings and the lists the shared resource
 * screen pages. Each area keeps its own
 * resources' keys in its queries.ts; a key is written nowhere else.
 */

/** Who is signed in (`GET /me`). */
export const sessionKeys = {
  me: () => ['me'] as const,
};

/** An uploaded file's record (`GET /media/{id}`): its URL and alt text. */
export const mediaKeys = {
  detail: (id: string | null | undefined) => ['media', id] as const,
  /** The media library as the rich-text editor's image picker lists it. */
  picker: () => ['media', 'picker'] as const,
};

/** Categories: the whole tree (the pickers and the list) and one category. */
export const categoryKeys = {
  all: () => ['categories'] as const,
  tree: () => ['categories', 'tree'] as const,
  detail: (id: string | null) => ['categories', 'detail', id] as const,
};

/** A list the shared resource screen pages (components/resource.tsx), by its API path. */
export const resourceKeys = {
  list: (path: string) => ['resource', path] as const,
};

/** API keys (`GET /keys`): the developers' list, and a member's keys in the staff screen. */
export const apiKeyKeys = {
  all: () => ['keys'] as const,
  every: () => ['keys', 'all'] as const,
};

/** The newsletter's settings (its subscriber cap), edited from the settings screen. */
export const newsletterKeys = {
  settings: () => ['newsletter', 'settings'] as const,
};
