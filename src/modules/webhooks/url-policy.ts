/**
 * Which URLs a webhook may be sent to: the destination rule every outbound fetch follows
 * (src/lib/outbound.ts), with webhooks' own refusal of redirects at delivery.
 */
import { destinationRefusal } from '../../lib/outbound';

/** Why `raw` may not receive webhooks, or null when it may. */
export const webhookUrlRefusal = (raw: string, allowLoopback: boolean): string | null =>
  destinationRefusal(raw, { allowLoopback });
