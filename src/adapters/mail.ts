export type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Makes a retried delivery of the same outbox row a no-op at the provider. */
  idempotencyKey: string;
};

/** Port: hands one email to the delivery provider and returns its id. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<{ id: string }>;
}

/**
 * The longest one delivery may take. Emails go out after the response and a failed one is
 * retried by the cron with the same idempotency key, so a slow provider delays, never doubles.
 */
export const MAIL_TIMEOUT_MS = 5_000;

/** Resend's API; `createResendMailer`'s `baseUrl` points it at a local sink in development. */
export const RESEND_API_BASE = 'https://api.resend.com';

type ResendReply = { id?: unknown; message?: unknown; name?: unknown };

/**
 * Resend over its REST API (`POST /emails`, with its Idempotency-Key header), called with
 * fetch: the worker only sends, and the SDK would add an inbound-MIME parser to every bundle.
 * Any answer without an email id, a refusal or a network failure, throws: the outbox retries.
 */
export function createResendMailer(apiKey: string, baseUrl = RESEND_API_BASE): Mailer {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/emails`;
  return {
    async send(email) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': email.idempotencyKey,
        },
        body: JSON.stringify({
          from: email.from,
          to: [email.to],
          subject: email.subject,
          html: email.html,
          text: email.text,
        }),
        signal: AbortSignal.timeout(MAIL_TIMEOUT_MS),
      });
      const reply = (await response.json().catch(() => null)) as ResendReply | null;
      if (response.ok && typeof reply?.id === 'string') return { id: reply.id };
      const reason = typeof reply?.message === 'string' ? reply.message : 'no id';
      throw new Error(`mail provider refused (${response.status}): ${reason}`);
    },
  };
}

/** Keeps sent mail in memory; for unit tests of code that sends mail. */
export function createMemoryMailer(): Mailer & { sent: OutgoingEmail[] } {
  const sent: OutgoingEmail[] = [];
  return {
    sent,
    async send(email) {
      sent.push(email);
      return { id: `memory-${sent.length}` };
    },
  };
}
