/** Resend's error body: `{ statusCode, name, message }`. */
export interface ResendError {
  statusCode: number;
  name: string;
  message: string;
}

/** An outgoing email as the sink keeps it, after Resend-style validation. */
export interface OutgoingEmail {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  tags: { name: string; value: string }[];
  scheduledAt: string | null;
}

/** What the mail sink keeps of a sent email. */
export interface SinkMessage extends OutgoingEmail {
  id: string;
  /** ISO 8601. */
  createdAt: string;
  idempotencyKey: string | null;
}

export type Validated = { email: OutgoingEmail } | { error: ResendError };

const MAX_RECIPIENTS = 50;
const ADDRESS = String.raw`[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[A-Za-z0-9-]{2,}`;
// "email@example.com" or "Name <email@example.com>", the two forms Resend accepts.
const ADDRESS_FORMS = new RegExp(`^(?:${ADDRESS}|(?:"[^"]*"|[^<>"])*<${ADDRESS}>)$`);

/** Builds an error body the way Resend shapes it. */
export function resendError(statusCode: number, name: string, message: string): ResendError {
  return { statusCode, name, message };
}

function missing(field: string): { error: ResendError } {
  return { error: resendError(422, 'missing_required_field', `Missing \`${field}\` field.`) };
}

function invalid(field: string, why: string): { error: ResendError } {
  return { error: resendError(422, 'validation_error', `Invalid \`${field}\` field. ${why}`) };
}

const ADDRESS_HINT =
  'The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.';

/** Normalises a string-or-array address field into a list, or the error to answer with. */
function addresses(value: unknown, field: string): string[] | { error: ResendError } {
  if (value === undefined || value === null) return [];
  const list: string[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    if (typeof item !== 'string' || !ADDRESS_FORMS.test(item.trim())) {
      return invalid(field, ADDRESS_HINT);
    }
    list.push(item.trim());
  }
  return list;
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Checks one email body the way POST /emails does, using the API's snake_case fields. */
export function validateEmail(body: unknown): Validated {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { error: resendError(422, 'validation_error', 'The email must be a JSON object.') };
  }
  const email = body as Record<string, unknown>;
  if (isBlank(email.from)) return missing('from');
  if (isBlank(email.to)) return missing('to');
  if (isBlank(email.subject)) return missing('subject');
  if (typeof email.subject !== 'string') return invalid('subject', 'It must be a string.');

  const from = addresses(email.from, 'from');
  if ('error' in from) return from;
  if (from.length !== 1 || from[0] === undefined) {
    return invalid('from', 'Exactly one sender is allowed.');
  }
  const fields = { to: email.to, cc: email.cc, bcc: email.bcc, reply_to: email.reply_to };
  const parsed: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(fields)) {
    const list = addresses(value, field);
    if ('error' in list) return list;
    if (list.length > MAX_RECIPIENTS) {
      return invalid(field, `At most ${MAX_RECIPIENTS} recipients are allowed.`);
    }
    parsed[field] = list;
  }

  return {
    email: {
      from: from[0],
      to: parsed.to ?? [],
      cc: parsed.cc ?? [],
      bcc: parsed.bcc ?? [],
      replyTo: parsed.reply_to ?? [],
      subject: email.subject,
      html: optionalString(email.html),
      text: optionalString(email.text),
      headers: stringRecord(email.headers),
      tags: Array.isArray(email.tags) ? email.tags.filter(isTag) : [],
      scheduledAt: optionalString(email.scheduled_at),
    },
  };
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function isTag(value: unknown): value is { name: string; value: string } {
  if (typeof value !== 'object' || value === null) return false;
  const tag = value as Record<string, unknown>;
  return typeof tag.name === 'string' && typeof tag.value === 'string';
}
