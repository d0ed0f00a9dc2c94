/**
 * What the dashboard benchmarks share: `npm run dev` started as the browser journeys start it
 * (fresh data directory, free ports), and a staff member of the demo shop signed in the way
 * an invited person is: the owner's tool invites them through the merchant API, the emailed
 * link is read from the mail sink and accepted, and the session cookie it sets is kept.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { DEMO_MERCHANT_KEY } from '../../scripts/seed/keys';
import { type DevStack, startDevStack } from '../../test/browser/helpers/stack';

export type { DevStack };
export { startDevStack };

async function merchant<T>(stack: DevStack, path: string, init: RequestInit = {}) {
  const res = await fetch(`${stack.origin}/admin/api/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${DEMO_MERCHANT_KEY}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function inviteLink(stack: DevStack, email: string, since: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const body = (await (await fetch(`${stack.mailOrigin}/api/emails`)).json()) as
      | { to: string[]; text: string | null; html: string | null; createdAt: string }[]
      | { data: { to: string[]; text: string | null; html: string | null; createdAt: string }[] };
    const mails = Array.isArray(body) ? body : body.data;
    for (const m of mails) {
      if (!m.to.includes(email) || Date.parse(m.createdAt) < since - 1000) continue;
      const link = /https?:\/\/\S+\/admin\/invite\?token=[^\s"<]+/.exec(m.text ?? m.html ?? '');
      if (link) return link[0];
    }
    await delay(200);
  }
  throw new Error(`no invite link reached ${email}`);
}

/**
 * Signs `page` in as a new member of the demo shop with the preset role `role`: the link of
 * the emailed invite accepted with the call the invite page makes, so the browser keeps the
 * session cookie. Answers the member's email.
 */
export async function signInStaff(stack: DevStack, page: Page, role = 'admin'): Promise<string> {
  const roles = await merchant<{ data: { id: string; key: string | null }[] }>(
    stack,
    '/roles?limit=100',
  );
  const roleId = roles.data.find((r) => r.key === role)?.id;
  if (!roleId) throw new Error(`no preset role ${role}`);
  const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
  const since = Date.now();
  await merchant(stack, '/invites', {
    method: 'POST',
    body: JSON.stringify({ email, role_id: roleId }),
    headers: { 'idempotency-key': randomUUID() },
  });
  const token = new URL(await inviteLink(stack, email, since)).searchParams.get('token');
  await page.goto(`${stack.origin}/admin/sign-in`);
  const status = await page.evaluate(
    async (token) =>
      (
        await fetch('/admin/api/v1/invites/accept', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token, name: 'Bench Member' }),
        })
      ).status,
    token,
  );
  if (status !== 200) throw new Error(`accepting the invite to ${email}: ${status}`);
  return email;
}

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
