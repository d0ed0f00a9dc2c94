/** What both ways of signing in (the emailed code, the order email's link) share. */
import { apiClient, visitorAddressOf } from './api';
import type { ThemeContext } from './env';
import { deviceId } from './session';

/** A client for a sign-in call: the visitor's address and this browser's device id, no token yet. */
export const signInClient = (c: ThemeContext) =>
  apiClient(c.env, { visitor: visitorAddressOf(c.req.raw), deviceId: deviceId(c) });

/** The token a sign-in answer carries, wherever the answer puts it. */
export const tokenOf = (data: unknown) => {
  const d = data as { token?: string; data?: { token?: string } } | undefined;
  return d?.token ?? d?.data?.token ?? null;
};
