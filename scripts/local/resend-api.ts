import type { IncomingMessage } from 'node:http';
import { header, parseJson, readBody } from './http-server';
import {
  type OutgoingEmail,
  type ResendError,
  resendError,
  type SinkMessage,
  validateEmail,
} from './resend-emails';

export type Reply = [status: number, body: unknown];

/** Where accepted emails go. */
export interface Outbox {
  store(email: OutgoingEmail, idempotencyKey: string | null): string;
  find(id: string): SinkMessage | undefined;
}

const MAX_BODY_BYTES = 40 * 1024 * 1024;
const MAX_BATCH = 100;

/**
 * The part of Resend's HTTP API the `resend` SDK uses for mail: POST /emails,
 * POST /emails/batch and GET /emails/:id, with Resend's auth, validation and
 * idempotency rules and its `{ statusCode, name, message }` errors.
 */
export function createResendApi(outbox: Outbox) {
  const replays = new Map<string, { fingerprint: string; reply: Reply }>();

  const sendOne = (body: unknown, key: string | null): Reply => {
    const checked = validateEmail(body);
    if ('error' in checked) return errorReply(checked.error);
    return [200, { id: outbox.store(checked.email, key) }];
  };

  const sendBatch = (body: unknown, key: string | null, permissive: boolean): Reply => {
    if (!Array.isArray(body) || body.length === 0 || body.length > MAX_BATCH) {
      return fail(
        422,
        'validation_error',
        `The batch must be an array of 1 to ${MAX_BATCH} emails.`,
      );
    }
    const checked = body.map(validateEmail);
    const failures = checked.flatMap((c, index) =>
      'error' in c ? [{ index, error: c.error }] : [],
    );
    // Strict validation (the SDK's default) refuses the whole batch for one bad email.
    if (!permissive && failures[0]) return errorReply(failures[0].error);
    const data = checked.flatMap((c) => ('email' in c ? [{ id: outbox.store(c.email, key) }] : []));
    if (!permissive) return [200, { data }];
    return [
      200,
      { data, errors: failures.map(({ index, error }) => ({ index, message: error.message })) },
    ];
  };

  // A repeated key with the same payload replays the first answer and sends nothing;
  // the same key with another payload is a conflict.
  const idempotent = (key: string | null, fingerprint: string, produce: () => Reply): Reply => {
    if (key === null) return produce();
    if (key.length < 1 || key.length > 256) {
      return fail(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
    }
    const seen = replays.get(key);
    if (seen?.fingerprint === fingerprint) return seen.reply;
    if (seen) {
      const message = 'Same idempotency key used with a different request payload.';
      return fail(409, 'invalid_idempotent_request', message);
    }
    const reply = produce();
    if (reply[0] === 200) replays.set(key, { fingerprint, reply });
    return reply;
  };

  const handle = async (req: IncomingMessage, path: string): Promise<Reply> => {
    const apiKey = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '')?.[1];
    if (!apiKey) {
      return fail(401, 'missing_api_key', 'Missing API key in the authorization header.');
    }
    if (!apiKey.startsWith('re_')) return fail(403, 'invalid_api_key', 'API key is invalid.');

    const emailId = /^\/emails\/([^/]+)$/.exec(path)?.[1];
    if (req.method === 'GET' && emailId !== undefined && emailId !== 'batch') {
      const found = outbox.find(decodeURIComponent(emailId));
      return found ? [200, toResendEmail(found)] : fail(404, 'not_found', 'Email not found.');
    }
    if (path !== '/emails' && path !== '/emails/batch') {
      return fail(404, 'not_found', 'The requested endpoint does not exist.');
    }
    if (req.method !== 'POST') {
      return fail(405, 'method_not_allowed', 'Method is not allowed for the requested path.');
    }
    const body = parseJson(await readBody(req, MAX_BODY_BYTES));
    if (body === undefined) return fail(400, 'validation_error', 'Invalid JSON body.');
    const key = header(req, 'idempotency-key') ?? null;
    const permissive = header(req, 'x-batch-validation') === 'permissive';
    return idempotent(key, `${path}\n${JSON.stringify(body)}`, () =>
      path === '/emails' ? sendOne(body, key) : sendBatch(body, key, permissive),
    );
  };

  return { handle, forgetIdempotencyKeys: () => replays.clear() };
}

function errorReply(error: ResendError): Reply {
  return [error.statusCode, error];
}

function fail(statusCode: number, name: string, message: string): Reply {
  return errorReply(resendError(statusCode, name, message));
}

/** The shape of Resend's GET /emails/:id. */
function toResendEmail(m: SinkMessage) {
  return {
    object: 'email',
    id: m.id,
    to: m.to,
    from: m.from,
    created_at: m.createdAt,
    subject: m.subject,
    html: m.html,
    text: m.text,
    cc: m.cc,
    bcc: m.bcc,
    reply_to: m.replyTo,
    last_event: 'delivered',
    scheduled_at: m.scheduledAt,
    tags: m.tags,
  };
}
