import { inject } from 'vitest';

/** An email as the local mail sink lists it. */
export type SinkEmail = {
  id: string;
  to: string[];
  from: string;
  subject: string;
  html: string;
  text: string;
  createdAt: string;
};

/** Every email the sink holds, newest first. */
export async function listEmails(): Promise<SinkEmail[]> {
  const response = await fetch(`${inject('mailSinkUrl')}/api/emails`);
  if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
  return (await response.json()) as SinkEmail[];
}

/**
 * The newest email to `to` matching `predicate`. Delivery happens after the response
 * (waitUntil), so this polls the sink for up to `timeoutMs`.
 */
export async function waitForEmail(
  to: string,
  predicate: (email: SinkEmail) => boolean = () => true,
  // A guard against a hang, not a measure: a busy machine may take long to send it.
  timeoutMs = 60_000,
): Promise<SinkEmail> {
  const deadline = Date.now() + timeoutMs;
  const address = to.toLowerCase();
  for (;;) {
    const found = (await listEmails()).find(
      (email) => email.to.some((t) => t.toLowerCase() === address) && predicate(email),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The 6-digit sign-in code of an email. */
export function codeOf(email: SinkEmail): string {
  const match = /\b(\d{6})\b/.exec(email.text);
  if (!match?.[1]) throw new Error(`no code in email "${email.subject}"`);
  return match[1];
}
