import type { Services } from '../../app-env';
import { deliverEmails } from './outbox';

/** Delivers freshly queued emails after the response, so the caller never waits on the provider. */
export function deliverAfterResponse(services: Services, ids: Array<{ id: string }>) {
  const { database, mailer, config } = services;
  services.defer(
    deliverEmails(
      database.db,
      mailer,
      config.MAIL_FROM,
      ids.map((r) => r.id),
    ),
  );
}
