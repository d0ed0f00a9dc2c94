import { expect } from 'vitest';
import { client } from '../helpers/api';
import { codeOf, waitForEmail } from '../helpers/mail';

/** A fresh client IP, so tests do not share the per-IP sign-in limit. */
export const freshIp = () =>
  `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 254) + 1}`;

export const uniqueEmail = (label = 'shopper') => `${label}-${crypto.randomUUID()}@example.test`;

/** POST /auth from a fresh IP; on success also reads the emailed code. */
export async function requestCode(apiKey: string, email: string, deviceId = 'device-1') {
  const res = await client(apiKey).post(
    '/auth',
    { email },
    { headers: { 'cf-connecting-ip': freshIp(), 'x-device-id': deviceId } },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mail = await waitForEmail(email, (m) => m.text.includes('sign-in code'));
  return { id: res.body.data.id as string, code: codeOf(mail), res, mail };
}

/** POST /auth/verify with the given device id, from an address of its own (per-network limit). */
export const verify = (apiKey: string, body: Record<string, unknown>, deviceId = 'device-1') =>
  client(apiKey).post('/auth/verify', body, {
    headers: { 'x-device-id': deviceId, 'cf-connecting-ip': freshIp() },
  });
