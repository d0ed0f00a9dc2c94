/**
 * Who made a change (an audit entry's `performed_by`), named as the API names them: a member
 * by name with their email beside it, a key by its name, the command line as such.
 */
import type { Schema } from '../api/client';

type By = Schema<'AuditActor'>;

/** The words for who made a change, in one line of text (for tables and timelines). */
export function performerText(by: By): string {
  const gone = by.removed ? (by.type === 'key' ? ' (revoked)' : ' (no longer a member)') : '';
  return `${by.name}${gone}`;
}

export function Performer({ by }: { by: By }) {
  return (
    <span className="performer">
      {performerText(by)}
      {by.email && by.email !== by.name ? <span className="muted"> · {by.email}</span> : null}
    </span>
  );
}
