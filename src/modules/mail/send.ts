import type { Services } from '../../app-env';
import { deliverEmails, type OutboxDeps } from './outbox';

/** The outbox's dependencies, taken from a request's (or a scheduled run's) services. */
export const outboxDeps = (services: Services): OutboxDeps => ({
  db: services.database.db,
  mailer: services.mailer,
  from: services.config.MAIL_FROM,
  log: services.log,
});

/** Delivers freshly queued emails after the response, so the caller never waits on the provider. */
export function sendEmailsAfterResponse(services: Services, ids: Array<{ id: string }>) {
  services.defer(
    deliverEmails(
      outboxDeps(services),
      ids.map((r) => r.id),
    ),
  );
}
