import { Resend } from 'resend';

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

/** Resend over its REST API; `baseUrl` points it at a local sink in development. */
export function createResendMailer(apiKey: string, baseUrl?: string): Mailer {
  const resend = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  return {
    async send(email) {
      const { data, error } = await resend.emails.send(
        {
          from: email.from,
          to: [email.to],
          subject: email.subject,
          html: email.html,
          text: email.text,
        },
        { idempotencyKey: email.idempotencyKey, signal: AbortSignal.timeout(MAIL_TIMEOUT_MS) },
      );
      if (error || !data) throw new Error(`mail provider refused: ${error?.message ?? 'no id'}`);
      return { id: data.id };
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
