import type { WriteScope } from '../../admin-kit/write';
import type { Services } from '../../app-env';
import {
  deliverEmails,
  deliverPending,
  type OutboxDeps,
  type PendingEmail,
  type QueuedEmail,
  queueEmailsIn,
} from './outbox';

/** The outbox's dependencies, taken from a request's (or a scheduled run's) services. */
export const outboxDeps = (services: Services): OutboxDeps => ({
  db: services.database.db,
  mailer: services.mailer,
  from: services.config.MAIL_FROM,
  log: services.log,
});

/**
 * Delivers freshly queued emails after the response, on a database of its own
 * (Services.afterResponse), so the caller never waits on the provider.
 */
export function sendEmailsAfterResponse(services: Services, ids: Array<{ id: string }>) {
  services.afterResponse((db) =>
    deliverEmails(
      { ...outboxDeps(services), db },
      ids.map((r) => r.id),
    ),
  );
}

/**
 * Delivers emails a statement has just queued, from the rows it returned, after the
 * response: nothing is read back first.
 */
export function sendPendingAfterResponse(services: Services, rows: PendingEmail[]) {
  if (rows.length === 0) return;
  services.afterResponse((db) => deliverPending({ ...outboxDeps(services), db }, rows));
}

/** Queues emails in a merchant write's transaction and delivers them once it has committed. */
export async function emailAfterCommit(
  w: Pick<WriteScope, 'tx' | 'services' | 'afterCommit'>,
  emails: QueuedEmail[],
): Promise<void> {
  const queued = await queueEmailsIn(w.tx, emails);
  if (queued.length > 0) w.afterCommit(() => sendEmailsAfterResponse(w.services, queued));
}
