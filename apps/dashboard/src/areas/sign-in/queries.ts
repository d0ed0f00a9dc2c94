/** The query keys of an invite, by its token. */
export const inviteKeys = {
  detail: (token: string) => ['invite', token] as const,
};
